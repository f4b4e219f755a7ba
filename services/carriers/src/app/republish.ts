// Broker carriers published before brokercarrier.changed gained a field are published once more, so the
// services that keep them (the shipments service's carrier choices, decision 0117) have every field. Run
// at each start; a start with nothing older does one query.
import type { CarriersDeps } from '../service.ts';
import {
  BROKER_CARRIER_EVENT_SHAPE,
  brokerCarriersPublishedBefore,
  publishBrokerCarrier,
} from '../store/carriers.ts';

/** Broker carriers published per transaction. */
const batchSize = 200;

export async function republishOlderBrokerCarriers(deps: CarriersDeps): Promise<number> {
  const today = deps.adapters.clock.today();
  let published = 0;
  for (;;) {
    const count = await deps.runtime.db.transaction().execute(async (trx) => {
      const ids = await brokerCarriersPublishedBefore(trx, BROKER_CARRIER_EVENT_SHAPE, batchSize);
      // no change but the version: the same state, in the current shape
      for (const id of ids) await publishBrokerCarrier(deps.runtime, trx, id, today, {}, null);
      return ids.length;
    });
    published += count;
    if (count < batchSize) return published;
  }
}
