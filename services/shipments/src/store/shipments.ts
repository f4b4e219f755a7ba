// Shipments in SQL: the whole aggregate (shipment, legs, stops, references, bill-to, alerts),
// its insertion, and the `shipment.updated` event written in the same transaction as a change.
import { BrokerCarrierStatus, isPastDelivered, ShipmentAlertType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import {
  type Kysely,
  newId,
  type OutboxEvent,
  outboxRecordset,
  outboxRows,
  type ServiceRuntime,
  sql,
} from '@loadline/platform';
import type { DispatchRequest } from '../domain/dispatch.ts';
import { referenceTypeNumber, visibleReferences } from '../domain/references.ts';
import {
  type Address,
  type Commodity,
  type NewShipment,
  type ReferenceNumber,
  type Shipment,
  type Stop,
  updatedEvent,
} from '../domain/shipment.ts';
import type { UpdateSections } from '../domain/status-events.ts';
import type { StopTimes } from '../domain/stop-times.ts';
import { consolidationLinksOf, consolidationSeenBy, type ShipmentScope } from '../domain/visibility.ts';
import type { ShipmentsTables } from './tables.ts';

export type Db = Kysely<ShipmentsTables>;
type Runtime = ServiceRuntime<ShipmentsTables>;

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
  special_instructions: string | null;
  commodities: CommodityJson[];
  accessorials: { accessorial_id: number; name: string }[];
}

type CommodityJson = ShipmentsTables['commodity'];

const wallClock = (column: string) => sql`to_char(${sql.raw(column)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * The whole aggregate of the shipment row `s` in one statement (one round trip): its legs, stops,
 * references, bill-to, alerts and consolidation children as JSON.
 */
const aggregateColumns = sql`s.shipment_id, s.version, s.broker_id, s.customer_organization_id,
  c.name as customer_name, s.shipment_type, s.status, s.transit_days, s.weight_unit, s.total_weight,
  s.dimension_unit, s.total_handling_units, s.origin_base_utc_offset, s.lockdown_marketplace_buyer,
  s.no_accounting_invoice, s.lost_quote_at, s.consolidation_parent_id, s.created_by_name, s.created_at,
  s.status_changed_at, s.special_instructions,
  coalesce((select json_agg(cm order by cm.sequence) from commodity cm where cm.shipment_id = s.shipment_id), '[]') as commodities,
  coalesce((select json_agg(json_build_object('accessorial_id', sa.accessorial_id, 'name', sa.name)
    order by sa.accessorial_id) from shipment_accessorial sa where sa.shipment_id = s.shipment_id), '[]') as accessorials,
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
    commodities: row.commodities.map(toCommodity),
    accessorials: row.accessorials.map((a) => ({ accessorialId: a.accessorial_id, name: a.name })),
    specialInstructions: row.special_instructions,
  };
}

const toCommodity = (c: CommodityJson): Commodity => ({
  commodityId: c.commodity_id,
  sequence: c.sequence,
  description: c.description,
  pieces: c.pieces,
  packageType: c.package_type,
  handlingUnits: c.handling_units,
  handlingUnitType: c.handling_unit_type,
  weight: Number(c.weight),
  length: c.length === null ? null : Number(c.length),
  width: c.width === null ? null : Number(c.width),
  height: c.height === null ? null : Number(c.height),
  freightClass: c.freight_class as Commodity['freightClass'],
  nmfc: c.nmfc,
  hazardous: c.hazardous,
  hazmat:
    c.un_number === null
      ? null
      : {
          unNumber: c.un_number,
          properShippingName: c.proper_shipping_name ?? '',
          hazardClass: c.hazard_class ?? '',
          packingGroup: c.packing_group ?? 0,
          emergencyContactName: c.emergency_contact_name,
          emergencyContactPhone: c.emergency_contact_phone,
        },
});

