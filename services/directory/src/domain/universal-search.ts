// Universal search rules of spec 001 §2, §3 and §5 that the directory applies to
// organizations and staff. Pure: no I/O. The numbers and result types are the catalogue's.
import {
  isNumericSearchQuery,
  OrganizationType,
  shouldTriggerShipmentSearch,
  UNIVERSAL_SEARCH_MAX_RESULTS,
  UNIVERSAL_SEARCH_TRIGGER_ABOVE_CHARS,
  UniversalSearchResultType,
} from '@loadline/contracts/catalogue';

export const universalSearchMaxResults = UNIVERSAL_SEARCH_MAX_RESULTS;

/** 001 §5: a search starts only for a query longer than 3 characters. */
export const isLongEnough = shouldTriggerShipmentSearch;
export const queryTooShortMessage = `Search text must be longer than ${UNIVERSAL_SEARCH_TRIGGER_ABOVE_CHARS} characters.`;

/** 001 §5: only non-numeric queries search organizations and staff. */
export const isNumericQuery = isNumericSearchQuery;

/** LSP → broker organization (3), Customer → customer organization (1); factors are not search results. */
export function organizationResultType(organizationType: number): number | undefined {
  if (organizationType === OrganizationType.values.LSP) return UniversalSearchResultType.values.LSP;
  if (organizationType === OrganizationType.values.Customer) return UniversalSearchResultType.values.Customer;
  return undefined;
}

export const userResultType = (kind: 'staff' | 'customer'): number =>
  kind === 'staff'
    ? UniversalSearchResultType.values.LSPStaff
    : UniversalSearchResultType.values.CustomerStaff;

/** The organization types universal search returns. */
export const searchableOrganizationTypes = [OrganizationType.values.LSP, OrganizationType.values.Customer];

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export const likePattern = (query: string): string =>
  `%${query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
