// The table pager (000 §4, §5, §9), one for every list that pages: a page below 1 is page 1, a page size below
// 10 or missing is 100, and a size over the list's largest page is that page. It clamps, never refuses: the
// query schema states no minimum, so `page=0` and `pageSize=0` reach the clamp instead of answering 400.
import {
  DEFAULT_PAGER_PAGE_SIZE,
  effectivePagerPageSize,
  PAGER_MIN_PAGE,
  PAGER_MIN_PAGE_SIZE,
} from '@loadline/contracts/catalogue';
import Type from 'typebox';

/** The pager's query parameters, for a list whose largest page is `maxPageSize`. */
export const pagerQuery = (maxPageSize: number) => ({
  page: Type.Optional(
    Type.Integer({ description: `the page, from ${PAGER_MIN_PAGE}; below it: ${PAGER_MIN_PAGE} (000 §4)` }),
  ),
  pageSize: Type.Optional(
    Type.Integer({
      description: `below ${PAGER_MIN_PAGE_SIZE} or missing: ${DEFAULT_PAGER_PAGE_SIZE} (000 §5, §9); at most ${maxPageSize}`,
    }),
  ),
});

/** The page asked for, clamped (000 §4, §5, §9). */
export function pageOf(
  page: number | undefined,
  pageSize: number | undefined,
  maxPageSize: number,
): { page: number; pageSize: number; offset: number } {
  const p = Math.max(PAGER_MIN_PAGE, Math.floor(page ?? PAGER_MIN_PAGE));
  const size = Math.min(maxPageSize, Math.floor(effectivePagerPageSize(pageSize ?? DEFAULT_PAGER_PAGE_SIZE)));
  return { page: p, pageSize: size, offset: (p - 1) * size };
}
