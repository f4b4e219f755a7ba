// Raises the carrier-blocked shipment alert (002 §3.4, 218) from the carriers service's
// brokercarrier.changed: when a broker blocks a carrier, each of the broker's shipments still under way
// (not yet delivered, not canceled) with that carrier on a leg gets the alert; when the carrier is no
// longer blocked, the alert is resolved on those shipments unless another of their legs' carriers is
// still blocked. Each shipment changed this way publishes shipment.updated (its open alert types).
// A version guard (the broker carrier's version) keeps the latest status whatever the order of
// delivery. A shipment created with a carrier already blocked has the alert from its insertion
// (store/shipments.ts, carrierBlockedOnALeg).
import { BrokerCarrierStatus, isPastDelivered, ShipmentAlertType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { type ConsumerDefinition, newId, type ServiceRuntime, sql } from '@loadline/platform';
import { publishUpdated } from '../store/shipments.ts';
import type { ShipmentsTables } from '../store/tables.ts';

const CarrierBlocked = ShipmentAlertType.values.CarrierBlocked;
const Blocked = BrokerCarrierStatus.values.Blocked;

export function carrierBlockedAlert(
  runtime: ServiceRuntime<ShipmentsTables>,
): ConsumerDefinition<typeof subjects.brokerCarrierChanged, ShipmentsTables> {
  return {
    name: 'carriers-blocked-alert',
    subjects: [subjects.brokerCarrierChanged],
    async handle(event, trx) {
      const { brokerId, carrierMasterId, version, status } = event.data;
      const blocked = status === Blocked;
      const before = await trx
        .selectFrom('carrier_status')
        .select(['blocked', 'version'])
        .where('broker_id', '=', brokerId)
        .where('carrier_master_id', '=', carrierMasterId)
        .forUpdate()
        .executeTakeFirst();
      if (before && before.version >= version) return;
      await trx
        .insertInto('carrier_status')
        .values({ broker_id: brokerId, carrier_master_id: carrierMasterId, blocked, version })
        .onConflict((oc) => oc.columns(['broker_id', 'carrier_master_id']).doUpdateSet({ blocked, version }))
        .execute();
      if ((before?.blocked ?? false) === blocked) return;

      // The broker's shipments under way with this carrier on a leg.
      const shipments = await trx
        .selectFrom('shipment as s')
        .select(['s.shipment_id', 's.status'])
        .where('s.broker_id', '=', brokerId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('transit_leg as l')
              .select('l.transit_leg_id')
              .whereRef('l.shipment_id', '=', 's.shipment_id')
              .where('l.carrier_master_id', '=', carrierMasterId),
          ),
        )
        .orderBy('s.shipment_id')
        .forUpdate()
        .execute();
      for (const s of shipments) {
        if (isPastDelivered(s.status)) continue;
        const shipmentId = Number(s.shipment_id);
        const open = await trx
          .selectFrom('shipment_alert')
          .select('alert_id')
          .where('shipment_id', '=', shipmentId)
          .where('alert_type', '=', CarrierBlocked)
          .where('resolved', '=', false)
          .execute();
        if (blocked) {
          if (open.length > 0) continue;
          await trx
            .insertInto('shipment_alert')
            .values({
              alert_id: newId('alr'),
              shipment_id: shipmentId,
              alert_type: CarrierBlocked,
              resolved_at: null,
            })
            .execute();
        } else {
          if (open.length === 0) continue;
          // Another leg's carrier still blocked keeps the alert.
          const stillBlocked = await trx
            .selectFrom('transit_leg as l')
            .innerJoin('carrier_status as c', (j) =>
              j.onRef('c.carrier_master_id', '=', 'l.carrier_master_id').on('c.broker_id', '=', brokerId),
            )
            .select('l.transit_leg_id')
            .where('l.shipment_id', '=', shipmentId)
            .where('c.blocked', '=', true)
            .executeTakeFirst();
          if (stillBlocked) continue;
          await trx
            .updateTable('shipment_alert')
            .set({ resolved: true, resolved_at: sql`now()` })
            .where(
              'alert_id',
              'in',
              open.map((a) => a.alert_id),
            )
            .execute();
        }
        await publishUpdated(runtime, trx, shipmentId);
      }
    },
  };
}
