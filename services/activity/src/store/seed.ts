// Seeds the demo activity (store/demo.ts): the demo shipments' histories with their assignments, and the
// entries of the demo organizations and carriers. The shipments' history is written once, as planned on the
// day of the first seeding (a later start finds it and adds nothing, as the shipments service keeps its
// demo loads); every other entry is inserted by its fixed key.
import { demoBroker } from '@loadline/contracts/demo';
import { demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import { sql } from 'kysely';
import { archivableStatuses } from '../domain/archive.ts';
import { TEAM_ASSIGNEE } from '../domain/favorites.ts';
import { blankEntry, type Db } from './activities.ts';
import { demoCarrierEntries, demoEntries, demoOrganizationEntries } from './demo.ts';

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

export async function seedDemoData(db: Db, today: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const plans = demoShipmentPlans(today);
    // Who may see each demo shipment's log before the shipments service's events arrive (version 0: those
    // events replace these rows).
    for (const plan of plans) {
      await trx
        .insertInto('shipment_read')
        .values({
          shipment_id: plan.shipmentId,
          broker_id: demoBroker.organizationId,
          customer_organization_id: plan.customerOrganizationId,
          status: plan.status,
          consolidation_parent_id: plan.consolidationParentId,
          delivered_at: archivableStatuses.includes(plan.status)
            ? (`${plan.deliveryDate}T18:00:00Z` as never)
            : null,
          created_date: null,
          version: 0,
        })
        .onConflict((oc) => oc.column('shipment_id').doNothing())
        .execute();
    }

    const seeded = await sql<{ seeded: boolean }>`select
      exists (select 1 from shipment_activity where demo_key is not null)
      or exists (select 1 from shipment_activity_archive where demo_key is not null) as seeded`.execute(trx);
    if (!seeded.rows[0]?.seeded) {
      for (const e of demoEntries(today, now)) {
        const entry = await trx
          .insertInto('shipment_activity')
          .values({
            ...blankEntry,
            shipment_id: e.shipmentId,
            broker_id: demoBroker.organizationId,
            activity_type: e.activityType,
            access_level: e.accessLevel,
            description: e.description,
            preset_payable_note: e.presetPayableNote ?? null,
            preset_audit_note: e.presetAuditNote ?? null,
            pinned: e.pinned ?? false,
            is_assignment: e.assignment !== undefined,
            assignment_delay_minutes: e.assignment?.delayMinutes ?? null,
            assign_to_staff_id: e.assignment?.staffId ?? null,
            assign_to_name: e.assignment?.staffName ?? null,
            assign_to_team: e.assignment?.isTeam ?? false,
            assignment_due_at: e.assignment?.dueAt ?? null,
            assigned_at: e.assignment && e.assignment.delayMinutes === 0 ? e.at : null,
            user_id: e.by.userId,
            user_name: e.by.name,
            created_at: e.at,
            demo_key: e.key,
            email_automation_detail_id: e.email?.detailId ?? null,
            email_type: e.email?.type ?? null,
            email_from_name: e.email?.fromName ?? null,
            email_date: e.email ? e.at : null,
          })
          .onConflict((oc) => oc.column('demo_key').where('demo_key', 'is not', null).doNothing())
          .returning(['activity_id'])
          .executeTakeFirst();
        if (!entry || !e.assignment) continue;
        const plan = plans.find((p) => p.shipmentId === e.shipmentId)!;
        await trx
          .insertInto('staff_assignment')
          .values({
            shipment_id: e.shipmentId,
            broker_id: demoBroker.organizationId,
            assignee: e.assignment.isTeam ? TEAM_ASSIGNEE : (e.assignment.staffId as string),
            is_team: e.assignment.isTeam,
            status: 'Active',
            delay_minutes: e.assignment.delayMinutes,
            due_at: e.assignment.dueAt,
            assigned_at: e.assignment.delayMinutes === 0 ? e.at : null,
            completed_at: null,
            activity_id: entry.activity_id,
            organization_id: plan.customerOrganizationId,
            updated_by_name: e.by.name,
          })
          .onConflict((oc) => oc.columns(['shipment_id', 'assignee']).doNothing())
          .execute();
      }
    }

    for (const e of demoOrganizationEntries) {
      const at = daysBefore(now, e.daysAgo);
      await trx
        .insertInto('organization_activity')
        .values({
          organization_id: e.organizationId,
          broker_id: demoBroker.organizationId,
          activity_type: e.activityType,
          preset_collection_note: e.presetCollectionNote ?? null,
          preset_onboarding_note: e.presetOnboardingNote ?? null,
          description: e.description,
          access_level: e.accessLevel,
          user_id: e.by.userId,
          user_name: e.by.name,
          created_at: at,
          last_updated: at,
          demo_key: e.key,
        })
        .onConflict((oc) => oc.column('demo_key').doNothing())
        .execute();
    }
    for (const e of demoCarrierEntries) {
      await trx
        .insertInto('carrier_activity')
        .values({
          carrier_master_id: e.carrierMasterId,
          broker_id: demoBroker.organizationId,
          activity_type: e.activityType,
          description: e.description,
          access_level: e.accessLevel,
          user_id: e.by.userId,
          user_name: e.by.name,
          created_at: daysBefore(now, e.daysAgo),
          demo_key: e.key,
        })
        .onConflict((oc) => oc.column('demo_key').doNothing())
        .execute();
    }
  });
}
