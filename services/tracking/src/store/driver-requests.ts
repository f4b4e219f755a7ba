// SQL of the driver-location requests (one-time links texted to a driver) and of the local text-message
// sink's messages as the development page lists them.
import type { Kysely } from '@loadline/platform';
import type { TrackingTables } from './tables.ts';

type Db = Kysely<TrackingTables>;

export interface NewDriverRequest {
  requestId: string;
  shipmentId: number;
  cellPhone: string;
  requestedBy: { userId: string; name: string };
  expiresAt: Date;
}

export async function insertDriverRequest(db: Db, r: NewDriverRequest): Promise<void> {
  await db
    .insertInto('driver_location_request')
    .values({
      request_id: r.requestId,
      shipment_id: r.shipmentId,
      cell_phone: r.cellPhone,
      requested_by_user_id: r.requestedBy.userId,
      requested_by_name: r.requestedBy.name,
      expires_at: r.expiresAt,
      sent_at: null,
      used_at: null,
      location_id: null,
    })
    .execute();
}

export function findDriverRequest(db: Db, requestId: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('driver_location_request').selectAll().where('request_id', '=', requestId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markDriverRequestSent(db: Db, requestId: string, at: Date): Promise<void> {
  await db
    .updateTable('driver_location_request')
    .set({ sent_at: at })
    .where('request_id', '=', requestId)
    .execute();
}

export async function markDriverRequestUsed(db: Db, requestId: string, at: Date, locationId: number) {
  await db
    .updateTable('driver_location_request')
    .set({ used_at: at, location_id: locationId })
    .where('request_id', '=', requestId)
    .execute();
}

/** The local sink's texts about a broker's loads, newest first. */
export function textMessagesOfBroker(db: Db, brokerId: string, limit: number) {
  return db
    .selectFrom('text_message')
    .innerJoin('driver_location_request as r', 'r.request_id', 'text_message.reference')
    .innerJoin('shipment as s', 's.shipment_id', 'r.shipment_id')
    .selectAll('text_message')
    .where('s.broker_id', '=', brokerId)
    .orderBy('text_message.message_id', 'desc')
    .limit(limit)
    .execute();
}
