// Keeps the carriers service's copy of the shipments it needs (shipment.updated): whose they are,
// their transit legs with the carrier on each (carrierMasterId) and status, and the first pickup's and
// last drop's ZIP codes. The carrier compliance of a shipment, the terminal page and the leg audits
// read it; no call goes to the shipments service. A version guard makes it converge whatever the
// order of delivery.
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { shipmentCopyOf } from '../domain/legs.ts';
import type { CarriersDeps } from '../service.ts';
import { saveShipmentCopies } from '../store/shipments.ts';
import type { CarriersTables } from '../store/tables.ts';

export function carriersConsumers(_deps: CarriersDeps) {
  const shipments: ConsumerDefinition<typeof subjects.shipmentUpdated, CarriersTables> = {
    name: 'shipments-read-model',
    subjects: [subjects.shipmentUpdated],
    // Idempotent, so no handled marks (decision 0048): a copy and its legs are written only when the event's
    // version is newer than the stored one.
    idempotent: true,
    // read when a page asks; no screen watches it (decision 0111)
    unwatched: true,
    // a batch's copies and their legs in one statement
    handleBatch: (events, trx) =>
      saveShipmentCopies(
        trx,
        events.map((e) => shipmentCopyOf(e.data)),
      ),
  };
  return [shipments];
}
