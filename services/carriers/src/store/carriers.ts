// Carrier masters and broker carriers in SQL: the whole view of a carrier for a broker in one
// statement, and the one place a broker carrier changes (version bump, brokercarrier.changed).
import type { BrokerCarrierStatusValue } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import type { EventWriter } from '@loadline/platform';
import { type Kysely, sql } from 'kysely';
import type { ScoreTally } from '../domain/audits.ts';
import type {
  Actor,
  BrokerCarrier,
  BrokerCarrierRef,
  CarrierView,
  Contact,
  Insurance,
} from '../domain/carriers.ts';
import { complianceOn } from '../domain/compliance.ts';
import type { PreferredRegion } from '../domain/regions.ts';
import type { CarriersTables } from './tables.ts';

export type Db = Kysely<CarriersTables>;
/** the outbox: a change's events written in its transaction */
export type Events = EventWriter<CarriersTables>;

interface ViewRow {
  carrier_master_id: string;
  name: string;
  scac: string | null;
  phone: string | null;
  email: string | null;
  mc_number: string | null;
  dot_number: string | null;
  authority: number;
  dot_status: number;
  tsa_compliance: number;
  carrier_rating: string;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  broker_carrier:
    | (Omit<BrokerCarrier, 'insurances' | 'contacts' | 'preferredRegions'> & {
        insurances: Insurance[] | null;
        contacts: Contact[] | null;
        preferredRegions: { regionId: number; type: number }[] | null;
      })
    | null;
  score: {
    pickup_count: number;
    pickup_points: number;
    pickup_max_points: number;
    delivery_count: number;
    delivery_points: number;
    delivery_max_points: number;
  } | null;
}

