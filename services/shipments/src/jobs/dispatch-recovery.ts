// The dispatch-recovery job: tenders owed to carriers that no request settled (the service died
// between committing the status change and hearing from the carrier) are tendered again, with the
// same idempotency key, so the carrier books the load once. Runs every minute, on one replica at a
// time (a BullMQ schedule).
import type { ServiceRuntime } from '@loadline/platform';
import type { CarrierDispatchAdapter } from '../dispatch/adapter.ts';
import { dispatchTimeoutMs } from '../dispatch/adapter.ts';
import { tender } from '../dispatch/run.ts';
import { pendingTenders, settleTender, skipTender } from '../store/dispatch-tenders.ts';
import type { ShipmentsTables } from '../store/tables.ts';

export const dispatchRecoveryQueue = 'dispatch-recovery';
/** Ours: how often the job looks for tenders left pending. */
export const dispatchRecoveryEveryMs = 60_000;
/** A tender younger than this may still be in its request (which waits at most dispatchTimeoutMs). */
export const abandonedAfterMs = 2 * dispatchTimeoutMs;

/** Tenders what was left pending; answers how many it settled. */
export async function recoverTenders(
  runtime: ServiceRuntime<ShipmentsTables>,
  adapter: CarrierDispatchAdapter,
  now: Date = new Date(),
): Promise<number> {
  let settled = 0;
  const pending = await pendingTenders(runtime.db, new Date(now.getTime() - abandonedAfterMs));
  for (const owed of pending) {
    // The leg moved on since (someone changed the status by hand): the tender is no longer owed.
    if (owed.legStatusNow !== owed.request.status || !adapter.supports(owed.request.carrier)) {
      await skipTender(runtime.db, owed.request.idempotencyKey);
      continue;
    }
    const outcome = await tender(adapter, owed.request);
    if (await settleTender(runtime, owed.request, outcome, owed.requestedBy, adapter.name)) settled++;
  }
  return settled;
}

export async function startDispatchRecovery(
  runtime: ServiceRuntime<ShipmentsTables>,
  adapter: CarrierDispatchAdapter,
): Promise<void> {
  runtime.work<Record<string, never>>({
    queue: dispatchRecoveryQueue,
    concurrency: 1,
    process: () => recoverTenders(runtime, adapter),
  });
  await runtime
    .queue<Record<string, never>>(dispatchRecoveryQueue)
    .schedule(dispatchRecoveryQueue, { every: dispatchRecoveryEveryMs }, {});
}
