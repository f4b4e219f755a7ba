// Reads of the read models (events/read-models.ts).
import type { Kysely } from '@loadline/platform';
import type { ChargeLine } from '../domain/document-content.ts';
import type { ShipmentState } from '../domain/documents.ts';
import type { AttachmentsTables } from './tables.ts';

type Db = Kysely<AttachmentsTables>;

export interface ShipmentView {
  shipmentId: number;
  brokerId: string;
  customerOrganizationId: string;
  status: number;
  shipmentType: number;
  carrierMasterIds: string[];
  state: ShipmentState;
}

export async function findShipment(db: Db, shipmentId: number): Promise<ShipmentView | undefined> {
  const row = await db
    .selectFrom('shipment_view')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    shipmentId: Number(row.shipment_id),
    brokerId: row.broker_id,
    customerOrganizationId: row.customer_organization_id,
    status: row.status,
    shipmentType: row.shipment_type,
    carrierMasterIds: row.carrier_master_ids,
    state: row.state as ShipmentState,
  };
}

export async function findOrganization(db: Db, organizationId: string) {
  const row = await db
    .selectFrom('organization_view')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row
    ? { organizationId: row.organization_id, brokerId: row.broker_id, name: row.name, active: row.active }
    : undefined;
}

/** Whose a broker carrier is; a record already known is kept (its owner never changes). */
export async function saveBrokerCarrierOwner(
  db: Db,
  c: { brokerCarrierId: string; brokerId: string; carrierMasterId: string },
): Promise<void> {
  await db
    .insertInto('broker_carrier_view')
    .values({
      broker_carrier_id: c.brokerCarrierId,
      broker_id: c.brokerId,
      carrier_master_id: c.carrierMasterId,
    })
    .onConflict((oc) => oc.column('broker_carrier_id').doNothing())
    .execute();
}

/** Whose an insurance certificate is. */
export async function saveInsuranceOwner(
  db: Db,
  i: { brokerCarrierInsuranceId: string; brokerCarrierId: string; brokerId: string },
): Promise<void> {
  await db
    .insertInto('carrier_insurance_view')
    .values({
      broker_carrier_insurance_id: i.brokerCarrierInsuranceId,
      broker_carrier_id: i.brokerCarrierId,
      broker_id: i.brokerId,
    })
    .onConflict((oc) => oc.column('broker_carrier_insurance_id').doNothing())
    .execute();
}

export async function findBrokerCarrier(db: Db, brokerCarrierId: string) {
  const row = await db
    .selectFrom('broker_carrier_view')
    .selectAll()
    .where('broker_carrier_id', '=', brokerCarrierId)
    .executeTakeFirst();
  return row
    ? {
        brokerCarrierId: row.broker_carrier_id,
        brokerId: row.broker_id,
        carrierMasterId: row.carrier_master_id,
      }
    : undefined;
}

export async function findInsurance(db: Db, brokerCarrierInsuranceId: string) {
  const row = await db
    .selectFrom('carrier_insurance_view')
    .selectAll()
    .where('broker_carrier_insurance_id', '=', brokerCarrierInsuranceId)
    .executeTakeFirst();
  return row
    ? {
        brokerCarrierInsuranceId: row.broker_carrier_insurance_id,
        brokerCarrierId: row.broker_carrier_id,
        brokerId: row.broker_id,
      }
    : undefined;
}

export async function organizationName(db: Db, organizationId: string, fallback: string): Promise<string> {
  return (await findOrganization(db, organizationId))?.name ?? fallback;
}

export interface Contact {
  contactId: string;
  name: string;
  email: string | null;
  fax: string | null;
  /** who the contact is for the delivery warnings of 001 §5 */
  kind: 'broker' | 'customer' | 'carrier';
  organizationName: string | null;
}

/** Active users of some organizations, for the document sender's contacts. */
export async function usersOf(db: Db, brokerId: string, organizationIds: readonly string[], query: string) {
  if (organizationIds.length === 0) return [];
  let q = db
    .selectFrom('user_view')
    .leftJoin('organization_view', 'organization_view.organization_id', 'user_view.organization_id')
    .select([
      'user_view.user_id',
      'user_view.kind',
      'user_view.email',
      'user_view.first_name',
      'user_view.last_name',
      'organization_view.name as organization_name',
    ])
    .where('user_view.broker_id', '=', brokerId)
    .where('user_view.active', '=', true)
    .where('user_view.organization_id', 'in', organizationIds);
  const text = query.trim().toLowerCase();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['user_view.email']), 'like', like),
        eb(eb.fn('lower', ['user_view.first_name']), 'like', like),
        eb(eb.fn('lower', ['user_view.last_name']), 'like', like),
      ]),
    );
  }
  return q.orderBy('user_view.last_name').orderBy('user_view.first_name').limit(50).execute();
}

/** False when the carriers service said the broker's carrier is out of compliance; null when it said nothing. */
export async function carrierInCompliance(
  db: Db,
  brokerId: string,
  carrierMasterId: string,
): Promise<boolean | null> {
  const row = await db
    .selectFrom('carrier_compliance')
    .select('in_compliance')
    .where('broker_id', '=', brokerId)
    .where('carrier_master_id', '=', carrierMasterId)
    .executeTakeFirst();
  return row ? row.in_compliance : null;
}

/** The shipment's charge lines as accounting last published them (none until it has). */
export async function chargeLinesOf(db: Db, brokerId: string, shipmentId: number): Promise<ChargeLine[]> {
  const row = await db
    .selectFrom('shipment_charges')
    .select('charge_lines')
    .where('shipment_id', '=', shipmentId)
    .where('broker_id', '=', brokerId)
    .executeTakeFirst();
  return row ? (row.charge_lines as ChargeLine[]) : [];
}

/**
 * Who each address belongs to, for the delivery warnings (001 §5): a user of one of the broker's customers
 * ('customer', active or not: the address is still the customer's), the broker's staff ('broker'), the
 * shipment's carrier dispatcher ('carrier'); undefined for an address the service does not know.
 */
export async function recipientKinds(
  db: Db,
  brokerId: string,
  addresses: readonly string[],
  shipment: ShipmentView | null,
): Promise<('broker' | 'customer' | 'carrier' | undefined)[]> {
  const lower = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
  const users =
    lower.length === 0
      ? []
      : await db
          .selectFrom('user_view')
          .select(['kind', (eb) => eb.fn<string>('lower', ['email']).as('email')])
          .where('broker_id', '=', brokerId)
          .where((eb) => eb(eb.fn('lower', ['email']), 'in', lower))
          .execute();
  const carrierEmails = new Set(
    (shipment?.state.referenceNumbers ?? [])
      .filter((r) => r.referenceTypeCode === 'CarrierDispatcherEmail')
      .map((r) => r.value.trim().toLowerCase()),
  );
  return addresses.map((a) => {
    const key = a.trim().toLowerCase();
    const user = users.find((u) => u.email === key);
    if (user) return user.kind === 'staff' ? 'broker' : 'customer';
    return carrierEmails.has(key) ? 'carrier' : undefined;
  });
}
