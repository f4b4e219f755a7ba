// Finding shipments: a shipment's type by its number (which page opens it, 000 §2, §7) and the universal
// search (001 §5, §7: a shipment number, or the start of a reference value).
import { fieldError, type Identity } from '@loadline/platform';
import { typeData } from '../domain/shipment-type.ts';
import {
  isLongEnough,
  maxResults,
  mergeHits,
  queryTooShortMessage,
  searchResult,
  shipmentNumberOf,
  startsWithPattern,
} from '../domain/universal-search.ts';
import { canSeeShipment, shipmentScope } from '../domain/visibility.ts';
import type { ShipmentsDeps } from '../service.ts';
import { findByNumber, findByReferencePrefix, shipmentHeader } from '../store/search.ts';
import { shipmentNotFound } from './shipments.ts';

export async function shipmentSearchDetails(deps: ShipmentsDeps, caller: Identity, shipmentId: number) {
  const hit = await shipmentHeader(deps.runtime.db, shipmentId);
  if (!hit || !canSeeShipment(caller, hit)) throw shipmentNotFound(shipmentId);
  return { shipmentId: hit.shipmentId, ...typeData(hit.shipmentType), status: hit.status };
}

export async function universalSearch(
  deps: ShipmentsDeps,
  caller: Identity,
  input: { query: string; maxResults?: number | undefined },
) {
  const { query } = input;
  if (!isLongEnough(query)) throw fieldError('query', queryTooShortMessage);
  const limit = Math.min(input.maxResults ?? maxResults, maxResults);
  const scope = shipmentScope(caller);
  const number = shipmentNumberOf(query);
  const { db } = deps.runtime;
  const [exact, byReference] = await Promise.all([
    number === undefined ? undefined : findByNumber(db, scope, number),
    // More rows than results: a shipment with several matching references counts once.
    findByReferencePrefix(db, scope, startsWithPattern(query), limit * 4),
  ]);
  return mergeHits(exact, byReference, limit).map(searchResult);
}
