// The carriers service's broker carrier statuses as this service keeps them (brokercarrier.changed, read
// model `carrier_status`), and the carrier-blocked alerts (002 §3.4, 218) of the broker's shipments.
import { ShipmentAlertType } from '@loadline/contracts/catalogue';
import { newId, saveIfNewer, sql } from '@loadline/platform';
import type { Db } from './shipments.ts';

const CarrierBlocked = ShipmentAlertType.values.CarrierBlocked;

export interface CarrierStatus {
  brokerId: string;
  carrierMasterId: string;
  blocked: boolean;
  version: number;
}

/**
 * Keeps the carrier's status if it is newer than the one kept; answers whether the carrier was blocked
 * before, or undefined when the status kept is as new or newer (nothing written).
 */
export async function saveCarrierStatus(
  trx: Db,
  status: CarrierStatus,
): Promise<{ wasBlocked: boolean } | undefined> {
  const before = await trx
    .selectFrom('carrier_status')
    .select(['blocked'])
    .where('broker_id', '=', status.brokerId)
    .where('carrier_master_id', '=', status.carrierMasterId)
    .forUpdate()
    .executeTakeFirst();
  const saved = await saveIfNewer(trx, 'carrier_status', ['broker_id', 'carrier_master_id'], {
    broker_id: status.brokerId,
    carrier_master_id: status.carrierMasterId,
    blocked: status.blocked,
    version: status.version,
  });
  return saved ? { wasBlocked: before?.blocked ?? false } : undefined;
}

/** The broker's shipments with this carrier on a leg, locked for the transaction, in number order. */
export async function shipmentsWithCarrier(
  trx: Db,
  brokerId: string,
  carrierMasterId: string,
): Promise<{ shipmentId: number; status: number }[]> {
  const rows = await trx
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
  return rows.map((r) => ({ shipmentId: Number(r.shipment_id), status: r.status }));
}

/** The shipment's open carrier-blocked alerts' ids. */
export async function openCarrierBlockedAlerts(trx: Db, shipmentId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('shipment_alert')
    .select('alert_id')
    .where('shipment_id', '=', shipmentId)
    .where('alert_type', '=', CarrierBlocked)
    .where('resolved', '=', false)
    .execute();
  return rows.map((r) => r.alert_id);
}

export async function raiseCarrierBlockedAlert(trx: Db, shipmentId: number): Promise<void> {
  await trx
    .insertInto('shipment_alert')
    .values({
      alert_id: newId('alr'),
      shipment_id: shipmentId,
      alert_type: CarrierBlocked,
      resolved_at: null,
    })
    .execute();
}

export async function resolveAlerts(trx: Db, alertIds: readonly string[]): Promise<void> {
  if (alertIds.length === 0) return;
  await trx
    .updateTable('shipment_alert')
    .set({ resolved: true, resolved_at: sql`now()` })
    .where('alert_id', 'in', [...alertIds])
    .execute();
}

/** Whether a carrier of another of the shipment's legs is blocked by the broker. */
export async function carrierBlockedOnALegOf(
  trx: Db,
  shipmentId: number,
  brokerId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('transit_leg as l')
    .innerJoin('carrier_status as c', (j) =>
      j.onRef('c.carrier_master_id', '=', 'l.carrier_master_id').on('c.broker_id', '=', brokerId),
    )
    .select('l.transit_leg_id')
    .where('l.shipment_id', '=', shipmentId)
    .where('c.blocked', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
