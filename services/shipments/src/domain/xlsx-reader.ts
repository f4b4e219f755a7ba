// Reading an XLSX workbook as it is handed over piece by piece: the first worksheet's rows, one at a time, as text records
// (domain/spreadsheet.ts). ExcelJS's streaming reader keeps the shared strings and styles, never the sheet.
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { MAX_CSV_FIELDS } from './csv-reader.ts';
import { rowRecord } from './spreadsheet.ts';

export class XlsxFormatError extends Error {}

export interface SheetRow {
  /** the row's number as the spreadsheet shows it (the header is row 1) */
  rowNumber: number;
  record: string[];
}

/** The first worksheet's rows of the workbook whose bytes `pieces` yields, in order. */
export async function* xlsxRows(pieces: AsyncIterable<Buffer>): AsyncGenerator<SheetRow> {
  // a failure to read the stored pieces (the database) is the job's to retry, not a fault of the file
  let sourceError: unknown;
  const source = Readable.from(
    (async function* () {
      try {
        yield* pieces;
      } catch (error) {
        sourceError = error;
        throw error;
      }
    })(),
  );
  // loaded with the first workbook: ExcelJS alone took about 0.45 s of CPU to load, at every start of the
  // service and in every test file importing it, where most never read a workbook
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    // styles tell a date from a number
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells = row.values as unknown[];
        if (cells.length - 1 > MAX_CSV_FIELDS)
          throw new XlsxFormatError(`Row ${row.number} has more than ${MAX_CSV_FIELDS} values.`);
        yield { rowNumber: row.number, record: rowRecord(cells) };
      }
      // the first worksheet only: a workbook's other sheets are notes, lists or pivots, not shipments
      return;
    }
  } catch (error) {
    if (sourceError !== undefined) throw sourceError;
    if (error instanceof XlsxFormatError) throw error;
    throw new XlsxFormatError(error instanceof Error ? error.message.slice(0, 200) : 'unreadable workbook');
  } finally {
    source.destroy();
  }
}
