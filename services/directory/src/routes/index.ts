// The directory's HTTP routes: thin; rules live in domain/, SQL in store/.
import {
  OrganizationType as OrganizationTypes,
  STAFF_TYPEAHEAD_RECORD_COUNT,
  StaffPermission,
} from '@loadline/contracts/catalogue';
import {
  type App,
  badRequest,
  callerOf,
  ErrorBodySchema,
  fieldError,
  forbidden,
  hasPermission,
  newId,
  notFound,
  requireStaff,
  requireUser,
  type ServiceRuntime,
  sql,
} from '@loadline/platform';
import Type from 'typebox';
import { organizationChangeProblems, permissionToChange } from '../domain/organization-rules.ts';
import { alertAreaFor, alertsShownAtFirst, orderAlerts, systemAlertAreas } from '../domain/system-alerts.ts';
import {
  isLongEnough,
  isNumericQuery,
  likePattern,
  organizationResultType,
  queryTooShortMessage,
  searchableOrganizationTypes,
  universalSearchMaxResults,
  userResultType,
} from '../domain/universal-search.ts';
import { canSeeOrganization, organizationScope } from '../domain/visibility.ts';
import {
  newOrganizationId,
  saveOrganization,
  selectOrganizations,
  toOrganization,
} from '../store/organizations.ts';
import type { DirectoryTables } from '../store/tables.ts';
import {
  FeatureFlags,
  Organization,
  OrganizationCreate,
  OrganizationType,
  OrganizationUpdate,
  SearchQuery,
  SearchResult,
  StaffTypeaheadItem,
  SupportRequest,
  SystemAlertsAnswer,
} from './schemas.ts';

