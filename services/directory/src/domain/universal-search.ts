// Universal search rules of spec 001 §2, §3 and §5 that the directory applies to
// organizations and staff. Pure: no I/O.

/** Search result types (001 §3): 1 customer org, 2 customer staff, 3 broker org, 4 broker staff, 5 shipment, 7 none found. */
export const searchResultType = {
  customerOrganization: 1,
  customerStaff: 2,
  brokerOrganization: 3,
  brokerStaff: 4,
  shipment: 5,
  noResults: 7,
} as const;

/** 001 §9: universal search maxResults 12, triggered above 3 characters. */
export const universalSearchMaxResults = 12;
export const universalSearchMinQueryLength = 4;

export const isLongEnough = (query: string): boolean => query.trim().length >= universalSearchMinQueryLength;

/** 001 §5: only non-numeric queries search organizations and staff. */
export const isNumericQuery = (query: string): boolean => /^\d+$/.test(query.trim());

/** LSP 60 → broker organization, Customer 70 → customer organization; factors are not search results. */
export function organizationResultType(organizationType: number): 1 | 3 | undefined {
  if (organizationType === 60) return searchResultType.brokerOrganization;
  if (organizationType === 70) return searchResultType.customerOrganization;
  return undefined;
}

export const userResultType = (kind: 'staff' | 'customer'): 2 | 4 =>
  kind === 'staff' ? searchResultType.brokerStaff : searchResultType.customerStaff;

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export const likePattern = (query: string): string =>
  `%${query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
