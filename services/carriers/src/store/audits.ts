// Audits in SQL: recording one (replacing the leg's earlier audit of the same category) together
// with the score's running sums and the event, and reading a shipment's audits.
import { subjects } from '@loadline/contracts/events';
import { newId } from '@loadline/platform';
import { sql } from 'kysely';
import {
  type AuditCategoryCode,
  type RecordedAudit,
  type ScoredAudit,
  type ScoreTally,
  tallyChange,
} from '../domain/audits.ts';
import type { Actor } from '../domain/carriers.ts';
import type { Db, Events } from './carriers.ts';

/** Adds a change to the running sums of a broker and carrier (creating the row on the first audit). */
export async function addToTally(
  trx: Db,
  brokerId: string,
  carrierMasterId: string,
  change: ScoreTally,
): Promise<void> {
  await trx
    .insertInto('carrier_score')
    .values({
      broker_id: brokerId,
      carrier_master_id: carrierMasterId,
      pickup_count: change.pickupCount,
      pickup_points: change.pickupPoints,
      pickup_max_points: change.pickupMaxPoints,
      delivery_count: change.deliveryCount,
      delivery_points: change.deliveryPoints,
      delivery_max_points: change.deliveryMaxPoints,
    })
    .onConflict((oc) =>
      oc.columns(['broker_id', 'carrier_master_id']).doUpdateSet({
        pickup_count: sql`carrier_score.pickup_count + excluded.pickup_count`,
        pickup_points: sql`carrier_score.pickup_points + excluded.pickup_points`,
        pickup_max_points: sql`carrier_score.pickup_max_points + excluded.pickup_max_points`,
        delivery_count: sql`carrier_score.delivery_count + excluded.delivery_count`,
        delivery_points: sql`carrier_score.delivery_points + excluded.delivery_points`,
        delivery_max_points: sql`carrier_score.delivery_max_points + excluded.delivery_max_points`,
      }),
    )
    .execute();
}

export interface NewAudit {
  auditId?: string;
  brokerId: string;
  carrierMasterId: string;
  shipmentId: number;
  transitLegId: string;
  category: AuditCategoryCode;
  scored: ScoredAudit;
  recordedBy: Actor;
  recordedAt?: Date;
}

/**
 * Records an audit in the caller's transaction: replaces the leg's earlier audit of the category,
 * moves the score's sums by the difference and writes `audit.recorded`. Returns the audit id.
 */
export async function recordAudit(events: Events, trx: Db, audit: NewAudit): Promise<string> {
  const auditId = audit.auditId ?? newId('aud');
  // Two recordings of the same leg and category at once take turns: the second replaces the first.
  await sql`select pg_advisory_xact_lock(hashtext(${`audit:${audit.brokerId}:${audit.transitLegId}:${audit.category}`}))`.execute(
    trx,
  );
  const replaced = await trx
    .deleteFrom('carrier_audit')
    .where('broker_id', '=', audit.brokerId)
    .where('transit_leg_id', '=', audit.transitLegId)
    .where('category', '=', audit.category)
    .returning(['audit_id', 'carrier_master_id', 'points', 'max_points'])
    .executeTakeFirst();
  await trx
    .insertInto('carrier_audit')
    .values({
      audit_id: auditId,
      broker_id: audit.brokerId,
      carrier_master_id: audit.carrierMasterId,
      shipment_id: audit.shipmentId,
      transit_leg_id: audit.transitLegId,
      category: audit.category,
      answers: JSON.stringify(audit.scored.answers),
      points: audit.scored.points,
      max_points: audit.scored.maxPoints,
      recorded_by_user_id: audit.recordedBy.userId,
      recorded_by_name: audit.recordedBy.name,
      ...(audit.recordedAt ? { recorded_at: audit.recordedAt } : {}),
    })
    .execute();
  if (replaced && replaced.carrier_master_id !== audit.carrierMasterId) {
    // The leg changed carrier since: the old audit leaves the old carrier's score.
    await addToTally(trx, audit.brokerId, replaced.carrier_master_id, {
      ...negate(
        tallyChange(audit.category, { points: replaced.points, maxPoints: replaced.max_points }, null),
      ),
    });
    await addToTally(
      trx,
      audit.brokerId,
      audit.carrierMasterId,
      tallyChange(audit.category, audit.scored, null),
    );
  } else {
    await addToTally(
      trx,
      audit.brokerId,
      audit.carrierMasterId,
      tallyChange(
        audit.category,
        audit.scored,
        replaced ? { points: replaced.points, maxPoints: replaced.max_points } : null,
      ),
    );
  }
  await events.appendEvent(trx, subjects.carrierAuditRecorded, {
    auditId,
    brokerId: audit.brokerId,
    carrierMasterId: audit.carrierMasterId,
    shipmentId: audit.shipmentId,
    transitLegId: audit.transitLegId,
    category: audit.category,
    score: Math.round(audit.scored.score * 10_000) / 10_000,
    replacedAuditId: replaced?.audit_id ?? null,
    recordedBy: audit.recordedBy,
  });
  return auditId;
}

const negate = (t: ScoreTally): ScoreTally => ({
  pickupCount: -t.pickupCount,
  pickupPoints: -t.pickupPoints,
  pickupMaxPoints: -t.pickupMaxPoints,
  deliveryCount: -t.deliveryCount,
  deliveryPoints: -t.deliveryPoints,
  deliveryMaxPoints: -t.deliveryMaxPoints,
});

/** A shipment's audits recorded by a broker. */
export async function shipmentAudits(db: Db, brokerId: string, shipmentId: number): Promise<RecordedAudit[]> {
  const rows = await db
    .selectFrom('carrier_audit')
    .selectAll()
    .where('broker_id', '=', brokerId)
    .where('shipment_id', '=', shipmentId)
    .orderBy('recorded_at')
    .execute();
  return rows.map((r) => ({
    auditId: r.audit_id,
    shipmentId: Number(r.shipment_id),
    transitLegId: r.transit_leg_id,
    carrierMasterId: r.carrier_master_id,
    category: r.category as AuditCategoryCode,
    answers: r.answers as Record<string, unknown>,
    points: r.points,
    maxPoints: r.max_points,
    recordedBy: r.recorded_by_name,
    recordedDate: r.recorded_at.toISOString(),
  }));
}
