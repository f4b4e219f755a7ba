// Universal search over the broker's carriers (001 §1, §2 LSPCarrier, §5, §9; decision 0017): the header's
// search box finds them as it finds shipments, organizations and staff.
import { UNIVERSAL_SEARCH_MAX_RESULTS } from '@loadline/contracts/catalogue';
import { fieldError, type Identity } from '@loadline/platform';
import {
  carrierSearchPatterns,
  carrierSearchResult,
  isLongEnough,
  queryTooShortMessage,
} from '../domain/universal-search.ts';
import type { CarriersDeps } from '../service.ts';
import { searchBrokerCarriers } from '../store/search.ts';

export async function searchCarriers(
  deps: CarriersDeps,
  caller: Identity,
  criteria: { query: string; maxResults?: number },
) {
  if (!isLongEnough(criteria.query)) throw fieldError('query', queryTooShortMessage);
  const hits = await searchBrokerCarriers(
    deps.runtime.db,
    caller.brokerId,
    carrierSearchPatterns(criteria.query),
    criteria.maxResults ?? UNIVERSAL_SEARCH_MAX_RESULTS,
  );
  return hits.map(carrierSearchResult);
}