/**
 * Loads a shipment the scope can see. With `forUpdate`, its row is locked for the transaction first, in a
 * statement of its own: a statement that waited for the lock would still read the legs, stops and alerts as
 * they were when it began (READ COMMITTED), so the load after it sees what the writer before committed.
 */
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
  if (options.forUpdate) {
    const locked =
      await sql`select 1 from shipment s where ${sql.join(where, sql` and `)} for update`.execute(db);
    if (locked.rows.length === 0) return undefined;
  }
  const { rows } = await sql<ShipmentRow>`select ${aggregateColumns}
    from shipment s left join customer_organization c on c.organization_id = s.customer_organization_id
    where ${sql.join(where, sql` and `)}`.execute(db);
  if (!rows[0]) return undefined;
  const shipment = toShipment(rows[0]);
  // A customer's view never carries the broker's buy side.
  const customer = scope?.customerOrganizationId;
  const referenceNumbers = visibleReferences(shipment.referenceNumbers, Boolean(customer));
  if (!customer) return { ...shipment, referenceNumbers };
  // Nor the numbers of another customer's shipments it is consolidated with (domain/visibility.ts).
  const linked = consolidationLinksOf(shipment);
  const own = linked.length === 0 ? new Set<number>() : await shipmentsOfCustomer(db, linked, customer);
  return { ...shipment, referenceNumbers, ...consolidationSeenBy(shipment, own) };
}

/** Which of these shipments are the customer's. */
async function shipmentsOfCustomer(db: Db, shipmentIds: readonly number[], customer: string) {
  const rows = await db
    .selectFrom('shipment')
    .select('shipment_id')
    .where('shipment_id', 'in', shipmentIds)
    .where('customer_organization_id', '=', customer)
    .execute();
  return new Set(rows.map((r) => Number(r.shipment_id)));
}

