// Seeds the demo: each demo shipment in the read model (version 0: the shipments service's
// shipment.updated, version 1 and up, replaces it) and the location history of every one that has
// left its origin (domain/demo-history.ts). Inserts only what is missing: seeding twice changes
// nothing, and a restart leaves the locations added since alone.

import { isPastDelivered } from '@loadline/contracts/catalogue';
import { demoBroker } from '@loadline/contracts/demo';
import { demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import type { EventWriter, Kysely } from '@loadline/platform';
import { demoHistory } from '../domain/demo-history.ts';
import { instantOfWallClock, timeZoneOf } from '../domain/time-zones.ts';
import type { ZipIndex } from '../domain/zip-index.ts';
import { insertLocations } from './locations.ts';
import { loadShipment } from './shipments.ts';
import type { TrackingTables } from './tables.ts';

export async function seedDemoData(
  db: Kysely<TrackingTables>,
  events: EventWriter<TrackingTables>,
  zips: ZipIndex,
  today: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const plan of demoShipmentPlans(today)) {
      const place = (p: typeof plan.origin) => ({
        companyName: p.companyName,
        streetAddress: p.streetAddress,
        city: p.city,
        state: p.state,
        zipCode: p.zipCode,
        country: p.country,
      });
      const wall = (date: string, time: string, state: string) =>
        instantOfWallClock(`${date}T${time}`, timeZoneOf(state) ?? 'UTC');
      await trx
        .insertInto('shipment')
        .values({
          shipment_id: plan.shipmentId,
          broker_id: demoBroker.organizationId,
          customer_organization_id: plan.customerOrganizationId,
          status: plan.status,
          shipment_type: plan.shipmentType,
          created_date: now,
          origin_utc_offset_minutes: plan.origin.utcOffset * 60,
          origin: JSON.stringify(place(plan.origin)) as never,
          destination: JSON.stringify(place(plan.destination)) as never,
          pickup_at: wall(plan.pickupDate, '08:00:00', plan.origin.state),
          delivery_at: wall(plan.deliveryDate, '08:00:00', plan.destination.state),
          driver_cell_phone: plan.driver?.cellPhone ?? null,
          pro_number: plan.proNumber,
          scac: plan.carrier?.scac ?? null,
          api_tracking: false,
          integration_source_id: null,
          past_delivered_at: isPastDelivered(plan.status)
            ? wall(plan.deliveryDate, '09:00:00', plan.destination.state)
            : null,
          version: 0,
        })
        .onConflict((oc) => oc.column('shipment_id').doNothing())
        .execute();

      const history = demoHistory(plan, zips, now);
      if (history.length === 0) continue;
      const seeded =
        (await trx
          .selectFrom('location')
          .select('location_id')
          .where('shipment_id', '=', plan.shipmentId)
          .where('source', '=', 'demo')
          .executeTakeFirst()) ??
        (await trx
          .selectFrom('location_archive')
          .select('location_id')
          .where('shipment_id', '=', plan.shipmentId)
          .where('source', '=', 'demo')
          .executeTakeFirst());
      if (seeded) continue;
      const shipment = (await loadShipment(trx, plan.shipmentId, null))!;
      await insertLocations(
        trx,
        events,
        new Map([[plan.shipmentId, shipment]]),
        history.map((l) => ({ ...l, shipmentId: plan.shipmentId })),
        'demo',
        null,
      );
    }
  });
}
