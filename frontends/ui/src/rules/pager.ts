// The table pager's rules (000 §4, §5, §9), for every paged table (the shipment grid, the carrier list): the
// current page clamps to at least 1; the pager shows up to 4 pages before and 5 after the current one. Pure.

import { PAGER_MIN_PAGE, PAGER_PAGES_AFTER, PAGER_PAGES_BEFORE } from '@loadline/contracts';

export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(PAGER_MIN_PAGE, Math.ceil(Math.max(0, totalCount) / Math.max(1, pageSize)));
}

export function clampPage(page: number, pages: number): number {
  const whole = Number.isFinite(page) ? Math.floor(page) : PAGER_MIN_PAGE;
  return Math.min(Math.max(PAGER_MIN_PAGE, whole), Math.max(PAGER_MIN_PAGE, pages));
}

/** The page numbers the pager shows around `current`. */
export function pagerPages(current: number, pages: number): number[] {
  const at = clampPage(current, pages);
  const first = Math.max(PAGER_MIN_PAGE, at - PAGER_PAGES_BEFORE);
  const last = Math.min(pages, at + PAGER_PAGES_AFTER);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
