// HTTP doors of the lookups: universal search, the staff typeahead, system alerts, support requests.
import { STAFF_TYPEAHEAD_RECORD_COUNT, SYSTEM_ALERT_AREAS } from '@loadline/contracts/catalogue';
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import {
  createSupportRequest,
  searchOrganizationsFor,
  searchStaffFor,
  staffTypeahead,
  systemAlerts,
} from '../app/lookups.ts';
import type { DirectoryDeps } from '../service.ts';
import { errors } from './organizations.ts';
import { SearchQuery, SupportRequest, SystemAlertsAnswer } from './schemas.ts';

export function lookupRoutes(app: App, deps: DirectoryDeps): void {
  app.get(
    '/api/brokerStaff/typeahead',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: "Staff of the caller's broker whose name or email matches, for assignments (spec 000 §7)",
        querystring: Type.Object({
          query: Type.Optional(Type.String({ maxLength: 200, default: '' })),
          recordCount: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 50, default: STAFF_TYPEAHEAD_RECORD_COUNT }),
          ),
        }),
        response: { 200: Type.Array(Type.Ref('StaffTypeaheadItem')), ...errors },
      },
    },
    (request) =>
      staffTypeahead(deps, callerOf(request), {
        query: request.query.query ?? '',
        recordCount: request.query.recordCount ?? STAFF_TYPEAHEAD_RECORD_COUNT,
      }),
  );

  const searchSchema = (kind: string) => ({
    preHandler: requireStaff,
    schema: {
      tags: ['universal search'],
      summary: `Universal search over ${kind} (spec 001 §5: non-numeric queries longer than 3 characters, at most 12 results)`,
      querystring: SearchQuery,
      response: { 200: Type.Array(Type.Ref('UniversalSearchResult')), ...errors },
    },
  });
  app.get('/api/universalSearch/organizations', searchSchema('organizations'), (request) =>
    searchOrganizationsFor(deps, callerOf(request), request.query),
  );
  app.get('/api/universalSearch/staff', searchSchema('staff'), (request) =>
    searchStaffFor(deps, callerOf(request), request.query),
  );

  app.get(
    '/api/systemalerts',
    {
      preHandler: requireUser,
      schema: {
        tags: ['system alerts'],
        summary: 'Current system alerts: the first 2, or all with showall (spec 001 §9)',
        querystring: Type.Object({
          area: Type.Optional(Type.Union(SYSTEM_ALERT_AREAS.map((a) => Type.Literal(a)))),
          showall: Type.Optional(Type.Boolean({ default: false })),
        }),
        response: { 200: SystemAlertsAnswer, ...errors },
      },
    },
    (request) =>
      systemAlerts(deps, callerOf(request), {
        ...(request.query.area ? { area: request.query.area } : {}),
        showAll: request.query.showall === true,
      }),
  );

  app.post(
    '/api/support/create',
    {
      preHandler: requireUser,
      schema: {
        tags: ['support'],
        summary: 'Sends a support ticket from the page the user is on',
        body: SupportRequest,
        response: { 201: Type.Object({ supportRequestId: Type.String() }), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await createSupportRequest(deps, callerOf(request), request.body);
      reply.status(201);
      return answer;
    },
  );
}
