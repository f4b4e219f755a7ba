// SQL of tracking status requests (decision 0072): the broker's shipments and carriers as this service keeps
// them from the shipments and carriers services' events, and the broker's content templates.
import type { Kysely } from '@loadline/platform';
import type { CarrierContact } from '../domain/tracking-requests.ts';
import type { AttachmentsTables } from './tables.ts';

type Db = Kysely<AttachmentsTables>;

export function shipmentsOfBroker(db: Db, brokerId: string, ids: readonly number[]) {
  return db
    .selectFrom('shipment_view')
    .select(['shipment_id', 'shipment_type', 'state'])
    .where('broker_id', '=', brokerId)
    .where('shipment_id', 'in', [...ids])
    .execute();
}

export async function carrierContacts(
  db: Db,
  brokerId: string,
  carrierMasterIds: readonly string[],
): Promise<CarrierContact[]> {
  if (carrierMasterIds.length === 0) return [];
  const rows = await db
    .selectFrom('carrier_compliance')
    .select(['carrier_master_id', 'carrier_name', 'email'])
    .where('broker_id', '=', brokerId)
    .where('carrier_master_id', 'in', [...carrierMasterIds])
    .execute();
  return rows.map((r) => ({
    carrierMasterId: r.carrier_master_id,
    carrierName: r.carrier_name,
    email: r.email,
  }));
}

export function findTemplate(db: Db, brokerId: string, templateType: number) {
  return db
    .selectFrom('content_template')
    .select(['subject', 'body'])
    .where('broker_id', '=', brokerId)
    .where('kind', '=', 'content')
    .where('template_type', '=', templateType)
    .executeTakeFirst();
}

/** Seeds (or keeps) a template; seeding twice changes nothing. */
export async function ensureTemplate(
  db: Db,
  brokerId: string,
  templateType: number,
  template: { subject: string; body: string },
): Promise<void> {
  await db
    .insertInto('content_template')
    .values({ broker_id: brokerId, template_type: templateType, ...template })
    .onConflict((oc) => oc.columns(['broker_id', 'kind', 'template_type']).doNothing())
    .execute();
}

/** The tracking status requests among the broker's messages a reply names: the shipments they asked about. */
export async function trackingRequestsNamed(db: Db, brokerId: string, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectFrom('outgoing_message')
    .select(['message_id', 'tracking_shipment_ids'])
    .where('broker_id', '=', brokerId)
    .where('message_id', 'in', [...messageIds])
    .where('tracking_shipment_ids', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.tracking_shipment_ids ?? []).map(Number));
}
