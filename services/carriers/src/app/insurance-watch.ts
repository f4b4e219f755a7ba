// The daily insurance watch (issue 7 item 3): moves insurance statuses 30 and 10 days before expiry and at
// expiry (000 §9), publishing each move once. A batch at a time, each in its own transaction, so a long
// list never holds its locks for long; a second pass the same day finds nothing to move.
import type { WatchResult } from '../domain/insurance.ts';
import type { CarriersDeps } from '../service.ts';
import { watchBatch } from '../store/insurance.ts';

/** Insurances read and moved per transaction. */
const batchSize = 500;

export async function runInsuranceWatch(deps: CarriersDeps, today: string): Promise<WatchResult> {
  const result: WatchResult = { moved: 0, brokerCarriers: 0 };
  let after = '';
  for (;;) {
    const batch = await deps.runtime.db
      .transaction()
      .execute((trx) => watchBatch(deps.runtime, trx, today, after, batchSize));
    result.moved += batch.moved;
    result.brokerCarriers += batch.republished;
    if (batch.count < batchSize || !batch.last) return result;
    after = batch.last;
  }
}