/** The shipments of these numbers as stored, in one query (any order; no scope: the writer's read back). */
export async function loadShipments(db: Db, shipmentIds: readonly number[]): Promise<Shipment[]> {
  if (shipmentIds.length === 0) return [];
  const { rows } = await sql<ShipmentRow>`select ${aggregateColumns}
    from shipment s left join customer_organization c on c.organization_id = s.customer_organization_id
    where s.shipment_id = any(${sql.val(shipmentIds)}::bigint[])`.execute(db);
  return rows.map(toShipment);
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
// One change of a shipment (a status update) written in one statement.

/** A carrier tender a status change owes, and who asked for the change. */
export interface OwedTender {
  request: DispatchRequest;
  requestedBy: string;
}

/** The time of the writing transaction (now()), which its outbox rows share. */
const transactionTime = sql<Date>`now()`;

interface ChangeWrites {
  legs: { id: string; status: number }[];
  stops: { stop_id: string; times: StopTimes }[];
  deletedReferenceIds: string[];
  newReferences: ReferenceNumber[];
  shipment: Record<string, unknown>;
}

const timesOf = (stop: Stop): StopTimes => ({
  scheduledReady: stop.scheduledReadyDateTime,
  scheduledClose: stop.scheduledCloseDateTime,
  appointmentReady: stop.appointmentReadyDateTime,
  appointmentEnd: stop.appointmentEndDateTime,
  actualArrival: stop.actualArrivalDateTime,
  actualDeparture: stop.actualDepartureDateTime,
});

/** The rows to write to take the shipment from `before` to `after` (domain/shipment.ts made `after`). */
function writesOf(before: Shipment, after: Shipment): ChangeWrites {
  const legsBefore = new Map(before.transitLegs.map((l) => [l.transitLegId, l]));
  const stopsBefore = new Map(before.stops.map((s) => [s.stopId, s]));
  const refsBefore = new Set(before.referenceNumbers.map((r) => r.referenceId));
  const refsAfter = new Set(after.referenceNumbers.map((r) => r.referenceId));
  const shipment: Record<string, unknown> = {};
  if (after.status !== before.status) {
    shipment.status = after.status;
    shipment.status_changed_at = transactionTime;
  }
  if (after.lostQuote !== before.lostQuote) shipment.lost_quote_at = after.lostQuote ? transactionTime : null;
  if (after.noAccountingInvoice !== before.noAccountingInvoice)
    shipment.no_accounting_invoice = after.noAccountingInvoice;
  return {
    legs: after.transitLegs
      .filter((l) => legsBefore.get(l.transitLegId) !== l)
      .map((l) => ({ id: l.transitLegId, status: l.status })),
    stops: after.stops
      .filter((s) => stopsBefore.get(s.stopId) !== s)
      .map((s) => ({ stop_id: s.stopId, times: timesOf(s) })),
    deletedReferenceIds: before.referenceNumbers
      .filter((r) => !refsAfter.has(r.referenceId))
      .map((r) => r.referenceId),
    newReferences: after.referenceNumbers.filter((r) => !refsBefore.has(r.referenceId)),
    shipment,
  };
}

/** The save's events went in when the shipment did: its answer counts the shipment saved (decision 0107). */
const savedAll = (answer: { rows: { saved?: number }[] }): boolean => answer.rows[0]?.saved === 1;

/**
 * Writes the shipment loaded as `before` as it is `after` a change (the domain's evolve), with
 * `shipment.updated` (with the change's `sections`: a status update's move and note) and the change's other
 * events, in ONE statement (so one transaction and one round
 * trip). The write holds only while the shipment is still at the loaded version: answers undefined when
 * someone else changed it meanwhile (nothing written), and the caller loads it again and decides anew.
 */
export async function saveShipment(
  runtime: Runtime,
  db: Db,
  before: Shipment,
  after: Shipment,
  also: {
    /** what shipment.updated carries besides the state (a status update's statusChange and note) */
    sections?: UpdateSections;
    /** the change's other events (a lone note.added…) */
    events: OutboxEvent[];
    /** a tender the change owes a carrier (000 §4), recorded with it (see migration 0003) */
    tender?: OwedTender | null;
  },
): Promise<Shipment | undefined> {
  const changed = after.version !== before.version;
  const events = changed
    ? [
        {
          subject: subjects.shipmentUpdated,
          data: { ...updatedEvent(after), ...also.sections },
        } as OutboxEvent,
        ...also.events,
      ]
    : also.events;
  const owed = changed ? (also.tender ?? null) : null;
  if (!changed) {
    // Nothing of the shipment changes (a note alone): its events need no version check.
    await runtime.appendEvents(db, events);
    return after;
  }
  const writes = writesOf(before, after);
  const envelopes = outboxRows(runtime.config.service, events);
  const set = Object.entries(writes.shipment).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const json = (value: unknown) => JSON.stringify(value);
  const { rows } = await sql<{ saved: number }>`with s as (
      update shipment set ${sql.join([...set, sql`version = version + 1`, sql`updated_at = now()`])}
      where shipment_id = ${before.shipmentId} and version = ${before.version}
      returning shipment_id),
    legs as (
      update transit_leg t set status = x.status
      from json_to_recordset(${json(writes.legs)}::json) as x(id text, status int)
      where t.transit_leg_id = x.id and t.shipment_id in (select shipment_id from s)),
    stops as (
      update stop t set scheduled_ready = x."scheduledReady", scheduled_close = x."scheduledClose",
        appointment_ready = x."appointmentReady", appointment_end = x."appointmentEnd",
        actual_arrival = x."actualArrival", actual_departure = x."actualDeparture"
      from json_to_recordset(${json(writes.stops.map((w) => ({ stop_id: w.stop_id, ...w.times })))}::json)
        as x(stop_id text, "scheduledReady" timestamp, "scheduledClose" timestamp,
          "appointmentReady" timestamp, "appointmentEnd" timestamp, "actualArrival" timestamp,
          "actualDeparture" timestamp)
      where t.stop_id = x.stop_id and t.shipment_id in (select shipment_id from s)),
    deleted_refs as (
      delete from reference_number
      where reference_id = any(${writes.deletedReferenceIds}::text[])
        and shipment_id in (select shipment_id from s)),
    new_refs as (
      insert into reference_number (reference_id, shipment_id, transit_leg_id, reference_type_code, value, created_at)
      select x."referenceId", s.shipment_id, x."transitLegId", x."referenceTypeCode", x.value, now()
      from s, json_to_recordset(${json(writes.newReferences)}::json)
        as x("referenceId" text, "transitLegId" text, "referenceTypeCode" text, value text)),
    tender as (
      insert into dispatch_tender (idempotency_key, shipment_id, request, requested_by)
      select x.key, s.shipment_id, x.request, x.requested_by
      from s, json_to_recordset(${json(owed ? [{ key: owed.request.idempotencyKey, request: owed.request, requested_by: owed.requestedBy }] : [])}::json)
        as x(key text, request jsonb, requested_by text)),
    events as (
      insert into outbox (event_id, subject, envelope, traceparent)
      select x.event_id, x.subject, x.envelope, x.traceparent
      from s, ${outboxRecordset(envelopes, savedAll)})
    select count(*)::int as saved from s`.execute(db);
  return rows[0]?.saved === 1 ? after : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Inserting a new shipment (domain/shipment.ts: NewShipment).

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
 * Inserts a shipment with its legs, stops, references, bill-to, alerts, commodities and accessorials, and
 * writes `shipment.updated` (version 1) in the same transaction. With a fixed `shipmentId` that already
 * exists, inserts nothing and answers undefined (seeding twice changes nothing).
 */
export async function insertShipment(
  runtime: Runtime,
  trx: Db,
  draft: NewShipment,
): Promise<Shipment | undefined> {
  return (await insertShipments(runtime, trx, [draft]))[0];
}

/**
 * Inserts shipments as `insertShipment` does one, in a fixed number of round trips whatever their number (the
 * importer's batches): their numbers taken at once, every table written by one multi-row INSERT of one
 * statement, the shipments read back in one query, and their `shipment.updated` events in one insert. The
 * events are built from what was stored, as a single create's are. Answers each draft's shipment, in order
 * (undefined for a fixed `shipmentId` that already existed).
 */
export async function insertShipments(
  runtime: Runtime,
  trx: Db,
  drafts: readonly NewShipment[],
): Promise<(Shipment | undefined)[]> {
  if (drafts.length === 0) return [];
  const ids = await shipmentNumbers(trx, drafts);
  const blocked = await blockedCarriers(trx, drafts);
  const tables: Record<WrittenTable, Record<string, unknown>[]> = {
    shipment: [],
    transit_leg: [],
    stop: [],
    reference_number: [],
    bill_to: [],
    commodity: [],
    shipment_accessorial: [],
    shipment_alert: [],
  };
  drafts.forEach((draft, i) => {
    rowsOfDraft(draft, ids[i]!, blocked, tables);
  });
  const writes = (Object.keys(tables) as WrittenTable[])
    .filter((table) => table !== 'shipment' && tables[table].length > 0)
    .map(
      (table) => sql`${sql.raw(`w_${table}`)} as (${insertRows(table, tables[table])}
      where x.shipment_id in (select shipment_id from s))`,
    );
  const { rows } = await sql<{ shipment_id: number }>`with s as (
      ${insertRows('shipment', tables.shipment)} on conflict (shipment_id) do nothing returning shipment_id)
    ${writes.length > 0 ? sql`, ${sql.join(writes)}` : sql``}
    select shipment_id from s`.execute(trx);
  const inserted = new Set(rows.map((r) => Number(r.shipment_id)));
  if (inserted.size === 0) return drafts.map(() => undefined);
  const stored = new Map((await loadShipments(trx, [...inserted])).map((s) => [s.shipmentId, s]));
  const shipments = ids.map((id) => (inserted.has(id) ? stored.get(id) : undefined));
  await runtime.appendEvents(
    trx,
    shipments.flatMap((s) =>
      s ? [{ subject: subjects.shipmentUpdated, data: updatedEvent(s) } as const] : [],
    ),
  );
  return shipments;
}

type WrittenTable =
  | 'shipment'
  | 'transit_leg'
  | 'stop'
  | 'reference_number'
  | 'bill_to'
  | 'commodity'
  | 'shipment_accessorial'
  | 'shipment_alert';

/**
 * `insert into <table> (<the rows' keys>) select … from json_populate_recordset(null::<table>, $rows) as x`:
 * any number of rows as one parameter, each value read as its column's type; the columns the rows leave out
 * take their defaults.
 */
function insertRows(table: WrittenTable, rows: readonly Record<string, unknown>[]) {
  const columns = sql.join(Object.keys(rows[0]!).map((c) => sql.ref(c)));
  return sql`insert into ${sql.table(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json) as x`;
}

/** The drafts' shipment numbers: a fixed one as given, the others taken from the sequence at once. */
async function shipmentNumbers(trx: Db, drafts: readonly NewShipment[]): Promise<number[]> {
  const wanted = drafts.filter((d) => d.shipmentId === undefined).length;
  const { rows } =
    wanted === 0
      ? { rows: [] }
      : await sql<{ id: number }>`select nextval(pg_get_serial_sequence('shipment', 'shipment_id')) as id
          from generate_series(1, ${wanted}) order by 1`.execute(trx);
  let next = 0;
  return drafts.map((d) => d.shipmentId ?? Number(rows[next++]!.id));
}

/** Every table's rows of one draft (its shipment number given), added to `tables`. */
function rowsOfDraft(
  draft: NewShipment,
  shipmentId: number,
  blocked: ReadonlySet<string>,
  tables: Record<WrittenTable, Record<string, unknown>[]>,
): void {
  const createdAt = (draft.createdAt ?? new Date()).toISOString();
  tables.shipment.push({
    shipment_id: shipmentId,
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
    special_instructions: draft.specialInstructions ?? null,
    created_by_user_id: draft.createdBy.userId,
    created_by_name: draft.createdBy.name,
    created_at: createdAt,
    updated_at: createdAt,
    status_changed_at: createdAt,
  });
  const legIds = draft.transitLegs.map(() => newId('leg'));
  draft.transitLegs.forEach((l, i) => {
    tables.transit_leg.push({
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
    });
  });
  draft.stops.forEach((s, i) => {
    tables.stop.push({
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
    });
  });
  for (const r of draft.referenceNumbers)
    tables.reference_number.push({
      reference_id: newId('ref'),
      shipment_id: shipmentId,
      transit_leg_id: r.transitLegIndex === null ? null : legIds[r.transitLegIndex]!,
      reference_type_code: r.referenceTypeCode,
      value: r.value,
      created_at: createdAt,
    });
  if (draft.billTo) {
    const legIndex = draft.billTo.transitLegIndex;
    tables.bill_to.push({
      shipment_id: shipmentId,
      transit_leg_id: legIndex === null || legIndex === undefined ? null : legIds[legIndex]!,
      ...addressColumns(draft.billTo),
    });
  }
  for (const c of draft.commodities ?? [])
    tables.commodity.push({
      commodity_id: newId('cmd'),
      shipment_id: shipmentId,
      sequence: c.sequence,
      description: c.description,
      pieces: c.pieces,
      package_type: c.packageType,
      handling_units: c.handlingUnits,
      handling_unit_type: c.handlingUnitType,
      weight: c.weight,
      length: c.length,
      width: c.width,
      height: c.height,
      freight_class: c.freightClass,
      nmfc: c.nmfc,
      hazardous: c.hazardous,
      un_number: c.hazmat?.unNumber ?? null,
      proper_shipping_name: c.hazmat?.properShippingName ?? null,
      hazard_class: c.hazmat?.hazardClass ?? null,
      packing_group: c.hazmat?.packingGroup ?? null,
      emergency_contact_name: c.hazmat?.emergencyContactName ?? null,
      emergency_contact_phone: c.hazmat?.emergencyContactPhone ?? null,
    });
  for (const a of draft.accessorials ?? [])
    tables.shipment_accessorial.push({
      shipment_id: shipmentId,
      accessorial_id: a.accessorialId,
      name: a.name,
    });
  const alertTypes = new Set(draft.alertTypes);
  if (
    !isPastDelivered(draft.status) &&
    draft.transitLegs.some((l) => blocked.has(carrierKey(draft.brokerId, l.carrierMasterId)))
  )
    alertTypes.add(ShipmentAlertType.values.CarrierBlocked);
  for (const alertType of alertTypes)
    tables.shipment_alert.push({
      alert_id: newId('alr'),
      shipment_id: shipmentId,
      alert_type: alertType,
      resolved_at: null,
      created_at: createdAt,
    });
}

const carrierKey = (brokerId: string, carrierMasterId: string | null | undefined) =>
  `${brokerId} ${carrierMasterId ?? ''}`;

/**
 * The carriers of the drafts' legs their brokers have already blocked (the carriers service's
 * brokercarrier.changed, read model `broker_carrier`), in one query: a shipment under way created with one
 * gets the carrier-blocked alert (002 §3.4, 218); a carrier blocked later is alerted by the consumer
 * (events/carrier-blocked-alert.ts).
 */
async function blockedCarriers(trx: Db, drafts: readonly NewShipment[]): Promise<Set<string>> {
  const pairs = drafts.flatMap((d) =>
    isPastDelivered(d.status)
      ? []
      : d.transitLegs.flatMap((l) => (l.carrierMasterId ? [[d.brokerId, l.carrierMasterId] as const] : [])),
  );
  if (pairs.length === 0) return new Set();
  const { rows } = await sql<{
    broker_id: string;
    carrier_master_id: string;
  }>`select c.broker_id, c.carrier_master_id
    from broker_carrier c
    join unnest(${sql.val(pairs.map((p) => p[0]))}::text[], ${sql.val(pairs.map((p) => p[1]))}::text[])
      as x(broker_id, carrier_master_id)
      on c.broker_id = x.broker_id and c.carrier_master_id = x.carrier_master_id
    where c.status = ${BrokerCarrierStatus.values.Blocked}`.execute(trx);
  return new Set(rows.map((r) => carrierKey(r.broker_id, r.carrier_master_id)));
}
