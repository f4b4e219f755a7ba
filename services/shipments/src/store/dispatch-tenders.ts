// Tenders owed to carriers (migration 0003). A status change that owes one records it in its own
// statement (saveShipmentChange); it is settled once, with the outcome as a system note
// (note.added) in the same transaction, whoever tenders it: the request that made the change, or
// the dispatch-recovery job after a crash between the commit and the tender.
import { subjects } from '@loadline/contracts/events';
import { newId, type ServiceRuntime, sql } from '@loadline/platform';
import type { DispatchRequest } from '../domain/dispatch.ts';
import {
  type DispatchOutcome,
  dispatchNoteAccessLevel,
  dispatchNoteText,
  dispatchNoteType,
  systemActor,
} from '../domain/dispatch.ts';
import type { Db } from './shipments.ts';
import type { ShipmentsTables } from './tables.ts';

type Runtime = ServiceRuntime<ShipmentsTables>;

export interface PendingTender {
  request: DispatchRequest;
  requestedBy: string;
  /** the leg's status now: a recovered tender is sent only while the leg is still where it moved */
  legStatusNow: number | null;
}

/**
 * Settles a tender with the carrier's answer and writes its note, once: answers false (and writes
 * nothing) when it was already settled, e.g. by the recovery job racing a slow request.
 */
export async function settleTender(
  runtime: Runtime,
  request: DispatchRequest,
  outcome: DispatchOutcome,
  requestedBy: string,
  adapterName: string,
): Promise<boolean> {
  return runtime.db.transaction().execute(async (trx) => {
    const settled = await trx
      .updateTable('dispatch_tender')
      .set({ settled_at: sql<Date>`now()`, outcome: outcome.dispatched ? 'dispatched' : 'refused' })
      .where('idempotency_key', '=', request.idempotencyKey)
      .where('settled_at', 'is', null)
      .returning('shipment_id')
      .executeTakeFirst();
    if (!settled) return false;
    const shipment = await trx
      .selectFrom('shipment')
      .select(['broker_id', 'customer_organization_id'])
      .where('shipment_id', '=', request.shipmentId)
      .executeTakeFirstOrThrow();
    await runtime.appendEvent(trx, subjects.shipmentNoteAdded, {
      noteId: newId('note'),
      shipmentId: request.shipmentId,
      brokerId: shipment.broker_id,
      customerOrganizationId: shipment.customer_organization_id,
      activityType: dispatchNoteType,
      accessLevel: dispatchNoteAccessLevel,
      description: dispatchNoteText({
        outcome,
        status: request.status,
        carrierName: request.carrier.name,
        scac: request.carrier.scac,
        adapterName,
        requestedBy,
      }),
      pinned: false,
      createdBy: { ...systemActor },
      createdDate: new Date().toISOString(),
    });
    return true;
  });
}

/** Settles a recovered tender that is no longer owed (the leg moved on): no tender, no note. */
export async function skipTender(db: Db, idempotencyKey: string): Promise<void> {
  await db
    .updateTable('dispatch_tender')
    .set({ settled_at: sql<Date>`now()`, outcome: 'skipped' })
    .where('idempotency_key', '=', idempotencyKey)
    .where('settled_at', 'is', null)
    .execute();
}

/** Tenders still pending that were recorded before `recordedBefore`, oldest first. */
export async function pendingTenders(db: Db, recordedBefore: Date, limit = 100): Promise<PendingTender[]> {
  const rows = await db
    .selectFrom('dispatch_tender as d')
    .leftJoin('transit_leg as l', (join) =>
      join.on('l.transit_leg_id', '=', sql<string>`d.request->>'transitLegId'`),
    )
    .select(['d.request', 'd.requested_by', 'l.status'])
    .where('d.settled_at', 'is', null)
    .where('d.created_at', '<', recordedBefore)
    .orderBy('d.created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    request: r.request as DispatchRequest,
    requestedBy: r.requested_by,
    legStatusNow: r.status ?? null,
  }));
}
