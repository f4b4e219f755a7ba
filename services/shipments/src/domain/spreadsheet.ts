// An import file's format (001 §2 step 2: CSV or XLSX) and an XLSX cell turned into the text a CSV file would
// hold for it, so both formats go through the same row rules. Pure: the reader hands the cells over.

export type ImportFileFormat = 'csv' | 'xlsx';

/** The format of a file by its name, or null for any other kind of file. */
export function importFileFormat(fileName: string): ImportFileFormat | null {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.xlsx$/i.test(fileName)) return 'xlsx';
  return null;
}

export const unsupportedFileMessage =
  'Upload the file as CSV (.csv) or Excel workbook (.xlsx); save other spreadsheets as one of those first.';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as 001 §9 writes dates (mm/dd/yyyy, 24 h time when the cell has one). Spreadsheets keep wall
 * times without a zone; the reader hands them over as that wall time read as UTC.
 */
function dateText(date: Date): string {
  const day = `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()}`;
  const h = date.getUTCHours();
  const m = date.getUTCMinutes();
  return h === 0 && m === 0 ? day : `${day} ${two(h)}:${two(m)}`;
}

/** A cell's value as text: strings, numbers, dates, booleans, rich text, formula results and hyperlinks. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value);
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text?: string }[];
      result?: unknown;
      formula?: string;
      text?: unknown;
      error?: string;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if (typeof v.error === 'string') return '';
  }
  return '';
}

/** A row's cells (1-based and sparse, as spreadsheets number columns) as the record of a CSV row. */
export function rowRecord(cells: readonly unknown[]): string[] {
  const record: string[] = [];
  for (let i = 1; i < cells.length; i++) record.push(cellText(cells[i]));
  return record;
}
