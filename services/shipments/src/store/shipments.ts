// Shipments in SQL: the whole aggregate (shipment, legs, stops, references, bill-to, alerts),
// its insertion, and the `shipment.updated` event written in the same transaction as a change.
import { type ShipmentUpdatedV1, subjects } from '@loadline/contracts/events';
import { type Kysely, newId, type ServiceRuntime, sql } from '@loadline/platform';
import type { BillToAddress } from '../domain/bill-to.ts';
import { referenceTypeNumber, visibleReferences } from '../domain/references.ts';
import type { StopTimes } from '../domain/stop-times.ts';
import type { ShipmentScope } from '../domain/visibility.ts';
import type { ShipmentsTables } from './tables.ts';

export type Db = Kysely<ShipmentsTables>;
type Runtime = ServiceRuntime<ShipmentsTables>;

/** The address fields of 000 §3 (the domain's one shape). */
export type Address = BillToAddress;

export interface TransitLeg {
  transitLegId: string;
  sequence: number;
  transitType: number;
  status: number;
  active: boolean;
  carrierMasterId: string | null;
  carrierMasterName: string | null;
  carrierPhone: string | null;
  serviceLevel: number | null;
  scac: string | null;
  trackingUrl: string | null;
  integrationEnableAPITracking: boolean;
  trackingIntegrationEnableAPITracking: boolean;
  trackingIntegrationSourceId: number | null;
  integrationSourceId: number | null;
}

export interface Stop extends Address {
  stopId: string;
  sequence: number;
  stopType: string;
  scheduledReadyDateTime: string | null;
  scheduledCloseDateTime: string | null;
  appointmentReadyDateTime: string | null;
  appointmentEndDateTime: string | null;
  actualArrivalDateTime: string | null;
  actualDepartureDateTime: string | null;
}

export interface ReferenceNumber {
  referenceId: string;
  referenceType: number | null;
  referenceTypeCode: string;
  value: string;
  transitLegId: string | null;
}

export interface ShipmentAlert {
  alertId: string;
  alertType: number;
  resolved: boolean;
  createdDate: string;
}

export interface BillTo extends Address {
  shipmentId: number;
  transitLegId: string | null;
}

export interface Shipment {
  shipmentId: number;
  version: number;
  brokerId: string;
  customerOrganizationId: string;
  customerName: string | null;
  shipmentType: number;
  status: number;
  transitDays: number | null;
  weightUnit: number;
  totalWeight: number | null;
  dimensionUnit: number;
  totalHandlingUnits: number | null;
  originBaseUTCOffset: number | null;
  lockdownMarketplaceBuyer: boolean;
  noAccountingInvoice: boolean;
  lostQuote: boolean;
  consolidationParentId: number | null;
  consolidationChildIds: number[];
  createdDate: string;
  createdBy: string;
  lastOpsUpdate: string;
  transitLegs: TransitLeg[];
  stops: Stop[];
  referenceNumbers: ReferenceNumber[];
  billTo: BillTo | null;
  alerts: ShipmentAlert[];
}

/** A wall-clock date-time column read back as 'YYYY-MM-DDTHH:mm:ss' (see tables.ts). */
export const localDateTime = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

const iso = (d: Date | string) => new Date(d).toISOString();

interface LegJson {
  transit_leg_id: string;
  sequence: number;
  leg_type: number;
  status: number;
  active: boolean;
  carrier_master_id: string | null;
  carrier_name: string | null;
  carrier_phone: string | null;
  service_level: number | null;
  scac: string | null;
  tracking_url: string | null;
  integration_enable_api_tracking: boolean;
  tracking_integration_enable_api_tracking: boolean;
  tracking_integration_source_id: number | null;
  integration_source_id: number | null;
}
interface ReferenceJson {
  reference_id: string;
  reference_type_code: string;
  value: string;
  transit_leg_id: string | null;
}
interface BillToJson {
  shipment_id: number;
  transit_leg_id: string | null;
  company_name: string | null;
  street_address: string | null;
  street_address_two: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country: string | null;
}
interface AlertJson {
  alert_id: string;
  alert_type: number;
  resolved: boolean;
  created_at: string;
}

