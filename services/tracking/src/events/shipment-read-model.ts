// Keeps this service's copy of the shipments (shipment.updated): who may see each, its status, lane,
// times, driver cell phone and the active leg's pro number and tracking settings. A version guard
// makes the copy converge whatever the order of delivery.
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { shipmentView } from '../domain/shipment-view.ts';
import { saveShipmentView } from '../store/shipments.ts';
import type { TrackingTables } from '../store/tables.ts';

export const shipmentReadModel: ConsumerDefinition<typeof subjects.shipmentUpdated, TrackingTables> = {
  name: 'shipments',
  subjects: [subjects.shipmentUpdated],
  async handle(event, trx) {
    await saveShipmentView(trx, shipmentView(event.data, new Date(event.occurredAt)));
  },
};
