// Seeds the demo carriers (contracts/demo/carriers.ts): masters, the demo broker's carriers with their
// insurances, contacts and preferred regions, terminals, and the audits of past loads behind their
// scores. Inserts only what is missing, by fixed ids: seeding twice changes nothing, and a restart
// never undoes a change made since (a carrier blocked, a certificate renewed).
import { addCalendarDays, PreferredRegionType, Region } from '@loadline/contracts/catalogue';
import {
  demoAudits,
  demoBrokerCarriers,
  demoCarrierMasters,
  demoTerminals,
} from '@loadline/contracts/demo/carriers';
import { demoCarriers } from '@loadline/contracts/demo/shipments';
import { subjects } from '@loadline/contracts/events';
import { scoreAudit } from '../domain/audits.ts';
import { complianceOn } from '../domain/compliance.ts';
import { insuranceStatusOn, utcDate } from '../domain/insurance.ts';
import { recordAudit } from './audits.ts';
import { type Db, type Events, publishBrokerCarrier } from './carriers.ts';

const demoActor = { userId: 'usr_demo_ops', name: 'Omar Operations' };
const carrierName = (carrierMasterId: string) =>
  demoCarriers.find((c) => c.carrierMasterId === carrierMasterId)!.carrierMasterName;

/** Seeds on `today` (the day the demo insurances' dates count from), with `runtime`'s database and outbox. */
export async function seedDemoData(
  runtime: { db: Db } & Events,
  today: string = utcDate(new Date()),
): Promise<void> {
  await runtime.db.transaction().execute(async (trx) => {
    for (const master of demoCarrierMasters) {
      const carrier = demoCarriers.find((c) => c.carrierMasterId === master.carrierMasterId)!;
      await trx
        .insertInto('carrier_master')
        .values({
          carrier_master_id: master.carrierMasterId,
          name: carrier.carrierMasterName,
          scac: carrier.scac,
          phone: carrier.carrierPhone,
          email: master.email,
          mc_number: master.mcNumber,
          dot_number: master.dotNumber,
          authority: master.authority,
          dot_status: master.dotStatus,
          tsa_compliance: master.tsaCompliance,
          carrier_rating: master.carrierRating,
          city: master.city,
          state: master.state,
          zip_code: master.zipCode,
        })
        .onConflict((oc) => oc.column('carrier_master_id').doNothing())
        .execute();
    }
    for (const t of demoTerminals) {
      await trx
        .insertInto('carrier_terminal')
        .values({
          terminal_id: t.terminalId,
          carrier_master_id: t.carrierMasterId,
          code: t.code,
          name: t.name,
          street_address: t.streetAddress,
          city: t.city,
          state: t.state,
          zip_code: t.zipCode,
          phone: t.phone,
          contact_name: t.contactName,
          served_zip_prefixes: [...t.servedZipPrefixes],
        })
        .onConflict((oc) => oc.column('terminal_id').doNothing())
        .execute();
    }
    for (const bc of demoBrokerCarriers) {
      const master = demoCarrierMasters.find((m) => m.carrierMasterId === bc.carrierMasterId)!;
      const insurances = bc.insurances.map((i) => ({
        ...i,
        expirationDate: addCalendarDays(today, i.expiresInDays),
      }));
      const compliance = complianceOn(
        {
          authority: master.authority,
          dotStatus: master.dotStatus,
          carrierRating: master.carrierRating,
          brokerCarrierStatus: bc.status,
          insurances,
        },
        today,
      );
      const created = await trx
        .insertInto('broker_carrier')
        .values({
          broker_carrier_id: bc.brokerCarrierId,
          broker_id: bc.brokerId,
          carrier_master_id: bc.carrierMasterId,
          status: bc.status,
          inherited: bc.inherited,
          favorite: bc.favorite,
          portal_link: bc.portalLink,
          insurance_status: compliance.insuranceStatus,
          in_compliance: compliance.inCompliance,
          version: 1,
        })
        .onConflict((oc) => oc.column('broker_carrier_id').doNothing())
        .returning('broker_carrier_id')
        .executeTakeFirst();
      if (!created) continue;
      for (const i of insurances) {
        const status = insuranceStatusOn(i.expirationDate, today);
        await trx
          .insertInto('carrier_insurance')
          .values({
            broker_carrier_insurance_id: i.brokerCarrierInsuranceId,
            broker_carrier_id: bc.brokerCarrierId,
            insurance_type: i.insuranceType,
            insurer_name: i.insurerName,
            policy_number: i.policyNumber,
            coverage_amount: i.coverageAmount,
            source_type: 1,
            expiration_date: i.expirationDate,
            insurance_status: status,
            status_as_of: today,
          })
          .execute();
        // Published as a certificate saved through the API is (its first status): the attachments
        // service learns from it whose the certificate is (decision 0041).
        await runtime.appendEvent(trx, subjects.carrierInsuranceStatusChanged, {
          brokerCarrierInsuranceId: i.brokerCarrierInsuranceId,
          brokerCarrierId: bc.brokerCarrierId,
          brokerId: bc.brokerId,
          carrierMasterId: bc.carrierMasterId,
          carrierMasterName: carrierName(bc.carrierMasterId),
          insuranceType: i.insuranceType,
          expirationDate: i.expirationDate,
          previousStatus: null,
          status,
          asOf: today,
        });
      }
      for (const [sequence, c] of bc.contacts.entries()) {
        await trx
          .insertInto('carrier_contact')
          .values({
            contact_id: c.contactId,
            broker_carrier_id: bc.brokerCarrierId,
            sequence,
            contact_type: c.contactType,
            name: c.name,
            phone: c.phone,
            email: c.email,
          })
          .execute();
      }
      if (bc.preferredRegions.length > 0) {
        await trx
          .insertInto('preferred_region')
          .values(
            bc.preferredRegions.map((r) => ({
              broker_carrier_id: bc.brokerCarrierId,
              region: Region.byCode[r.region as keyof typeof Region.byCode].value,
              type: PreferredRegionType.values[r.type],
            })),
          )
          .execute();
      }
      // Version 1, published: the shipments service learns the demo carriers' status from it.
      await publishBrokerCarrier(runtime, trx, bc.brokerCarrierId, today, {}, null, { created: true });
    }
    // A leg already audited keeps its audit (the demo one, or one recorded since).
    const audited = new Set(
      (await trx.selectFrom('carrier_audit').select(['transit_leg_id', 'category']).execute()).map(
        (r) => `${r.transit_leg_id}:${r.category}`,
      ),
    );
    for (const audit of demoAudits()) {
      if (audited.has(`${audit.transitLegId}:${audit.category}`)) continue;
      const scored = scoreAudit(audit.category, audit.answers);
      if (!scored.ok) throw new Error(`demo audit ${audit.auditId}: ${JSON.stringify(scored.errors)}`);
      const brokerId = demoBrokerCarriers.find((b) => b.carrierMasterId === audit.carrierMasterId)!.brokerId;
      await recordAudit(runtime, trx, {
        auditId: audit.auditId,
        brokerId,
        carrierMasterId: audit.carrierMasterId,
        shipmentId: audit.shipmentId,
        transitLegId: audit.transitLegId,
        category: audit.category,
        scored: scored.audit,
        recordedBy: demoActor,
        recordedAt: new Date(`${addCalendarDays(today, -audit.daysAgo)}T16:00:00Z`),
      });
    }
  });
}
