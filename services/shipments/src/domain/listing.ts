// The shipment list (GET /api/shipments): paging, sorting and the text search. Pure.
import { DomesticShipmentGridColumn, pageOf } from '@loadline/contracts/catalogue';
import { SHIPMENT_GRID_MAX_PAGE_SIZE } from '@loadline/contracts/rules/shipments';
import type { GridColumnCode } from './grid.ts';

/** Sorting: any grid column with values (002 §3.11); by default the newest shipment first. */
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
  return pageOf(page, pageSize, SHIPMENT_GRID_MAX_PAGE_SIZE);
}

/** The text lowered, with the LIKE wildcards escaped. */
const likeText = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching the text anywhere, with the LIKE wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${likeText(text)}%`;
}

/** A LIKE pattern matching what starts with the text, with the LIKE wildcards escaped. */
export function startsWithPattern(text: string): string {
  return `${likeText(text)}%`;
}

/** A text that is all digits may be a shipment number. */
export function shipmentNumberIn(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d{1,15}$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
