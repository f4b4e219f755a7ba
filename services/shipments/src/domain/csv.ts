// The CSV export helper of 000 §5: commas inside values become spaces, empty values are blank, an
// optional header row goes first, the file is UTF-8 with a byte-order mark, rows end CRLF, and the
// file name gets a .csv extension. Dates read MM/DD/YYYY and times HH:mm (000 §5, §9). Pure.
import {
  CSV_BYTE_ORDER_MARK,
  CSV_COMMA_REPLACEMENT,
  CSV_FILE_EXTENSION,
  CSV_LINE_ENDING,
} from '@loadline/contracts/catalogue';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One value as a CSV field. Ours, beyond the spec: line breaks also become spaces (a value cannot
 * end its row), and a text that a spreadsheet would run as a formula (=, +, -, @ first, and not a
 * number) gets a leading apostrophe.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = String(value)
    .replace(/,/g, CSV_COMMA_REPLACEMENT)
    .replace(/\r\n|[\r\n]/g, ' ');
  if (/^[=+\-@]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) return `'${text}`;
  return text;
}

/** The whole file: BOM, the header row when given, then each row, every row ending CRLF. */
export function toCsv(header: readonly string[] | null, rows: readonly (readonly CsvValue[])[]): string {
  const lines = header ? [header, ...rows] : rows;
  return CSV_BYTE_ORDER_MARK + lines.map((row) => row.map(csvField).join(',') + CSV_LINE_ENDING).join('');
}

/** A file name ending .csv, safe in a Content-Disposition header. */
export function csvFileName(name: string): string {
  const safe =
    name
      .replace(/[^\w .()-]/g, '')
      .trim()
      .slice(0, 100) || 'export';
  return safe.toLowerCase().endsWith(CSV_FILE_EXTENSION) ? safe : `${safe}${CSV_FILE_EXTENSION}`;
}

/** 'YYYY-MM-DDTHH:mm:ss' (a wall-clock time at a stop) as 'MM/DD/YYYY HH:mm'. */
export function formatLocalDateTime(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!m) return value;
  const [, y, mo, d, hh, mm] = m;
  return hh === undefined ? `${mo}/${d}/${y}` : `${mo}/${d}/${y} ${hh}:${mm}`;
}

/** An instant (ISO with zone) as 'MM/DD/YYYY HH:mm' in UTC. */
export function formatUtcDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatLocalDateTime(date.toISOString());
}
