// Electronic dispatch (000 §4): a tender a status change owes its carrier is tendered after the commit
// and settled once with a system note; the dispatch-recovery job tenders again, with the same
// idempotency key, what no request settled (the service died between the commit and the carrier's
// answer), so the carrier books the load once.
import { dispatchTimeoutMs } from '../adapters/carrier-dispatch.ts';
import { tender } from '../adapters/tender.ts';
import { type DispatchOutcome, notTried } from '../domain/dispatch.ts';
import type { ShipmentsDeps } from '../service.ts';
import { pendingTenders, settleTender, skipTender } from '../store/dispatch-tenders.ts';
import type { OwedTender } from '../store/shipments.ts';

/** A tender younger than this may still be in its request (which waits at most dispatchTimeoutMs). */
export const abandonedAfterMs = 2 * dispatchTimeoutMs;

/**
 * Tenders what a committed change owes and settles it; the carrier's answer never undoes the change. A
 * tender that could not be settled is left to the recovery job (`onUnsettled` hears why).
 */
export async function tenderOwed(
  deps: ShipmentsDeps,
  owed: OwedTender | null,
  onUnsettled: (error: unknown) => void,
): Promise<DispatchOutcome> {
  if (!owed) return notTried;
  const { dispatch } = deps.adapters;
  const outcome = await tender(dispatch, owed.request);
  await settleTender(deps.runtime, owed.request, outcome, owed.requestedBy, dispatch.name).catch(onUnsettled);
  return outcome;
}

/** Tenders what was left pending; answers how many it settled. */
export async function recoverTenders(deps: ShipmentsDeps, now: Date = new Date()): Promise<number> {
  const { runtime, adapters } = deps;
  let settled = 0;
  const pending = await pendingTenders(runtime.db, new Date(now.getTime() - abandonedAfterMs));
  for (const owed of pending) {
    // The leg moved on since (someone changed the status by hand): the tender is no longer owed.
    if (owed.legStatusNow !== owed.request.status || !adapters.dispatch.supports(owed.request.carrier)) {
      await skipTender(runtime.db, owed.request.idempotencyKey);
      continue;
    }
    const outcome = await tender(adapters.dispatch, owed.request);
    if (await settleTender(runtime, owed.request, outcome, owed.requestedBy, adapters.dispatch.name))
      settled++;
  }
  return settled;
}
