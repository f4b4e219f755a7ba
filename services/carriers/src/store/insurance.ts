// Insurances in SQL: a batch of the daily watch (each status move written once, with its event, and the
// broker carrier's insurance status and compliance republished when they move) and adding or renewing a
// certificate.
import { CarrierInsuranceStatus, INSURANCE_EXPIRY_WARNING_DAYS } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { newId } from '@loadline/platform';
import { sql } from 'kysely';
import type { Actor, InsuranceInput } from '../domain/carriers.ts';
import { type InsuranceStatusCode, insuranceMoveOn, insuranceStatusOn } from '../domain/insurance.ts';
import { type Db, type Events, publishBrokerCarrier } from './carriers.ts';

const Expired = CarrierInsuranceStatus.byCode.Expired.code;
const Current = CarrierInsuranceStatus.byCode.Current.code;
const warningWindowDays = Math.max(...INSURANCE_EXPIRY_WARNING_DAYS);

/** What one batch of the watch read and moved; `last` is where the next batch starts after. */
export interface WatchBatch {
  count: number;
  last: string | undefined;
  moved: number;
  republished: number;
}

/**
 * One batch of the daily watch, in the caller's transaction: the next `limit` insurances after `after`
 * that can move on `today`, locked; each move written with its event, and each broker carrier touched
 * republished when its insurance status or compliance moved. Two passes at once take turns on the
 * locks, so each move is published once.
 */
export async function watchBatch(
  events: Events,
  trx: Db,
  today: string,
  after: string,
  limit: number,
): Promise<WatchBatch> {
  // Only rows that can move: not Expired already, or dated within the warning window, or not Current.
  const rows = await trx
    .selectFrom('carrier_insurance as i')
    .innerJoin('broker_carrier as b', 'b.broker_carrier_id', 'i.broker_carrier_id')
    .innerJoin('carrier_master as m', 'm.carrier_master_id', 'b.carrier_master_id')
    .select([
      'i.broker_carrier_insurance_id',
      'i.broker_carrier_id',
      'i.insurance_type',
      'i.insurance_status',
      sql<string>`i.expiration_date::text`.as('expiration_date'),
      'b.broker_id',
      'b.carrier_master_id',
      'm.name',
    ])
    .where('i.broker_carrier_insurance_id', '>', after)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('i.insurance_status', '<>', Expired),
          eb('i.expiration_date', '<=', sql<string>`${today}::date + ${sql.lit(warningWindowDays)}`),
        ]),
        eb.and([
          eb('i.insurance_status', '<>', Current),
          eb('i.expiration_date', '>', sql<string>`${today}::date`),
        ]),
      ]),
    )
    .orderBy('i.broker_carrier_insurance_id')
    .limit(limit)
    .forUpdate('i')
    .execute();
  const touched = new Set<string>();
  let moved = 0;
  for (const row of rows) {
    const move = insuranceMoveOn(row.insurance_status as InsuranceStatusCode, row.expiration_date, today);
    if (!move) continue;
    await trx
      .updateTable('carrier_insurance')
      .set({ insurance_status: move.status, status_as_of: today, updated_at: sql`now()` })
      .where('broker_carrier_insurance_id', '=', row.broker_carrier_insurance_id)
      .execute();
    await events.appendEvent(trx, subjects.carrierInsuranceStatusChanged, {
      brokerCarrierInsuranceId: row.broker_carrier_insurance_id,
      brokerCarrierId: row.broker_carrier_id,
      brokerId: row.broker_id,
      carrierMasterId: row.carrier_master_id,
      carrierMasterName: row.name,
      insuranceType: row.insurance_type,
      expirationDate: row.expiration_date,
      previousStatus: move.previousStatus,
      status: move.status,
      asOf: today,
    });
    touched.add(row.broker_carrier_id);
    moved++;
  }
  let republished = 0;
  for (const brokerCarrierId of touched) {
    await trx
      .selectFrom('broker_carrier')
      .select('broker_carrier_id')
      .where('broker_carrier_id', '=', brokerCarrierId)
      .forUpdate()
      .execute();
    if (await publishBrokerCarrier(events, trx, brokerCarrierId, today, {}, null, { onlyIfMoved: true }))
      republished++;
  }
  return { count: rows.length, last: rows.at(-1)?.broker_carrier_insurance_id, moved, republished };
}

/**
 * Adds a certificate to a broker carrier, or changes one of its own (a renewal moves the expiration
 * date). Its status is worked out at once and published when it differs; the broker carrier is
 * republished (its insurance status and compliance may move). The broker carrier row must be locked.
 */
export async function saveInsurance(
  events: Events,
  trx: Db,
  brokerCarrierId: string,
  input: InsuranceInput,
  today: string,
  changedBy: Actor,
): Promise<{ brokerCarrierInsuranceId: string } | { notFound: true }> {
  const status = insuranceStatusOn(input.expirationDate, today);
  let id = input.brokerCarrierInsuranceId;
  let previous: InsuranceStatusCode | null = null;
  if (id) {
    const existing = await trx
      .selectFrom('carrier_insurance')
      .select('insurance_status')
      .where('broker_carrier_insurance_id', '=', id)
      .where('broker_carrier_id', '=', brokerCarrierId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) return { notFound: true };
    previous = existing.insurance_status as InsuranceStatusCode;
    await trx
      .updateTable('carrier_insurance')
      .set({
        insurance_type: input.insuranceType,
        insurer_name: input.insurerName,
        policy_number: input.policyNumber,
        coverage_amount: input.coverageAmount,
        expiration_date: input.expirationDate,
        insurance_status: status,
        status_as_of: today,
        updated_at: sql`now()`,
      })
      .where('broker_carrier_insurance_id', '=', id)
      .execute();
  } else {
    id = newId('ins');
    await trx
      .insertInto('carrier_insurance')
      .values({
        broker_carrier_insurance_id: id,
        broker_carrier_id: brokerCarrierId,
        insurance_type: input.insuranceType,
        insurer_name: input.insurerName,
        policy_number: input.policyNumber,
        coverage_amount: input.coverageAmount,
        source_type: 1,
        expiration_date: input.expirationDate,
        insurance_status: status,
        status_as_of: today,
      })
      .execute();
  }
  if (previous !== status) {
    const bc = await trx
      .selectFrom('broker_carrier as b')
      .innerJoin('carrier_master as m', 'm.carrier_master_id', 'b.carrier_master_id')
      .select(['b.broker_id', 'b.carrier_master_id', 'm.name'])
      .where('b.broker_carrier_id', '=', brokerCarrierId)
      .executeTakeFirstOrThrow();
    await events.appendEvent(trx, subjects.carrierInsuranceStatusChanged, {
      brokerCarrierInsuranceId: id,
      brokerCarrierId,
      brokerId: bc.broker_id,
      carrierMasterId: bc.carrier_master_id,
      carrierMasterName: bc.name,
      insuranceType: input.insuranceType,
      expirationDate: input.expirationDate,
      previousStatus: previous,
      status,
      asOf: today,
    });
  }
  await publishBrokerCarrier(events, trx, brokerCarrierId, today, {}, changedBy, { onlyIfMoved: true });
  return { brokerCarrierInsuranceId: id };
}
