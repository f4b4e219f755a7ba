// The carriers service's CSV files (the carrier list's export): 000 §5's CSV export helper — UTF-8 with a
// byte-order mark, a header row first, rows ending CRLF, empty values blank, commas inside values as spaces —
// with every other value quoted as RFC 4180 says (double quotes around it, a double quote inside doubled).
// Pure.
//
// Ours, beyond the spec:
// - Line breaks inside a value become spaces, as in the shipments service's export: a row is one line.
// - A value a spreadsheet would run as a formula (=, +, -, @ or a tab first) gets a leading apostrophe,
//   inside its quotes ("'=HYPERLINK(…)"), whatever follows: these files hold names and numbers as text.
// The shipments service's helper (services/shipments/src/domain/csv.ts) writes the same files without the
// quotes; a service's image holds only the platform and itself, so it cannot be imported from here.
import {
  CSV_BYTE_ORDER_MARK,
  CSV_COMMA_REPLACEMENT,
  CSV_FILE_EXTENSION,
  CSV_LINE_ENDING,
} from '@loadline/contracts/catalogue';

export type CsvValue = string | number | null | undefined;

/** One value as a CSV field: blank when empty, else quoted (see the rules at the top). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  let text = String(value)
    .replace(/,/g, CSV_COMMA_REPLACEMENT)
    .replace(/\r\n|[\r\n]/g, ' ');
  if (text === '') return '';
  if (/^[=+\-@\t]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The whole file: the byte-order mark, the header row, then each row; every row ends CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return (
    CSV_BYTE_ORDER_MARK +
    [header, ...rows].map((row) => row.map(csvField).join(',') + CSV_LINE_ENDING).join('')
  );
}

/** The carrier list's file name (000 §5: it ends .csv). */
export const carrierListCsvFileName = `carriers${CSV_FILE_EXTENSION}`;