/** 400 naming every field with a problem, in the one error shape. */
function rejectProblems(problems: { field: string; message: string }[]): void {
  if (problems.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const p of problems) errors[`model.${p.field}`] = [...(errors[`model.${p.field}`] ?? []), p.message];
  throw badRequest(problems.map((p) => p.message).join(' '), errors);
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** 000 §9: staff typeahead returns 8 results. */
export const staffTypeaheadDefaultCount = STAFF_TYPEAHEAD_RECORD_COUNT;

export async function registerRoutes(app: App, runtime: ServiceRuntime<DirectoryTables>): Promise<void> {
  const db = runtime.db;
  app.addSchema(ErrorBodySchema);
  app.addSchema(Organization);
  app.addSchema(SearchResult);
  app.addSchema(StaffTypeaheadItem);

  app.get(
    '/api/organizations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['organizations'],
        summary:
          'Organizations the caller may see: a broker sees itself and its customers and factors; a customer sees itself',
        querystring: Type.Object({ organizationType: Type.Optional(OrganizationType) }),
        response: { 200: Type.Array(Type.Ref('Organization')), ...errors },
      },
    },
    async (request) => {
      const scope = organizationScope(callerOf(request));
      let query = selectOrganizations(db).orderBy('organization_type').orderBy('name');
      if (scope.organizationId) query = query.where('organization_id', '=', scope.organizationId);
      if (scope.brokerId) {
        const brokerId = scope.brokerId;
        query = query.where((eb) =>
          eb.or([eb('broker_id', '=', brokerId), eb('organization_id', '=', brokerId)]),
        );
      }
      if (request.query.organizationType)
        query = query.where('organization_type', '=', request.query.organizationType);
      return (await query.execute()).map(toOrganization);
    },
  );

  app.get(
    '/api/organizations/:organizationId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['organizations'],
        params: Type.Object({ organizationId: Type.String({ maxLength: 64 }) }),
        response: { 200: Type.Ref('Organization'), ...errors },
      },
    },
    async (request) => {
      const row = await selectOrganizations(db)
        .where('organization_id', '=', request.params.organizationId)
        .executeTakeFirst();
      // Not found and not yours answer alike, so ids of other brokers' customers leak nothing.
      if (!row || !canSeeOrganization(callerOf(request), row)) {
        throw notFound(`Organization ${request.params.organizationId} was not found.`);
      }
      return toOrganization(row);
    },
  );

  app.post(
    '/api/organizations',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['organizations'],
        summary: "Adds a customer or factoring company to the caller's broker",
        body: OrganizationCreate,
        response: { 201: Type.Ref('Organization'), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!hasPermission(caller, StaffPermission.values.CustomerAddEdit)) {
        throw forbidden('You need the Customer Add/Edit permission to add organizations.');
      }
      const body = request.body;
      rejectProblems(organizationChangeProblems(body));
      const saved = await db.transaction().execute((trx) =>
        saveOrganization(runtime, trx, {
          organizationId: newOrganizationId(),
          name: body.name.trim(),
          organizationType: body.organizationType,
          brokerId: caller.brokerId,
          paymentPreference: body.paymentPreference ?? null,
          creditLimit: body.creditLimit ?? null,
          customerSettings: body.customerSettings ?? 0,
          brokerSettings: 0,
          active: true,
        }),
      );
      reply.status(201);
      return saved.organization;
    },
  );

  app.put(
    '/api/organizations/:organizationId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['organizations'],
        summary: 'Changes an organization; the change is published as organization.changed',
        params: Type.Object({ organizationId: Type.String({ maxLength: 64 }) }),
        body: OrganizationUpdate,
        response: { 200: Type.Ref('Organization'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return db.transaction().execute(async (trx) => {
        const row = await selectOrganizations(trx)
          .where('organization_id', '=', request.params.organizationId)
          .forUpdate()
          .executeTakeFirst();
        if (!row || !canSeeOrganization(caller, row)) {
          throw notFound(`Organization ${request.params.organizationId} was not found.`);
        }
        const needed = permissionToChange(row.organization_type);
        if (!hasPermission(caller, StaffPermission.values[needed])) {
          throw forbidden(
            `You need the ${StaffPermission.byCode[needed].name} permission to change this organization.`,
          );
        }
        const body = request.body;
        rejectProblems(organizationChangeProblems({ ...body, organizationType: row.organization_type }));
        const current = toOrganization(row);
        const saved = await saveOrganization(runtime, trx, {
          ...current,
          ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
          name: (body.name ?? current.name).trim(),
        });
        return saved.organization;
      });
    },
  );

  app.get(
    '/api/featureFlags',
    {
      preHandler: requireUser,
      schema: {
        tags: ['settings'],
        summary: "Feature flags switched on for the caller's broker (spec 002 §3.9)",
        response: { 200: FeatureFlags, ...errors },
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('feature_flag')
        .select('flag')
        .where('broker_id', '=', callerOf(request).brokerId)
        .orderBy('flag')
        .execute();
      return { flags: rows.map((r) => r.flag) };
    },
  );

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
            Type.Integer({ minimum: 1, maximum: 50, default: staffTypeaheadDefaultCount }),
          ),
        }),
        response: { 200: Type.Array(Type.Ref('StaffTypeaheadItem')), ...errors },
      },
    },
    async (request) => {
      const pattern = likePattern(request.query.query ?? '');
      const rows = await db
        .selectFrom('app_user')
        .select(['user_id', 'first_name', 'last_name', 'email'])
        .where('kind', '=', 'staff')
        .where('active', '=', true)
        .where('organization_id', '=', callerOf(request).brokerId)
        .where((eb) =>
          eb.or([
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
            eb(sql`lower(email)`, 'like', pattern),
          ]),
        )
        .orderBy('first_name')
        .orderBy('last_name')
        .limit(request.query.recordCount ?? staffTypeaheadDefaultCount)
        .execute();
      return rows.map((r) => ({
        staffId: r.user_id,
        name: `${r.first_name} ${r.last_name}`,
        email: r.email,
      }));
    },
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

  const checkQuery = (query: string) => {
    if (!isLongEnough(query)) {
      throw fieldError('query', queryTooShortMessage);
    }
  };

  app.get('/api/universalSearch/organizations', searchSchema('organizations'), async (request) => {
    const { query, organizationType, maxResults } = request.query;
    checkQuery(query);
    if (isNumericQuery(query)) return [];
    const caller = callerOf(request);
    let q = selectOrganizations(db)
      .where(sql`lower(name)`, 'like', likePattern(query))
      .where((eb) =>
        eb.or([eb('broker_id', '=', caller.brokerId), eb('organization_id', '=', caller.brokerId)]),
      )
      .where('organization_type', 'in', searchableOrganizationTypes)
      .orderBy('name')
      .limit(maxResults ?? universalSearchMaxResults);
    if (organizationType) q = q.where('organization_type', '=', organizationType);
    const rows = await q.execute();
    return rows.map((r) => ({
      universalSearchResultType: organizationResultType(r.organization_type) as number,
      organizationId: r.organization_id,
      staffId: null,
      shipmentId: null,
      updateStatusText: `${r.name} (${OrganizationTypes.nameOf(r.organization_type)})`,
    }));
  });

  app.get('/api/universalSearch/staff', searchSchema('staff'), async (request) => {
    const { query, maxResults } = request.query;
    checkQuery(query);
    if (isNumericQuery(query)) return [];
    const caller = callerOf(request);
    const pattern = likePattern(query);
    const rows = await db
      .selectFrom('app_user as u')
      .innerJoin('organization as o', 'o.organization_id', 'u.organization_id')
      .select([
        'u.user_id',
        'u.kind',
        'u.first_name',
        'u.last_name',
        'u.email',
        'o.organization_id',
        'o.name',
      ])
      .where((eb) =>
        eb.or([eb('o.broker_id', '=', caller.brokerId), eb('o.organization_id', '=', caller.brokerId)]),
      )
      .where((eb) =>
        eb.or([
          eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', pattern),
          eb(sql`lower(u.email)`, 'like', pattern),
        ]),
      )
      .orderBy('u.first_name')
      .limit(maxResults ?? universalSearchMaxResults)
      .execute();
    return rows.map((r) => ({
      universalSearchResultType: userResultType(r.kind),
      organizationId: r.organization_id,
      staffId: r.user_id,
      shipmentId: null,
      updateStatusText: `${r.first_name} ${r.last_name} · ${r.name}`,
    }));
  });

  app.get(
    '/api/systemalerts',
    {
      preHandler: requireUser,
      schema: {
        tags: ['system alerts'],
        summary: 'Current system alerts: the first 2, or all with showall (spec 001 §9)',
        querystring: Type.Object({
          area: Type.Optional(Type.Union(systemAlertAreas.map((a) => Type.Literal(a)))),
          showall: Type.Optional(Type.Boolean({ default: false })),
        }),
        response: { 200: SystemAlertsAnswer, ...errors },
      },
    },
    async (request) => {
      const area = alertAreaFor(callerOf(request).kind, request.query.area);
      const rows = await db
        .selectFrom('system_alert')
        .select(['system_alert_id', 'title', 'body', 'high_priority'])
        .where('area', '=', area)
        .where('starts_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
        .execute();
      const all = orderAlerts(
        rows.map((r) => ({
          systemAlertId: r.system_alert_id,
          title: r.title,
          body: r.body,
          highPriority: r.high_priority,
        })),
      );
      return {
        systemAlerts: request.query.showall ? all : all.slice(0, alertsShownAtFirst),
        totalCount: all.length,
      };
    },
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
      const caller = callerOf(request);
      const supportRequestId = newId('sup');
      await db
        .insertInto('support_request')
        .values({
          support_request_id: supportRequestId,
          support_request_type: request.body.supportRequestType,
          current_url: request.body.currentURL,
          description: request.body.description ?? '',
          user_id: caller.userId,
          organization_id: caller.organizationId,
        })
        .execute();
      reply.status(201);
      return { supportRequestId };
    },
  );
}
