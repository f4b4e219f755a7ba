// The table pager (000 §4, §5, §9), one for every list that pages: its query schema here, its clamp in the
// catalogue (pageOf). A page below 1 is page 1, a page size below 10 or missing is 100, and a size over the
// list's largest page is that page. It clamps, never refuses: the query schema states no minimum, so
// `page=0` and `pageSize=0` reach the clamp instead of answering 400.
import {
  DEFAULT_PAGER_PAGE_SIZE,
  PAGER_MIN_PAGE,
  PAGER_MIN_PAGE_SIZE,
  pageOf,
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

/** The page asked for, clamped (the catalogue's, shared with the screens' pager). */
export { pageOf };
