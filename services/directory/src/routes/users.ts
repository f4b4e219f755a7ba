// Staff and customer users: list, read, add, change. Every change is published as
// user.changed (the gateway's sign-in reads it). Rules in domain/user-rules.ts.
import {
  type App,
  badRequest,
  callerOf,
  conflict,
  ErrorBodySchema,
  forbidden,
  newId,
  notFound,
  requireStaff,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import { changeableBy, rolesOf, type UserProblem, userChangeProblems } from '../domain/user-rules.ts';
import { canSeeOrganization, organizationScope } from '../domain/visibility.ts';
import { saveUser, selectOrganizations, type UserRecord } from '../store/organizations.ts';
import type { DirectoryTables } from '../store/tables.ts';

const User = Type.Object(
  {
    userId: Type.String(),
    organizationId: Type.String(),
    kind: Type.Union([Type.Literal('staff'), Type.Literal('customer')]),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    permissions: Type.Integer({ description: 'staff permission bits, spec 002 §6.2' }),
    roles: Type.Array(Type.String(), { description: 'TMS roles, spec 002 §6.1' }),
    active: Type.Boolean(),
  },
  { $id: 'User' },
);

/** One user as its pages show it (001 §2 staff details and edit): where it works, and what the caller may change. */
const UserDetails = Type.Object(
  {
    ...User.properties,
    organizationName: Type.String(),
    organizationType: Type.Integer({ description: 'LSP 60, Customer 70, Factor 80 (002 §1)' }),
    changeable: Type.Object(
      {
        names: Type.Boolean(),
        email: Type.Boolean(),
        permissions: Type.Boolean(),
        active: Type.Boolean(),
        grantablePermissions: Type.Integer({
          description: 'the permission bits (002 §6.2) the caller may grant this user; 0 when none',
        }),
      },
      {
        description:
          'what the caller may change of this user: only someone who outranks a user changes its role, permissions or active (decision 0009)',
      },
    ),
  },
  { $id: 'UserDetails' },
);

const UserCreate = Type.Object(
  {
    organizationId: Type.String({ minLength: 1, maxLength: 64 }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    permissions: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

const UserUpdate = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    permissions: Type.Optional(Type.Integer({ minimum: 0 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

function reject(problems: UserProblem[]): void {
  const refusal = problems.find((p) => p.status === 403);
  if (refusal) throw forbidden(refusal.message);
  if (problems.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const p of problems) errors[`model.${p.field}`] = [...(errors[`model.${p.field}`] ?? []), p.message];
  throw badRequest(problems.map((p) => p.message).join(' '), errors);
}

const duplicateEmail = (error: unknown) => (error as { code?: string }).code === '23505';

export async function registerUserRoutes(app: App, runtime: ServiceRuntime<DirectoryTables>): Promise<void> {
  const db = runtime.db;
  app.addSchema(User);
  app.addSchema(UserDetails);
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

  const selectUsers = () =>
    db
      .selectFrom('app_user as u')
      .innerJoin('organization as o', 'o.organization_id', 'u.organization_id')
      .select([
        'u.user_id',
        'u.organization_id',
        'u.kind',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.permissions',
        'u.customer_settings',
        'u.active',
        'o.broker_id',
        'o.name as organization_name',
        'o.organization_type',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;
  const toUser = (r: Row) => ({
    userId: r.user_id,
    organizationId: r.organization_id,
    kind: r.kind,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    permissions: r.permissions,
    roles: rolesOf(r),
    active: r.active,
  });

  app.get(
    '/api/users',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary:
          "Users the caller may see: a broker's staff see theirs and their customers'; a customer sees its own",
        querystring: Type.Object({ organizationId: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Type.Array(Type.Ref('User')), ...errors },
      },
    },
    async (request) => {
      const scope = organizationScope(callerOf(request));
      let q = selectUsers().orderBy('u.last_name').orderBy('u.first_name');
      if (scope.organizationId) q = q.where('u.organization_id', '=', scope.organizationId);
      if (scope.brokerId) {
        const brokerId = scope.brokerId;
        q = q.where((eb) =>
          eb.or([eb('o.broker_id', '=', brokerId), eb('o.organization_id', '=', brokerId)]),
        );
      }
      if (request.query.organizationId) q = q.where('u.organization_id', '=', request.query.organizationId);
      return (await q.execute()).map(toUser);
    },
  );

  app.get(
    '/api/users/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary:
          'One user with its organization, and what the caller may change of it (the staff details and edit pages, 001 §2)',
        params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
        response: { 200: Type.Ref('UserDetails'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await selectUsers().where('u.user_id', '=', request.params.userId).executeTakeFirst();
      if (
        !row ||
        !canSeeOrganization(caller, {
          organization_id: row.organization_id,
          broker_id: row.broker_id,
        })
      ) {
        throw notFound(`User ${request.params.userId} was not found.`);
      }
      return {
        ...toUser(row),
        organizationName: row.organization_name,
        organizationType: row.organization_type,
        changeable: changeableBy(caller, {
          userId: row.user_id,
          kind: row.kind,
          permissions: row.permissions,
          active: row.active,
        }),
      };
    },
  );

  app.post(
    '/api/users',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['users'],
        summary:
          "Adds a staff user to the caller's broker or a user to one of its customers; publishes user.changed",
        body: UserCreate,
        response: { 201: Type.Ref('User'), 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const organization = await selectOrganizations(db)
        .where('organization_id', '=', body.organizationId)
        .executeTakeFirst();
      if (!organization || !canSeeOrganization(caller, organization)) {
        throw notFound(`Organization ${body.organizationId} was not found.`);
      }
      const kind = organization.organization_id === caller.brokerId ? 'staff' : 'customer';
      reject(userChangeProblems(caller, { kind, permissions: body.permissions }));
      const userId = newId('usr');
      try {
        await db.transaction().execute((trx) =>
          saveUser(runtime, trx, {
            userId,
            organizationId: organization.organization_id,
            kind,
            email: body.email,
            firstName: body.firstName.trim(),
            lastName: body.lastName.trim(),
            permissions: body.permissions ?? 0,
            customerSettings: 0,
            active: true,
          }),
        );
      } catch (error) {
        if (duplicateEmail(error)) throw conflict(`A user with the email ${body.email} already exists.`);
        throw error;
      }
      reply.status(201);
      return toUser(await selectUsers().where('u.user_id', '=', userId).executeTakeFirstOrThrow());
    },
  );

  app.put(
    '/api/users/:userId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['users'],
        summary: 'Changes a user (names, email, permissions, active); publishes user.changed',
        params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
        body: UserUpdate,
        response: { 200: Type.Ref('User'), 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await selectUsers().where('u.user_id', '=', request.params.userId).executeTakeFirst();
      if (
        !row ||
        !canSeeOrganization(caller, { organization_id: row.organization_id, broker_id: row.broker_id })
      ) {
        throw notFound(`User ${request.params.userId} was not found.`);
      }
      const body = request.body;
      reject(
        userChangeProblems(caller, {
          kind: row.kind,
          permissions: body.permissions ?? row.permissions,
          current: { userId: row.user_id, permissions: row.permissions, active: row.active },
          changesRole:
            (body.permissions !== undefined && body.permissions !== row.permissions) ||
            (body.active !== undefined && body.active !== row.active),
        }),
      );
      const next: UserRecord = {
        userId: row.user_id,
        organizationId: row.organization_id,
        kind: row.kind,
        email: body.email ?? row.email,
        firstName: body.firstName?.trim() ?? row.first_name,
        lastName: body.lastName?.trim() ?? row.last_name,
        permissions: body.permissions ?? row.permissions,
        customerSettings: row.customer_settings,
        active: body.active ?? row.active,
      };
      try {
        await db.transaction().execute((trx) => saveUser(runtime, trx, next));
      } catch (error) {
        if (duplicateEmail(error)) throw conflict(`A user with the email ${next.email} already exists.`);
        throw error;
      }
      return toUser(await selectUsers().where('u.user_id', '=', row.user_id).executeTakeFirstOrThrow());
    },
  );
}