interface ShipmentRow {
  shipment_id: number;
  version: number;
  broker_id: string;
  customer_organization_id: string;
  customer_name: string | null;
  shipment_type: number;
  status: number;
  transit_days: number | null;
  weight_unit: number;
  total_weight: number | null;
  dimension_unit: number;
  total_handling_units: number | null;
  origin_base_utc_offset: number | null;
  lockdown_marketplace_buyer: boolean;
  no_accounting_invoice: boolean;
  lost_quote_at: Date | null;
  consolidation_parent_id: number | null;
  created_by_name: string;
  created_at: Date;
  status_changed_at: Date;
  legs: LegJson[];
  stops: (Omit<Stop, 'stopId' | 'stopType'> & { stop_id: string; stop_type: string })[];
  refs: ReferenceJson[];
  bill_to: BillToJson | null;
  alerts: AlertJson[];
  children: number[];
}

const wallClock = (column: string) => sql`to_char(${sql.raw(column)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * The whole aggregate of the shipment row `s` in one statement (one round trip): its legs, stops,
 * references, bill-to, alerts and consolidation children as JSON.
 */
const aggregateColumns = sql`s.shipment_id, s.version, s.broker_id, s.customer_organization_id,
  c.name as customer_name, s.shipment_type, s.status, s.transit_days, s.weight_unit, s.total_weight,
  s.dimension_unit, s.total_handling_units, s.origin_base_utc_offset, s.lockdown_marketplace_buyer,
  s.no_accounting_invoice, s.lost_quote_at, s.consolidation_parent_id, s.created_by_name, s.created_at,
  s.status_changed_at,
  coalesce((select json_agg(l order by l.sequence) from transit_leg l where l.shipment_id = s.shipment_id), '[]') as legs,
  coalesce((select json_agg(json_build_object(
      'stop_id', st.stop_id, 'sequence', st.sequence, 'stop_type', st.stop_type,
      'companyName', st.company_name, 'streetAddress', st.street_address,
      'streetAddressTwo', st.street_address_two, 'city', st.city, 'state', st.state,
      'zipCode', st.zip_code, 'country', st.country,
      'scheduledReadyDateTime', ${wallClock('st.scheduled_ready')},
      'scheduledCloseDateTime', ${wallClock('st.scheduled_close')},
      'appointmentReadyDateTime', ${wallClock('st.appointment_ready')},
      'appointmentEndDateTime', ${wallClock('st.appointment_end')},
      'actualArrivalDateTime', ${wallClock('st.actual_arrival')},
      'actualDepartureDateTime', ${wallClock('st.actual_departure')}
    ) order by st.sequence) from stop st where st.shipment_id = s.shipment_id), '[]') as stops,
  coalesce((select json_agg(json_build_object('reference_id', r.reference_id,
      'reference_type_code', r.reference_type_code, 'value', r.value, 'transit_leg_id', r.transit_leg_id)
    order by r.created_at, r.reference_id) from reference_number r where r.shipment_id = s.shipment_id), '[]') as refs,
  (select row_to_json(b) from bill_to b where b.shipment_id = s.shipment_id) as bill_to,
  coalesce((select json_agg(json_build_object('alert_id', a.alert_id, 'alert_type', a.alert_type,
      'resolved', a.resolved, 'created_at', a.created_at) order by a.created_at, a.alert_id)
    from shipment_alert a where a.shipment_id = s.shipment_id), '[]') as alerts,
  coalesce((select json_agg(ch.shipment_id order by ch.shipment_id) from shipment ch
    where ch.consolidation_parent_id = s.shipment_id), '[]') as children`;

function toShipment(row: ShipmentRow): Shipment {
  return {
    shipmentId: Number(row.shipment_id),
    version: row.version,
    brokerId: row.broker_id,
    customerOrganizationId: row.customer_organization_id,
    customerName: row.customer_name,
    shipmentType: row.shipment_type,
    status: row.status,
    transitDays: row.transit_days,
    weightUnit: row.weight_unit,
    totalWeight: row.total_weight,
    dimensionUnit: row.dimension_unit,
    totalHandlingUnits: row.total_handling_units,
    originBaseUTCOffset: row.origin_base_utc_offset,
    lockdownMarketplaceBuyer: row.lockdown_marketplace_buyer,
    noAccountingInvoice: row.no_accounting_invoice,
    lostQuote: row.lost_quote_at !== null,
    consolidationParentId: row.consolidation_parent_id === null ? null : Number(row.consolidation_parent_id),
    consolidationChildIds: row.children.map(Number),
    createdDate: iso(row.created_at),
    createdBy: row.created_by_name,
    lastOpsUpdate: iso(row.status_changed_at),
    transitLegs: row.legs.map((l) => ({
      transitLegId: l.transit_leg_id,
      sequence: l.sequence,
      transitType: l.leg_type,
      status: l.status,
      active: l.active,
      carrierMasterId: l.carrier_master_id,
      carrierMasterName: l.carrier_name,
      carrierPhone: l.carrier_phone,
      serviceLevel: l.service_level,
      scac: l.scac,
      trackingUrl: l.tracking_url,
      integrationEnableAPITracking: l.integration_enable_api_tracking,
      trackingIntegrationEnableAPITracking: l.tracking_integration_enable_api_tracking,
      trackingIntegrationSourceId: l.tracking_integration_source_id,
      integrationSourceId: l.integration_source_id,
    })),
    stops: row.stops.map(({ stop_id, stop_type, ...rest }) => ({
      stopId: stop_id,
      stopType: stop_type,
      ...rest,
    })),
    referenceNumbers: row.refs.map((r) => ({
      referenceId: r.reference_id,
      referenceType: referenceTypeNumber(r.reference_type_code),
      referenceTypeCode: r.reference_type_code,
      value: r.value,
      transitLegId: r.transit_leg_id,
    })),
    billTo: row.bill_to
      ? {
          shipmentId: Number(row.bill_to.shipment_id),
          transitLegId: row.bill_to.transit_leg_id,
          companyName: row.bill_to.company_name,
          streetAddress: row.bill_to.street_address,
          streetAddressTwo: row.bill_to.street_address_two,
          city: row.bill_to.city,
          state: row.bill_to.state,
          zipCode: row.bill_to.zip_code,
          country: row.bill_to.country,
        }
      : null,
    alerts: row.alerts.map((a) => ({
      alertId: a.alert_id,
      alertType: a.alert_type,
      resolved: a.resolved,
      createdDate: iso(a.created_at),
    })),
  };
}

/** Loads a shipment the scope can see (with `forUpdate`, locks its row for the transaction). */
export async function loadShipment(
  db: Db,
  shipmentId: number,
  scope: ShipmentScope | null,
  options: { forUpdate?: boolean } = {},
): Promise<Shipment | undefined> {
  const where = [sql`s.shipment_id = ${shipmentId}`];
  if (scope) {
    where.push(sql`s.broker_id = ${scope.brokerId}`);
    if (scope.customerOrganizationId)
      where.push(sql`s.customer_organization_id = ${scope.customerOrganizationId}`);
  }
  const { rows } = await sql<ShipmentRow>`select ${aggregateColumns}
    from shipment s left join customer_organization c on c.organization_id = s.customer_organization_id
    where ${sql.join(where, sql` and `)}
    ${options.forUpdate ? sql`for update of s` : sql``}`.execute(db);
  if (!rows[0]) return undefined;
  const shipment = toShipment(rows[0]);
  // A customer's view never carries the broker's buy side.
  const isCustomer = Boolean(scope?.customerOrganizationId);
  return { ...shipment, referenceNumbers: visibleReferences(shipment.referenceNumbers, isCustomer) };
}

/** The open alerts' types, as the edit-status view lists them (000 §3 shipmentAlertTypes). */
export const openAlertTypes = (shipment: Shipment): number[] =>
  [...new Set(shipment.alerts.filter((a) => !a.resolved).map((a) => a.alertType))].sort((a, b) => a - b);

export const stopTimesOf = (stop: Stop | undefined): StopTimes => ({
  scheduledReady: stop?.scheduledReadyDateTime ?? null,
  scheduledClose: stop?.scheduledCloseDateTime ?? null,
  appointmentReady: stop?.appointmentReadyDateTime ?? null,
  appointmentEnd: stop?.appointmentEndDateTime ?? null,
  actualArrival: stop?.actualArrivalDateTime ?? null,
  actualDeparture: stop?.actualDepartureDateTime ?? null,
});

/** The `shipment.updated` payload: the shipment's whole state with its version. */
export function updatedEvent(shipment: Shipment): ShipmentUpdatedV1 {
  return {
    shipmentId: shipment.shipmentId,
    version: shipment.version,
    brokerId: shipment.brokerId,
    customerOrganizationId: shipment.customerOrganizationId,
    shipmentType: shipment.shipmentType,
    status: shipment.status as ShipmentUpdatedV1['status'],
    transitDays: shipment.transitDays,
    weightUnit: shipment.weightUnit,
    totalWeight: shipment.totalWeight,
    dimensionUnit: shipment.dimensionUnit,
    totalHandlingUnits: shipment.totalHandlingUnits,
    originBaseUTCOffset: shipment.originBaseUTCOffset,
    lockdownMarketplaceBuyer: shipment.lockdownMarketplaceBuyer,
    noAccountingInvoice: shipment.noAccountingInvoice,
    lostQuote: shipment.lostQuote,
    shipmentAlertTypes: openAlertTypes(shipment),
    consolidationParentId: shipment.consolidationParentId,
    createdDate: shipment.createdDate,
    transitLegs: shipment.transitLegs.map((l) => ({
      ...l,
      transitType: l.transitType as ShipmentUpdatedV1['transitLegs'][number]['transitType'],
      status: l.status as ShipmentUpdatedV1['status'],
    })),
    stops: shipment.stops.map((s) => ({
      ...s,
      stopType: s.stopType as ShipmentUpdatedV1['stops'][number]['stopType'],
    })),
    referenceNumbers: shipment.referenceNumbers.map((r) => ({ ...r })),
  };
}

/**
 * Applies the shipment row's `changes` (column → value), bumps the version and writes
 * `shipment.updated` with the new state, in the caller's transaction.
 */
export async function publishUpdated(
  runtime: Runtime,
  trx: Db,
  shipmentId: number,
  changes: Readonly<Record<string, unknown>> = {},
): Promise<Shipment> {
  // One round trip: the shipment's own changes, the version bump and the new state (legs, stops and
  // references changed earlier in the transaction are read as they are now).
  const set = Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const { rows } = await sql<ShipmentRow>`with s as (
      update shipment set ${sql.join([...set, sql`version = version + 1`, sql`updated_at = now()`])}
      where shipment_id = ${shipmentId} returning *)
    select ${aggregateColumns}
    from s left join customer_organization c on c.organization_id = s.customer_organization_id`.execute(trx);
  const shipment = toShipment(rows[0]!);
  await runtime.appendEvent(trx, subjects.shipmentUpdated, updatedEvent(shipment));
  return shipment;
}

// ---------------------------------------------------------------------------------------------------------
// Inserting a new shipment.

export interface NewTransitLeg {
  transitType: number;
  status: number;
  active: boolean;
  carrierMasterId?: string | null;
  carrierMasterName?: string | null;
  carrierPhone?: string | null;
  serviceLevel?: number | null;
  scac?: string | null;
  trackingUrl?: string | null;
  integrationEnableAPITracking?: boolean;
  trackingIntegrationEnableAPITracking?: boolean;
  trackingIntegrationSourceId?: number | null;
  integrationSourceId?: number | null;
}

export interface NewStop extends Partial<Address> {
  stopType: string;
  times: StopTimes;
}

export interface NewReference {
  referenceTypeCode: string;
  value: string;
  /** index in the new shipment's legs */
  transitLegIndex: number | null;
}

export interface NewShipment {
  /** a fixed number (demo data); otherwise the next number is taken */
  shipmentId?: number;
  brokerId: string;
  customerOrganizationId: string;
  shipmentType: number;
  status: number;
  transitDays: number | null;
  weightUnit: number;
  totalWeight: number | null;
  dimensionUnit: number;
  totalHandlingUnits: number | null;
  originBaseUTCOffset: number | null;
  lockdownMarketplaceBuyer: boolean;
  consolidationParentId: number | null;
  createdBy: { userId: string; name: string };
  /** the creation time (demo data backdates); defaults to now */
  createdAt?: Date;
  transitLegs: NewTransitLeg[];
  stops: NewStop[];
  referenceNumbers: NewReference[];
  billTo: (Partial<Address> & { transitLegIndex?: number | null }) | null;
  alertTypes: number[];
}

const addressColumns = (a: Partial<Address>) => ({
  company_name: a.companyName ?? null,
  street_address: a.streetAddress ?? null,
  street_address_two: a.streetAddressTwo ?? null,
  city: a.city ?? null,
  state: a.state ?? null,
  zip_code: a.zipCode ?? null,
  country: a.country ?? null,
});

/**
 * Inserts a shipment with its legs, stops, references, bill-to and alerts, and writes
 * `shipment.updated` (version 1) in the same transaction. With a fixed `shipmentId` that already
 * exists, inserts nothing and answers undefined (seeding twice changes nothing).
 */
export async function insertShipment(
  runtime: Runtime,
  trx: Db,
  draft: NewShipment,
): Promise<Shipment | undefined> {
  const createdAt = draft.createdAt ?? new Date();
  const inserted = await trx
    .insertInto('shipment')
    .values({
      ...(draft.shipmentId === undefined ? {} : { shipment_id: draft.shipmentId }),
      broker_id: draft.brokerId,
      customer_organization_id: draft.customerOrganizationId,
      shipment_type: draft.shipmentType,
      status: draft.status,
      transit_days: draft.transitDays,
      weight_unit: draft.weightUnit,
      total_weight: draft.totalWeight,
      dimension_unit: draft.dimensionUnit,
      total_handling_units: draft.totalHandlingUnits,
      origin_base_utc_offset: draft.originBaseUTCOffset,
      lockdown_marketplace_buyer: draft.lockdownMarketplaceBuyer,
      lost_quote_at: null,
      consolidation_parent_id: draft.consolidationParentId,
      created_by_user_id: draft.createdBy.userId,
      created_by_name: draft.createdBy.name,
      created_at: createdAt,
      updated_at: createdAt,
      status_changed_at: createdAt,
    })
    .onConflict((oc) => oc.column('shipment_id').doNothing())
    .returning('shipment_id')
    .executeTakeFirst();
  if (!inserted) return undefined;
  const shipmentId = inserted.shipment_id;

  const legIds = draft.transitLegs.map(() => newId('leg'));
  if (draft.transitLegs.length > 0) {
    await trx
      .insertInto('transit_leg')
      .values(
        draft.transitLegs.map((l, i) => ({
          transit_leg_id: legIds[i]!,
          shipment_id: shipmentId,
          sequence: i,
          leg_type: l.transitType,
          status: l.status,
          active: l.active,
          carrier_master_id: l.carrierMasterId ?? null,
          carrier_name: l.carrierMasterName ?? null,
          carrier_phone: l.carrierPhone ?? null,
          service_level: l.serviceLevel ?? null,
          scac: l.scac ?? null,
          tracking_url: l.trackingUrl ?? null,
          integration_enable_api_tracking: l.integrationEnableAPITracking ?? false,
          tracking_integration_enable_api_tracking: l.trackingIntegrationEnableAPITracking ?? false,
          tracking_integration_source_id: l.trackingIntegrationSourceId ?? null,
          integration_source_id: l.integrationSourceId ?? null,
        })),
      )
      .execute();
  }
  if (draft.stops.length > 0) {
    await trx
      .insertInto('stop')
      .values(
        draft.stops.map((s, i) => ({
          stop_id: newId('stp'),
          shipment_id: shipmentId,
          sequence: i,
          stop_type: s.stopType,
          ...addressColumns(s),
          scheduled_ready: s.times.scheduledReady,
          scheduled_close: s.times.scheduledClose,
          appointment_ready: s.times.appointmentReady,
          appointment_end: s.times.appointmentEnd,
          actual_arrival: s.times.actualArrival,
          actual_departure: s.times.actualDeparture,
        })),
      )
      .execute();
  }
  if (draft.referenceNumbers.length > 0) {
    await trx
      .insertInto('reference_number')
      .values(
        draft.referenceNumbers.map((r) => ({
          reference_id: newId('ref'),
          shipment_id: shipmentId,
          transit_leg_id: r.transitLegIndex === null ? null : legIds[r.transitLegIndex]!,
          reference_type_code: r.referenceTypeCode,
          value: r.value,
          created_at: createdAt,
        })),
      )
      .execute();
  }
  if (draft.billTo) {
    const legIndex = draft.billTo.transitLegIndex;
    await trx
      .insertInto('bill_to')
      .values({
        shipment_id: shipmentId,
        transit_leg_id: legIndex === null || legIndex === undefined ? null : legIds[legIndex]!,
        ...addressColumns(draft.billTo),
      })
      .execute();
  }
  for (const alertType of new Set(draft.alertTypes)) {
    await trx
      .insertInto('shipment_alert')
      .values({
        alert_id: newId('alr'),
        shipment_id: shipmentId,
        alert_type: alertType,
        resolved_at: null,
        created_at: createdAt,
      })
      .execute();
  }
  const shipment = (await loadShipment(trx, shipmentId, null))!;
  await runtime.appendEvent(trx, subjects.shipmentUpdated, updatedEvent(shipment));
  return shipment;
}

// ---------------------------------------------------------------------------------------------------------
// Reference numbers that hold one value per shipment (or per leg): set, replace or clear.

export async function setSingleReference(
  trx: Db,
  shipmentId: number,
  transitLegId: string | null,
  referenceTypeCode: string,
  value: string | null,
): Promise<boolean> {
  let existing = trx
    .selectFrom('reference_number')
    .select(['reference_id', 'value'])
    .where('shipment_id', '=', shipmentId)
    .where('reference_type_code', '=', referenceTypeCode);
  existing =
    transitLegId === null
      ? existing.where('transit_leg_id', 'is', null)
      : existing.where('transit_leg_id', '=', transitLegId);
  const rows = await existing.execute();
  const trimmed = value?.trim() ?? '';
  if (rows.length === 1 && rows[0]!.value === trimmed) return false;
  if (rows.length === 0 && trimmed === '') return false;
  if (rows.length > 0) {
    await trx
      .deleteFrom('reference_number')
      .where(
        'reference_id',
        'in',
        rows.map((r) => r.reference_id),
      )
      .execute();
  }
  if (trimmed !== '') {
    await trx
      .insertInto('reference_number')
      .values({
        reference_id: newId('ref'),
        shipment_id: shipmentId,
        transit_leg_id: transitLegId,
        reference_type_code: referenceTypeCode,
        value: trimmed,
      })
      .execute();
  }
  return true;
}
