// Universal search over a broker's carriers (001 §1 "find ... carriers ... from one search box", §2 result
// type LSPCarrier, §5, §9; decision 0017): the carriers in the broker's list, by name, SCAC, MC or DOT
// number. A query longer than 3 characters; at most 12 results. Pure.
import {
  BrokerCarrierStatus,
  isNumericSearchQuery,
  shouldTriggerShipmentSearch,
  UNIVERSAL_SEARCH_TRIGGER_ABOVE_CHARS,
  UniversalSearchResultType,
} from '@loadline/contracts/catalogue';

export const isLongEnough = shouldTriggerShipmentSearch;
/** As the directory's and the shipments service's universal search say it. */
export const queryTooShortMessage = `Search text must be longer than ${UNIVERSAL_SEARCH_TRIGGER_ABOVE_CHARS} characters.`;

export interface CarrierHit {
  carrierMasterId: string;
  name: string;
  scac: string | null;
  mcNumber: string | null;
  dotNumber: string | null;
  status: number;
}

/**
 * What a query matches: any query the name (anywhere) and the SCAC (its start); the digits of a numeric
 * query ("612407", or "MC 612407" read as its digits) the start of the MC or DOT number. Lower case, LIKE
 * wildcards escaped.
 */
export function carrierSearchPatterns(query: string): { text: string; digits: string | null } {
  const escaped = query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  const digits = query.replace(/\D/g, '');
  return {
    text: escaped,
    digits: isNumericSearchQuery(query) || /^(mc|dot)[\s#-]*\d+$/i.test(query.trim()) ? digits : null,
  };
}

/** The 001 §3 search result of a carrier (type LSPCarrier, 6), with the carrier master to open. */
export function carrierSearchResult(hit: CarrierHit) {
  const parts = [
    hit.name,
    hit.scac,
    hit.mcNumber,
    hit.dotNumber ? `DOT ${hit.dotNumber}` : null,
    BrokerCarrierStatus.nameOf(hit.status) ?? null,
  ].filter((p): p is string => Boolean(p));
  return {
    universalSearchResultType: UniversalSearchResultType.values.LSPCarrier as number,
    organizationId: null,
    staffId: null,
    shipmentId: null,
    carrierMasterId: hit.carrierMasterId,
    updateStatusText: parts.join(' · '),
  };
}
