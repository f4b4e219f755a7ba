// HTTP doors of users: parse → app → present (with the roles of 002 §6.1 the use cases derive).
import { type App, callerOf, ErrorBodySchema, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { addUser, changeUser, getUserDetails, listUsers, type UserWithRoles } from '../app/users.ts';
import type { DirectoryDeps } from '../service.ts';
import { errors } from './organizations.ts';
import { UserCreate, UserUpdate } from './schemas.ts';

const present = (user: UserWithRoles) => ({
  userId: user.userId,
  organizationId: user.organizationId,
  kind: user.kind,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  permissions: user.permissions,
  roles: user.roles,
  active: user.active,
});

const UserIdParam = Type.Object({ userId: Type.String({ maxLength: 64 }) });

export function userRoutes(app: App, deps: DirectoryDeps): void {
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
    async (request) => (await listUsers(deps, callerOf(request), request.query)).map(present),
  );

  app.get(
    '/api/users/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary:
          'One user with its organization, and what the caller may change of it (the staff details and edit pages, 001 §2)',
        params: UserIdParam,
        response: { 200: Type.Ref('UserDetails'), ...errors },
      },
    },
    async (request) => {
      const { user, changeable } = await getUserDetails(deps, callerOf(request), request.params.userId);
      return {
        ...present(user),
        organizationName: user.organizationName,
        organizationType: user.organizationType,
        changeable,
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
      const user = await addUser(deps, callerOf(request), request.body);
      reply.status(201);
      return present(user);
    },
  );

  app.put(
    '/api/users/:userId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['users'],
        summary:
          'Changes a user (names, email, permissions, active) when the caller outranks it (decision 0009); publishes user.changed',
        params: UserIdParam,
        body: UserUpdate,
        response: { 200: Type.Ref('User'), 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) =>
      present(await changeUser(deps, callerOf(request), request.params.userId, request.body)),
  );
}
