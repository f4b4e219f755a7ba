// The shipment list (GET /api/shipments): paging, sorting and the text search. Pure.
import { DomesticShipmentGridColumn, pageOf } from '@loadline/contracts/catalogue';
import type { GridColumnCode } from './grid.ts';

/** Ours: the largest page the list answers (the grid asks for 100 by default, 000 §5). */
export const maxPageSize = 1000;

/** Ours: the most rows one CSV export holds (the grid pages; an export takes every matching row up to this). */
export const maxExportRows = 10_000;

/** Sorting: any grid column with values (002 §3.11); by default the newest shipment first. */
export { sortableColumns } from './grid.ts';
export type SortColumn = GridColumnCode;
export const defaultSort: { sortBy: SortColumn; sortDirection: 'asc' | 'desc' } = {
  sortBy: DomesticShipmentGridColumn.byCode.ShipmentId.code,
  sortDirection: 'desc',
};

/** The grid's page, clamped by the one pager (000 §4, §5, §9). */
export function paging(
  page: number | undefined,
  pageSize: number | undefined,
): { page: number; pageSize: number; offset: number } {
  return pageOf(page, pageSize, maxPageSize);
}

/** A LIKE pattern matching the text anywhere, with the LIKE wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A text that is all digits may be a shipment number. */
export function shipmentNumberIn(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d{1,15}$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
