// Universal search rules of spec 001 §2, §5, §9 as the box applies them. Pure: no I/O, no React.
// The numbers, routes and kinds are the catalogue's.

import {
  isNumericSearchQuery,
  shouldTriggerShipmentSearch,
  UNIVERSAL_SEARCH_MAX_RESULTS,
  type UniversalSearchKind,
  UniversalSearchResultType,
  UniversalSearchRoutes,
} from '@loadline/contracts';

/**
 * The kinds a query searches (001 §5): nothing until the trimmed query is longer than 3 characters; a
 * numeric query searches shipments (and carriers, by MC or DOT number: decision 0017); any other query also
 * organizations, staff and carriers.
 */
export function searchKindsFor(query: string): UniversalSearchKind[] {
  if (!shouldTriggerShipmentSearch(query)) return [];
  return isNumericSearchQuery(query)
    ? ['shipments', 'carriers']
    : ['shipments', 'organizations', 'staff', 'carriers'];
}

/**
 * Combines the results of each kind searched into at most `max` (12, 001 §9), "reduced proportionally
 * across the kinds searched": each kind gets an equal share (the remainder to the first kinds); a share a
 * kind cannot fill goes to the kinds that have more, in order. Each kind's own order is kept.
 */
export function capProportionally<T>(
  resultsByKind: readonly (readonly T[])[],
  max: number = UNIVERSAL_SEARCH_MAX_RESULTS,
): T[][] {
  const taken = resultsByKind.map(() => 0);
  let left = Math.max(0, Math.floor(max));
  // Hand out one slot per kind per round: equal shares first, then what the short kinds leave.
  while (left > 0) {
    let handed = false;
    for (let i = 0; i < resultsByKind.length && left > 0; i++) {
      if ((taken[i] ?? 0) < (resultsByKind[i]?.length ?? 0)) {
        taken[i] = (taken[i] ?? 0) + 1;
        left--;
        handed = true;
      }
    }
    if (!handed) break;
  }
  return resultsByKind.map((results, i) => results.slice(0, taken[i]));
}

/**
 * Our route for "runs a shipment search by shipmentId" (001 §2, result type 5): the back-office shipment
 * search with the id as its query (docs/decisions: the shipments remote will own that page).
 */
export function shipmentSearchPath(shipmentId: string | number): string {
  return `/back-office/shipment/search?shipmentId=${encodeURIComponent(String(shipmentId))}`;
}

export interface SearchResultRef {
  universalSearchResultType: number;
  organizationId?: string | number | null;
  staffId?: string | number | null;
  shipmentId?: string | number | null;
  carrierMasterId?: string | null;
}

/** Where choosing a result goes (001 §2 table); undefined for the no-result placeholder and unknown types. */
export function universalSearchTarget(result: SearchResultRef): string | undefined {
  const T = UniversalSearchResultType.values;
  const id = (value: string | number | null | undefined) =>
    value === null || value === undefined ? undefined : value;
  switch (result.universalSearchResultType) {
    case T.Customer:
    case T.LSP: {
      const organizationId = id(result.organizationId);
      return organizationId === undefined
        ? undefined
        : UniversalSearchRoutes[result.universalSearchResultType](organizationId);
    }
    case T.CustomerStaff:
    case T.LSPStaff: {
      const staffId = id(result.staffId);
      return staffId === undefined
        ? undefined
        : UniversalSearchRoutes[result.universalSearchResultType](staffId);
    }
    case T.LSPCarrier: {
      const carrierMasterId = id(result.carrierMasterId);
      return carrierMasterId === undefined ? undefined : UniversalSearchRoutes[T.LSPCarrier](carrierMasterId);
    }
    case T.Shipment: {
      const shipmentId = id(result.shipmentId);
      return shipmentId === undefined ? undefined : shipmentSearchPath(shipmentId);
    }
    default:
      return undefined;
  }
}
