// The attachments service's copies of other services' data, kept from their events with a version guard
// (an older version never overwrites a newer one, whatever the order of delivery):
// - shipments (shipment.updated): which broker and customer a shipment belongs to, for every read of its
//   files, and the whole shipment for the generated documents;
// - organizations and users (the directory's organization.changed, user.changed): organization names on
//   documents, organization files' owners, the document sender's contacts.
import { subjects } from '@loadline/contracts/events';
import { type ConsumerDefinition, sql } from '@loadline/platform';
import type { AttachmentsTables } from '../store/tables.ts';

export const shipmentReadModel: ConsumerDefinition<typeof subjects.shipmentUpdated, AttachmentsTables> = {
  name: 'shipments',
  subjects: [subjects.shipmentUpdated],
  async handle(event, trx) {
    const s = event.data;
    const carriers = [
      ...new Set(s.transitLegs.map((l) => l.carrierMasterId).filter((c): c is string => Boolean(c))),
    ];
    await trx
      .insertInto('shipment_view')
      .values({
        shipment_id: s.shipmentId,
        broker_id: s.brokerId,
        customer_organization_id: s.customerOrganizationId,
        status: s.status,
        shipment_type: s.shipmentType,
        carrier_master_ids: carriers,
        state: JSON.stringify(s),
        version: s.version,
      })
      .onConflict((oc) =>
        oc
          .column('shipment_id')
          .doUpdateSet((eb) => ({
            broker_id: eb.ref('excluded.broker_id'),
            customer_organization_id: eb.ref('excluded.customer_organization_id'),
            status: eb.ref('excluded.status'),
            shipment_type: eb.ref('excluded.shipment_type'),
            carrier_master_ids: eb.ref('excluded.carrier_master_ids'),
            state: eb.ref('excluded.state'),
            version: eb.ref('excluded.version'),
          }))
          .where(sql<boolean>`shipment_view.version < excluded.version`),
      )
      .execute();
    // A shipment moved to another customer takes its files' front-office scope along.
    await trx
      .updateTable('attachment')
      .set({ customer_organization_id: s.customerOrganizationId })
      .where('shipment_id', '=', s.shipmentId)
      .where('source_type', '=', 'shipment')
      .where('customer_organization_id', 'is distinct from', s.customerOrganizationId)
      .where(
        sql<boolean>`(select version from shipment_view where shipment_id = ${s.shipmentId}) = ${s.version}`,
      )
      .execute();
  },
};

export const organizationReadModel: ConsumerDefinition<
  typeof subjects.organizationChanged,
  AttachmentsTables
> = {
  name: 'directory-organizations',
  subjects: [subjects.organizationChanged],
  async handle(event, trx) {
    const o = event.data;
    await trx
      .insertInto('organization_view')
      .values({
        organization_id: o.organizationId,
        broker_id: o.brokerId,
        name: o.name,
        organization_type: o.organizationType,
        active: o.active,
        version: o.version,
      })
      .onConflict((oc) =>
        oc
          .column('organization_id')
          .doUpdateSet((eb) => ({
            broker_id: eb.ref('excluded.broker_id'),
            name: eb.ref('excluded.name'),
            organization_type: eb.ref('excluded.organization_type'),
            active: eb.ref('excluded.active'),
            version: eb.ref('excluded.version'),
          }))
          .where(sql<boolean>`organization_view.version < excluded.version`),
      )
      .execute();
  },
};

export const userReadModel: ConsumerDefinition<typeof subjects.userChanged, AttachmentsTables> = {
  name: 'directory-users',
  subjects: [subjects.userChanged],
  async handle(event, trx) {
    const u = event.data;
    await trx
      .insertInto('user_view')
      .values({
        user_id: u.userId,
        organization_id: u.organizationId,
        broker_id: u.brokerId,
        kind: u.kind,
        email: u.email,
        first_name: u.firstName,
        last_name: u.lastName,
        active: u.active,
        version: u.version,
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({
            organization_id: eb.ref('excluded.organization_id'),
            broker_id: eb.ref('excluded.broker_id'),
            kind: eb.ref('excluded.kind'),
            email: eb.ref('excluded.email'),
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            active: eb.ref('excluded.active'),
            version: eb.ref('excluded.version'),
          }))
          .where(sql<boolean>`user_view.version < excluded.version`),
      )
      .execute();
  },
};
