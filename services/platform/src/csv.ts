// The CSV export helper of 000 §5, the one every service's export writes with: commas inside values become
// spaces, empty values are blank, an optional header row goes first, the file is UTF-8 with a byte-order
// mark, rows end CRLF, and the file name gets a .csv extension. Pure (a subpath of its own, so a service's
// domain/ may use it).
//
// Ours, beyond the spec:
// - line breaks inside a value also become spaces: a row is one line;
// - a value holding a double quote is quoted as RFC 4180 says (around it, and each quote inside doubled): with
//   commas and line breaks gone, that is the one thing a reader could split wrongly;
// - a text a spreadsheet would run as a formula (=, +, -, @ or a tab first, and not a number such as -12.5)
//   gets a leading apostrophe.
import {
  CSV_BYTE_ORDER_MARK,
  CSV_COMMA_REPLACEMENT,
  CSV_FILE_EXTENSION,
  CSV_LINE_ENDING,
} from '@loadline/contracts/catalogue';

export type CsvValue = string | number | boolean | null | undefined;

/** One value as a CSV field (the rules above). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value)
    .replace(/,/g, CSV_COMMA_REPLACEMENT)
    .replace(/\r\n|[\r\n]/g, ' ');
  if (/^[=+\-@\t]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return text.includes('"') ? `"${text.replace(/"/g, '""')}"` : text;
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
