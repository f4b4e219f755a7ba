// The carriers service's broker carriers as this service keeps them (brokercarrier.changed, read model
// `broker_carrier`): the carrier-blocked alerts (002 §3.4, 218) of the broker's shipments, and the carriers
// a leg may be given (decision 0117).
import { BrokerCarrierStatus, ShipmentAlertType } from '@loadline/contracts/catalogue';
import { newId, saveIfNewer, sql } from '@loadline/platform';
import type { BrokerCarrier, LegCarrier } from '../domain/carrier-assignment.ts';
import { startsWithPattern } from '../domain/listing.ts';
import type { Db } from './shipments.ts';

const CarrierBlocked = ShipmentAlertType.values.CarrierBlocked;
const Blocked = BrokerCarrierStatus.values.Blocked;

const brokerCarrierColumns = [
  'carrier_master_id as carrierMasterId',
  'name',
  'scac',
  'phone',
  'status',
  'in_compliance as inCompliance',
  'compliance_reasons as complianceReasons',
] as const;

/**
 * Keeps the broker carrier if it is newer than the one kept; answers whether the carrier was blocked
 * before, or undefined when the one kept is as new or newer (nothing written).
 */
export async function saveBrokerCarrier(
  trx: Db,
  brokerId: string,
  carrier: BrokerCarrier,
  version: number,
): Promise<{ wasBlocked: boolean } | undefined> {
  const before = await trx
    .selectFrom('broker_carrier')
    .select(['status'])
    .where('broker_id', '=', brokerId)
    .where('carrier_master_id', '=', carrier.carrierMasterId)
    .forUpdate()
    .executeTakeFirst();
  const saved = await saveIfNewer(trx, 'broker_carrier', ['broker_id', 'carrier_master_id'], {
    broker_id: brokerId,
    carrier_master_id: carrier.carrierMasterId,
    name: carrier.name,
    scac: carrier.scac,
    phone: carrier.phone,
    status: carrier.status,
    in_compliance: carrier.inCompliance,
    compliance_reasons: [...carrier.complianceReasons],
    version,
  });
  return saved ? { wasBlocked: before?.status === Blocked } : undefined;
}

/**
 * One of the broker's carriers, or undefined when the broker has no such carrier; `forShare` keeps it from
 * changing until the transaction ends.
 */
export async function loadBrokerCarrier(
  db: Db,
  brokerId: string,
  carrierMasterId: string,
  options: { forShare?: boolean } = {},
): Promise<BrokerCarrier | undefined> {
  const query = db
    .selectFrom('broker_carrier')
    .select(brokerCarrierColumns)
    .where('broker_id', '=', brokerId)
    .where('carrier_master_id', '=', carrierMasterId);
  return (options.forShare ? query.forShare() : query).executeTakeFirst();
}

/** The broker's carriers whose name or SCAC starts with `search` (any case), by name, at most `limit`. */
export async function searchBrokerCarriers(
  db: Db,
  brokerId: string,
  search: string,
  limit: number,
): Promise<BrokerCarrier[]> {
  const prefix = startsWithPattern(search);
  let query = db
    .selectFrom('broker_carrier')
    .select(brokerCarrierColumns)
    .where('broker_id', '=', brokerId)
    .where('name', '<>', '');
  if (search !== '')
    query = query.where((eb) =>
      eb.or([eb(sql`lower(name)`, 'like', prefix), eb(sql`lower(scac)`, 'like', prefix)]),
    );
  return query.orderBy(sql`lower(name)`).orderBy('carrier_master_id').limit(limit).execute();
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
    .innerJoin('broker_carrier as c', (j) =>
      j.onRef('c.carrier_master_id', '=', 'l.carrier_master_id').on('c.broker_id', '=', brokerId),
    )
    .select('l.transit_leg_id')
    .where('l.shipment_id', '=', shipmentId)
    .where('c.status', '=', Blocked)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the leg's carrier fields as the assignment decided (domain/carrier-assignment.ts). */
export async function setLegCarrier(trx: Db, transitLegId: string, leg: LegCarrier): Promise<void> {
  await trx
    .updateTable('transit_leg')
    .set({
      carrier_master_id: leg.carrierMasterId,
      carrier_name: leg.carrierMasterName,
      carrier_phone: leg.carrierPhone,
      scac: leg.scac,
      tracking_url: leg.trackingUrl,
      integration_enable_api_tracking: leg.integrationEnableAPITracking,
      tracking_integration_enable_api_tracking: leg.trackingIntegrationEnableAPITracking,
      tracking_integration_source_id: leg.trackingIntegrationSourceId,
      integration_source_id: leg.integrationSourceId,
    })
    .where('transit_leg_id', '=', transitLegId)
    .execute();
}

/** Deletes the leg's references that were its previous carrier's (the activity entry keeps their values). */
export async function deleteLegReferences(
  trx: Db,
  transitLegId: string,
  referenceIds: readonly string[],
): Promise<void> {
  if (referenceIds.length === 0) return;
  await trx
    .deleteFrom('reference_number')
    .where('transit_leg_id', '=', transitLegId)
    .where('reference_id', 'in', referenceIds)
    .execute();
}