/** The whole view in one statement (the details, compliance and score calls read it). */
export async function loadCarrierView(
  db: Db,
  carrierMasterId: string,
  brokerId: string,
): Promise<CarrierView | undefined> {
  const { rows } = await sql<ViewRow>`select m.carrier_master_id, m.name, m.scac, m.phone, m.email,
      m.mc_number, m.dot_number, m.authority, m.dot_status, m.tsa_compliance, m.carrier_rating,
      m.city, m.state, m.zip_code,
      (select json_build_object(
          'brokerCarrierId', b.broker_carrier_id, 'brokerId', b.broker_id, 'status', b.status,
          'inherited', b.inherited, 'favorite', b.favorite, 'portalLink', b.portal_link,
          'insuranceStatus', b.insurance_status, 'inCompliance', b.in_compliance, 'version', b.version,
          'insurances', (select json_agg(json_build_object(
              'brokerCarrierInsuranceId', i.broker_carrier_insurance_id, 'insuranceType', i.insurance_type,
              'insurerName', i.insurer_name, 'policyNumber', i.policy_number,
              'coverageAmount', i.coverage_amount, 'sourceType', i.source_type,
              'expirationDate', i.expiration_date::text)
            order by i.expiration_date, i.broker_carrier_insurance_id)
            from carrier_insurance i where i.broker_carrier_id = b.broker_carrier_id),
          'contacts', (select json_agg(json_build_object(
              'contactId', c.contact_id, 'contactType', c.contact_type, 'name', c.name,
              'phone', c.phone, 'email', c.email) order by c.sequence)
            from carrier_contact c where c.broker_carrier_id = b.broker_carrier_id),
          'preferredRegions', (select json_agg(json_build_object('regionId', r.region, 'type', r.type)
              order by r.region)
            from preferred_region r where r.broker_carrier_id = b.broker_carrier_id))
        from broker_carrier b where b.carrier_master_id = m.carrier_master_id and b.broker_id = ${brokerId})
        as broker_carrier,
      (select row_to_json(s) from carrier_score s
        where s.carrier_master_id = m.carrier_master_id and s.broker_id = ${brokerId}) as score
    from carrier_master m where m.carrier_master_id = ${carrierMasterId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const b = row.broker_carrier;
  const s = row.score;
  return {
    master: {
      carrierMasterId: row.carrier_master_id,
      name: row.name,
      scac: row.scac,
      phone: row.phone,
      email: row.email,
      mcNumber: row.mc_number,
      dotNumber: row.dot_number,
      authority: row.authority,
      dotStatus: row.dot_status,
      tsaCompliance: row.tsa_compliance,
      carrierRating: row.carrier_rating,
      city: row.city,
      state: row.state,
      zipCode: row.zip_code,
    },
    brokerCarrier: b
      ? {
          ...b,
          insurances: (b.insurances ?? []).map((i) => ({
            ...i,
            coverageAmount: i.coverageAmount === null ? null : Number(i.coverageAmount),
          })),
          contacts: b.contacts ?? [],
          preferredRegions: b.preferredRegions ?? [],
        }
      : null,
    tally: {
      pickupCount: Number(s?.pickup_count ?? 0),
      pickupPoints: Number(s?.pickup_points ?? 0),
      pickupMaxPoints: Number(s?.pickup_max_points ?? 0),
      deliveryCount: Number(s?.delivery_count ?? 0),
      deliveryPoints: Number(s?.delivery_points ?? 0),
      deliveryMaxPoints: Number(s?.delivery_max_points ?? 0),
    },
  };
}

/** A broker carrier of this broker (locked for the transaction with `forUpdate`). */
export async function findBrokerCarrier(
  db: Db,
  brokerCarrierId: string,
  brokerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<BrokerCarrierRef | undefined> {
  let query = db
    .selectFrom('broker_carrier')
    .select([
      'broker_carrier_id',
      'broker_id',
      'carrier_master_id',
      'status',
      'favorite',
      'inherited',
      'portal_link',
    ])
    .where('broker_carrier_id', '=', brokerCarrierId)
    .where('broker_id', '=', brokerId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? {
        brokerCarrierId: row.broker_carrier_id,
        brokerId: row.broker_id,
        carrierMasterId: row.carrier_master_id,
        status: row.status,
        favorite: row.favorite,
        inherited: row.inherited,
        portalLink: row.portal_link,
      }
    : undefined;
}

/** Replaces a broker carrier's preferred regions with `regions` (checked by domain/regions.ts). */
export async function replacePreferredRegions(
  trx: Db,
  brokerCarrierId: string,
  regions: readonly PreferredRegion[],
): Promise<void> {
  await trx.deleteFrom('preferred_region').where('broker_carrier_id', '=', brokerCarrierId).execute();
  if (regions.length === 0) return;
  await trx
    .insertInto('preferred_region')
    .values(regions.map((r) => ({ broker_carrier_id: brokerCarrierId, region: r.regionId, type: r.type })))
    .execute();
}

/** The shape of brokercarrier.changed this service publishes: 1 since the phone and compliance reasons. */
export const BROKER_CARRIER_EVENT_SHAPE = 1;

/**
 * The one way a broker carrier changes: applies `changes`, works out its insurance status and
 * compliance on `today`, bumps the version and writes `brokercarrier.changed`, in the caller's
 * transaction. The row must already be locked by the caller when it read the state it changes.
 */
export async function publishBrokerCarrier(
  events: Events,
  trx: Db,
  brokerCarrierId: string,
  today: string,
  changes: { status?: number; favorite?: boolean },
  changedBy: Actor | null,
  options: { created?: boolean; onlyIfMoved?: boolean } = {},
): Promise<boolean> {
  const before = await trx
    .selectFrom('broker_carrier as b')
    .innerJoin('carrier_master as m', 'm.carrier_master_id', 'b.carrier_master_id')
    .select([
      'b.broker_id',
      'b.carrier_master_id',
      'b.status',
      'b.favorite',
      'b.inherited',
      'b.version',
      'b.insurance_status',
      'b.in_compliance',
      'm.name',
      'm.scac',
      'm.email',
      'm.phone',
      'm.authority',
      'm.dot_status',
      'm.carrier_rating',
    ])
    .where('b.broker_carrier_id', '=', brokerCarrierId)
    .executeTakeFirstOrThrow();
  const insurances = await trx
    .selectFrom('carrier_insurance')
    .select(['insurance_type as insuranceType', sql<string>`expiration_date::text`.as('expirationDate')])
    .where('broker_carrier_id', '=', brokerCarrierId)
    .execute();
  const status = changes.status ?? before.status;
  const favorite = changes.favorite ?? before.favorite;
  const compliance = complianceOn(
    {
      authority: before.authority,
      dotStatus: before.dot_status,
      carrierRating: before.carrier_rating,
      brokerCarrierStatus: status,
      insurances,
    },
    today,
  );
  // The daily watch republishes only what moved: the insurance status or the compliance.
  if (
    options.onlyIfMoved &&
    compliance.insuranceStatus === before.insurance_status &&
    compliance.inCompliance === before.in_compliance
  )
    return false;
  const version = options.created ? before.version : before.version + 1;
  await trx
    .updateTable('broker_carrier')
    .set({
      status,
      favorite,
      insurance_status: compliance.insuranceStatus,
      in_compliance: compliance.inCompliance,
      version,
      event_shape: BROKER_CARRIER_EVENT_SHAPE,
      updated_at: sql`now()`,
    })
    .where('broker_carrier_id', '=', brokerCarrierId)
    .execute();
  await events.appendEvent(trx, subjects.brokerCarrierChanged, {
    brokerCarrierId,
    version,
    brokerId: before.broker_id,
    carrierMasterId: before.carrier_master_id,
    carrierMasterName: before.name,
    scac: before.scac,
    status: status as BrokerCarrierStatusValue,
    previousStatus: options.created ? null : (before.status as BrokerCarrierStatusValue),
    favorite,
    inherited: before.inherited,
    insuranceStatus: compliance.insuranceStatus,
    inCompliance: compliance.inCompliance,
    changedBy,
    email: before.email,
    phone: before.phone,
    complianceReasons: compliance.reasons.map((r) => r.code),
  });
  return true;
}

/** The score's running sums of a broker and carrier. */
export async function loadTally(db: Db, brokerId: string, carrierMasterId: string): Promise<ScoreTally> {
  const row = await db
    .selectFrom('carrier_score')
    .selectAll()
    .where('broker_id', '=', brokerId)
    .where('carrier_master_id', '=', carrierMasterId)
    .executeTakeFirst();
  return {
    pickupCount: Number(row?.pickup_count ?? 0),
    pickupPoints: Number(row?.pickup_points ?? 0),
    pickupMaxPoints: Number(row?.pickup_max_points ?? 0),
    deliveryCount: Number(row?.delivery_count ?? 0),
    deliveryPoints: Number(row?.delivery_points ?? 0),
    deliveryMaxPoints: Number(row?.delivery_max_points ?? 0),
  };
}

export async function carrierExists(db: Db, carrierMasterId: string): Promise<boolean> {
  const row = await db
    .selectFrom('carrier_master')
    .select('carrier_master_id')
    .where('carrier_master_id', '=', carrierMasterId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Broker carriers last published in an older shape of brokercarrier.changed, locked for the transaction
 * (others' locked rows skipped: another replica is publishing them), at most `limit`.
 */
export async function brokerCarriersPublishedBefore(
  trx: Db,
  shape: number,
  limit: number,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('broker_carrier')
    .select('broker_carrier_id')
    .where('event_shape', '<', shape)
    .orderBy('broker_carrier_id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((r) => r.broker_carrier_id);
}
