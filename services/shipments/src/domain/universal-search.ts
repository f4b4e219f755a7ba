// Universal search over shipments (001 §2, §3, §5, §7: GET /api/universalSearch/shipments): a
// query longer than 3 characters, at most 12 results, each a result of type Shipment (5) that the
// header's search box lists and opens by shipment id. Pure.
//
// Ours: a query of digits names a shipment number (that shipment comes first) and, like any other
// query, finds shipments by the start of a reference value (PO, pro, BOL, driver...): the kind of
// number a customer reads out on the phone.
import {
  isNumericSearchQuery,
  referenceTypeNameOf,
  ShipmentStatus,
  shouldTriggerShipmentSearch,
  UNIVERSAL_SEARCH_MAX_RESULTS,
  UNIVERSAL_SEARCH_TRIGGER_ABOVE_CHARS,
  UniversalSearchResultType,
} from '@loadline/contracts/catalogue';
import { shipmentNumberIn } from './listing.ts';

export const isLongEnough = shouldTriggerShipmentSearch;
/** Ours, as the directory's universal search says it. */
export const queryTooShortMessage = `Search text must be longer than ${UNIVERSAL_SEARCH_TRIGGER_ABOVE_CHARS} characters.`;
export const maxResults = UNIVERSAL_SEARCH_MAX_RESULTS;

/** The shipment number a numeric query names, if any. */
export const shipmentNumberOf = (query: string): number | undefined =>
  isNumericSearchQuery(query) ? shipmentNumberIn(query) : undefined;

/** A LIKE pattern for values starting with the query (wildcards escaped), lower case. */
export const startsWithPattern = (query: string): string =>
  `${query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ShipmentHit {
  shipmentId: number;
  customerOrganizationId: string;
  customerName: string | null;
  status: number;
  /** the reference that matched, when the hit came from one */
  reference: { code: string; value: string } | null;
}

/** The 001 §3 search result: type 5, the shipment's customer, and the line shown. */
export function searchResult(hit: ShipmentHit) {
  const parts = [
    `Shipment ${hit.shipmentId}`,
    ShipmentStatus.nameOf(hit.status) ?? null,
    hit.customerName,
    hit.reference ? `${referenceTypeNameOf(hit.reference.code)} ${hit.reference.value}` : null,
  ].filter((p): p is string => p !== null && p !== '');
  return {
    universalSearchResultType: UniversalSearchResultType.values.Shipment as number,
    organizationId: hit.customerOrganizationId,
    staffId: null,
    shipmentId: String(hit.shipmentId),
    updateStatusText: parts.join(' · '),
  };
}

/** The exact number first, then reference matches, one result per shipment, at most `limit`. */
export function mergeHits(
  exact: ShipmentHit | undefined,
  byReference: readonly ShipmentHit[],
  limit: number,
) {
  const seen = new Set<number>();
  const out: ShipmentHit[] = [];
  for (const hit of [...(exact ? [exact] : []), ...byReference]) {
    if (seen.has(hit.shipmentId)) continue;
    seen.add(hit.shipmentId);
    out.push(hit);
    if (out.length >= limit) break;
  }
  return out;
}
