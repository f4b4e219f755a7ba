// Keeps the carriers service's copy of the shipments it needs (shipment.updated): whose they are,
// their transit legs with the carrier on each (carrierMasterId) and status, and the first pickup's and
// last drop's ZIP codes. The carrier compliance of a shipment, the terminal page and the leg audits
// read it; no call goes to the shipments service. A version guard makes it converge whatever the
// order of delivery.
import { ShipmentStopType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { type ConsumerDefinition, saveIfNewer } from '@loadline/platform';
import type { CarriersTables } from '../store/tables.ts';

const FirstPick = ShipmentStopType.byCode.FirstPick.code;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

export const shipmentReadModel: ConsumerDefinition<typeof subjects.shipmentUpdated, CarriersTables> = {
  name: 'shipments-read-model',
  subjects: [subjects.shipmentUpdated],
  async handle(event, trx) {
    const s = event.data;
    const origin = s.stops.find((st) => st.stopType === FirstPick) ?? s.stops[0];
    const destination = s.stops.find((st) => st.stopType === LastDrop) ?? s.stops.at(-1);
    const applied = await saveIfNewer(trx, 'shipment_ref', 'shipment_id', {
      shipment_id: s.shipmentId,
      broker_id: s.brokerId,
      customer_organization_id: s.customerOrganizationId,
      status: s.status,
      weight_unit: s.weightUnit,
      origin_zip: origin?.zipCode ?? null,
      origin_country: origin?.country ?? null,
      destination_zip: destination?.zipCode ?? null,
      destination_country: destination?.country ?? null,
      version: s.version,
    });
    // An older version than the one held: nothing changes.
    if (!applied) return;
    await trx.deleteFrom('shipment_leg').where('shipment_id', '=', s.shipmentId).execute();
    if (s.transitLegs.length === 0) return;
    await trx
      .insertInto('shipment_leg')
      .values(
        s.transitLegs.map((l) => ({
          transit_leg_id: l.transitLegId,
          shipment_id: s.shipmentId,
          sequence: l.sequence,
          transit_type: l.transitType,
          status: l.status,
          active: l.active,
          carrier_master_id: l.carrierMasterId,
          carrier_name: l.carrierMasterName,
          scac: l.scac,
          service_level: l.serviceLevel,
        })),
      )
      .execute();
  },
};
