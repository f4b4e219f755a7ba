// The attachments service's copies of other services' data, kept from their events with a version guard
// (an older version never overwrites a newer one, whatever the order of delivery):
// - shipments (shipment.updated): which broker and customer a shipment belongs to, for every read of its
//   files, and the whole shipment for the generated documents;
// - broker carriers (the carriers service's brokercarrier.changed): whether a carrier is in compliance, for
//   the carrier confirmation sheet (001 §5);
// - whose each broker carrier and insurance certificate is (brokercarrier.changed, insurance.status.changed,
//   published for every new certificate): the files of a carrier's record are checked against it, as a
//   shipment's are against shipment_view (decision 0041). Ownership never changes, so the first event
//   that names a record is kept and no version is needed;
// - organizations and users (the directory's organization.changed, user.changed): organization names on
//   documents, organization files' owners, the document sender's contacts;
// - charge lines (accounting's chargelines.changed): the carrier's rate on the carrier confirmation, the
//   customer's charges on the rate quote sheet.
import { type ShipmentUpdatedV1, subjects } from '@loadline/contracts/events';
import { type ConsumerDefinition, saveAllIfNewer, saveIfNewer } from '@loadline/platform';
import { followShipmentCustomers } from '../store/attachments.ts';
import type { AttachmentsTables } from '../store/tables.ts';
import { saveBrokerCarrierOwner, saveInsuranceOwner } from '../store/views.ts';

/** A shipment.updated's state alone, without the status update's sections (decision 0048). */
function shipmentState(s: ShipmentUpdatedV1): ShipmentUpdatedV1 {
  const { statusChange: _change, note: _note, ...state } = s;
  return state;
}

export const shipmentReadModel: ConsumerDefinition<typeof subjects.shipmentUpdated, AttachmentsTables> = {
  name: 'shipments',
  subjects: [subjects.shipmentUpdated],
  // Idempotent, so no handled marks (decision 0048): the copy is written only when the event's version is
  // newer than the stored one, and the files follow a customer only as the stored copy has it.
  idempotent: true,
  // read when a file or a document is asked for; no screen watches it (decision 0111)
  unwatched: true,
  // a batch's copies in one statement, and its files' customers in one more
  async handleBatch(events, trx) {
    await saveAllIfNewer(
      trx,
      'shipment_view',
      'shipment_id',
      events.map(({ data: s }) => ({
        shipment_id: s.shipmentId,
        broker_id: s.brokerId,
        customer_organization_id: s.customerOrganizationId,
        status: s.status,
        shipment_type: s.shipmentType,
        carrier_master_ids: [
          ...new Set(s.transitLegs.map((l) => l.carrierMasterId).filter((c): c is string => Boolean(c))),
        ],
        // the whole shipment as it is (a jsonb column takes the value itself here), without what the status
        // update that made the version said (its move and note: not the shipment's state)
        state: shipmentState(s) as never,
        version: s.version,
      })),
    );
    // A shipment moved to another customer takes its files' front-office scope along.
    await followShipmentCustomers(
      trx,
      events.map(({ data: s }) => ({
        shipmentId: s.shipmentId,
        customerOrganizationId: s.customerOrganizationId,
        version: s.version,
      })),
    );
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
    await saveIfNewer(trx, 'organization_view', 'organization_id', {
      organization_id: o.organizationId,
      broker_id: o.brokerId,
      name: o.name,
      organization_type: o.organizationType,
      active: o.active,
      version: o.version,
    });
  },
};

export const userReadModel: ConsumerDefinition<typeof subjects.userChanged, AttachmentsTables> = {
  name: 'directory-users',
  subjects: [subjects.userChanged],
  async handle(event, trx) {
    const u = event.data;
    await saveIfNewer(trx, 'user_view', 'user_id', {
      user_id: u.userId,
      organization_id: u.organizationId,
      broker_id: u.brokerId,
      kind: u.kind,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      active: u.active,
      version: u.version,
    });
  },
};

export const carrierComplianceReadModel: ConsumerDefinition<
  typeof subjects.brokerCarrierChanged,
  AttachmentsTables
> = {
  name: 'carriers-compliance',
  subjects: [subjects.brokerCarrierChanged],
  async handle(event, trx) {
    const c = event.data;
    await saveIfNewer(trx, 'carrier_compliance', ['broker_id', 'carrier_master_id'], {
      broker_id: c.brokerId,
      carrier_master_id: c.carrierMasterId,
      in_compliance: c.inCompliance,
      carrier_name: c.carrierMasterName,
      email: c.email ?? null,
      version: c.version,
    });
  },
};

export const chargeLinesReadModel: ConsumerDefinition<typeof subjects.chargeLinesChanged, AttachmentsTables> =
  {
    name: 'accounting-charge-lines',
    subjects: [subjects.chargeLinesChanged],
    async handle(event, trx) {
      const c = event.data;
      await saveIfNewer(trx, 'shipment_charges', 'shipment_id', {
        shipment_id: c.shipmentId,
        broker_id: c.brokerId,
        charge_lines: JSON.stringify(c.chargeLines),
        version: c.version,
      });
    },
  };

/** Whose each broker carrier is: a new durable consumer, so it reads the stream from its start. */
export const brokerCarrierOwnersReadModel: ConsumerDefinition<
  typeof subjects.brokerCarrierChanged,
  AttachmentsTables
> = {
  name: 'carriers-broker-carrier-owners',
  subjects: [subjects.brokerCarrierChanged],
  handle: (event, trx) => saveBrokerCarrierOwner(trx, event.data),
};

/** Whose each insurance certificate is (and its broker carrier's, which the event names too). */
export const insuranceOwnersReadModel: ConsumerDefinition<
  typeof subjects.carrierInsuranceStatusChanged,
  AttachmentsTables
> = {
  name: 'carriers-insurance-owners',
  subjects: [subjects.carrierInsuranceStatusChanged],
  async handle(event, trx) {
    const i = event.data;
    await saveBrokerCarrierOwner(trx, i);
    await saveInsuranceOwner(trx, i);
  },
};
