// The organization and carrier activity logs (000 §3, §6, §7: GET and POST /api/organizationactivityLog and
// /api/brokercarrieractivityLog). Broker staff only; each log is the broker's own.
import {
  type App,
  callerOf,
  notFound,
  problemsError,
  requireStaff,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import { type Caller, visibleCarrierLevels, visibleOrganizationLevels } from '../domain/access.ts';
import { planCarrierEntry, planOrganizationEntry } from '../domain/other-entries.ts';
import type { ActivityTables } from '../store/tables.ts';
import { carrierActivityOut, organizationActivityOut } from './present.ts';
import {
  CarrierLogQuery,
  errors,
  NewCarrierActivity,
  NewOrganizationActivity,
  OrganizationLogQuery,
} from './schemas.ts';

export async function registerOrganizationAndCarrierRoutes(
  app: App,
  runtime: ServiceRuntime<ActivityTables>,
): Promise<void> {
  const db = runtime.db;

  /** The organization if it is the caller's broker or one of its customers or factors; 404 otherwise. */
  const visibleOrganization = async (caller: Caller, organizationId: string) => {
    const org = await db
      .selectFrom('organization_read')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!org || org.broker_id !== caller.brokerId)
      throw notFound(`Organization ${organizationId} was not found.`);
    return org;
  };

  app.get(
    '/api/organizationactivityLog',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['organization activity'],
        summary:
          "An organization's activity entries, newest first (Admin entries for the staff 000 §6 offers Admin)",
        querystring: OrganizationLogQuery,
        response: { 200: Type.Array(Type.Ref('OrganizationActivity')), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const org = await visibleOrganization(caller, request.query.organizationId);
      const rows = await db
        .selectFrom('organization_activity')
        .selectAll()
        .where('organization_id', '=', org.organization_id)
        .where('access_level', 'in', visibleOrganizationLevels(caller))
        .orderBy('created_at', 'desc')
        .orderBy('activity_id', 'desc')
        .execute();
      return rows.map(organizationActivityOut);
    },
  );

  app.post(
    '/api/organizationactivityLog',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['organization activity'],
        summary:
          'Adds an organization entry: Collection 1 and Onboarding 3 put their preset note first (000 §5); Admin by default for IT support admins, else Private (000 §6)',
        body: NewOrganizationActivity,
        response: { 201: Type.Ref('OrganizationActivity'), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const plan = planOrganizationEntry(request.body, caller);
      if (!plan.ok) throw problemsError(plan.problems);
      const org = await visibleOrganization(caller, request.body.organizationId);
      const row = await db
        .insertInto('organization_activity')
        .values({
          organization_id: org.organization_id,
          broker_id: org.broker_id,
          activity_type: plan.value.activityType,
          preset_collection_note: plan.value.presetCollectionNote,
          preset_onboarding_note: plan.value.presetOnboardingNote,
          description: plan.value.description,
          access_level: plan.value.accessLevel,
          user_id: caller.userId,
          user_name: caller.displayName,
          demo_key: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.status(201);
      return organizationActivityOut(row);
    },
  );

  app.get(
    '/api/brokercarrieractivityLog',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carrier activity'],
        summary:
          "A carrier's activity entries in the caller's broker, newest first (Admin entries for IT support admins)",
        querystring: CarrierLogQuery,
        response: { 200: Type.Array(Type.Ref('CarrierActivity')), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await db
        .selectFrom('carrier_activity')
        .selectAll()
        .where('broker_id', '=', caller.brokerId)
        .where('carrier_master_id', '=', request.query.carrierMasterId)
        .where('access_level', 'in', visibleCarrierLevels(caller))
        .orderBy('created_at', 'desc')
        .orderBy('activity_id', 'desc')
        .execute();
      return rows.map(carrierActivityOut);
    },
  );

  app.post(
    '/api/brokercarrieractivityLog',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carrier activity'],
        summary:
          'Adds a carrier entry (General, Bill Payments or Variance; Private by default, Admin for IT support admins)',
        body: NewCarrierActivity,
        response: { 201: Type.Ref('CarrierActivity'), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const plan = planCarrierEntry(request.body, caller);
      if (!plan.ok) throw problemsError(plan.problems);
      const row = await db
        .insertInto('carrier_activity')
        .values({
          carrier_master_id: request.body.carrierMasterId,
          broker_id: caller.brokerId,
          activity_type: plan.value.activityType,
          description: plan.value.description,
          access_level: plan.value.accessLevel,
          user_id: caller.userId,
          user_name: caller.displayName,
          demo_key: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.status(201);
      return carrierActivityOut(row);
    },
  );
}
