// HTTP doors of the organization and carrier activity logs (000 §3, §6, §7: GET and POST
// /api/organizationactivityLog and /api/brokercarrieractivityLog). Broker staff only: parse → app → present.
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { addCarrierEntry, addOrganizationEntry, carrierLog, organizationLog } from '../app/other-logs.ts';
import type { ActivityDeps } from '../service.ts';
import { carrierActivityOut, organizationActivityOut } from './present.ts';
import {
  CarrierLogQuery,
  errors,
  NewCarrierActivity,
  NewOrganizationActivity,
  OrganizationLogQuery,
} from './schemas.ts';

export function organizationAndCarrierRoutes(app: App, deps: ActivityDeps): void {
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
    async (request) =>
      (await organizationLog(deps, callerOf(request), request.query.organizationId)).map(
        organizationActivityOut,
      ),
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
      const row = await addOrganizationEntry(deps, callerOf(request), request.body);
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
    async (request) =>
      (await carrierLog(deps, callerOf(request), request.query.carrierMasterId)).map(carrierActivityOut),
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
      const row = await addCarrierEntry(deps, callerOf(request), request.body);
      reply.status(201);
      return carrierActivityOut(row);
    },
  );
}
