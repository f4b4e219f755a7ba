// Sign-in, sign-out and "who am I". The gateway owns authentication; services only ever
// see the signed identity it forwards.

import {
  type App,
  asAccessGuard,
  badRequest,
  ErrorBodySchema,
  forbidden,
  HttpError,
  notFound,
  unauthorized,
} from '@loadline/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Me } from '../auth/identity.ts';
import {
  decoyHash,
  hashPassword,
  minimumPasswordLength,
  needsRehash,
  verifyPassword,
} from '../auth/passwords.ts';
import {
  destroySession,
  pruneUserSessions,
  readSession,
  sessionCookieName,
  sessionLifetimeSeconds,
  startSession,
} from '../auth/sessions.ts';
import type { GatewayContext } from '../context.ts';
import { canSeeUser, mayManageCredentials } from '../domain/credentials.ts';
import {
  failedLoginWindowSeconds,
  isThrottled,
  throttledMessage,
  wrongCredentialsMessage,
} from '../domain/login-throttle.ts';

export const MeSchema = Type.Object(
  {
    userId: Type.String(),
    kind: Type.Union([Type.Literal('staff'), Type.Literal('customer')]),
    email: Type.String(),
    displayName: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    organizationId: Type.String(),
    organizationName: Type.String(),
    organizationType: Type.Integer({ description: 'LSP 60, Customer 70, Factor Company 80' }),
    brokerId: Type.String(),
    permissions: Type.Integer({ description: 'staff permission bits, spec 002 §6.2' }),
    customerSettings: Type.Integer({ description: 'customer-user setting bits, spec 002 §6.3' }),
  },
  { $id: 'Me' },
);

const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

type Caller = { sessionId: string; me: Me };
/** Each request's caller, read once (a session guard reads it before validation, the handler after). */
const callers = new WeakMap<FastifyRequest, Promise<Caller | null>>();

/** The signed-in caller of a request, or null. */
export function callerOfRequest(ctx: GatewayContext, request: FastifyRequest): Promise<Caller | null> {
  let caller = callers.get(request);
  if (!caller) {
    caller = (async () => {
      const session = await readSession(ctx.runtime.redis, ctx.keyPrefix, request.cookies[sessionCookieName]);
      if (!session) return null;
      const me = await ctx.directory.me(session.userId);
      return me ? { sessionId: session.sessionId, me } : null;
    })();
    callers.set(request, caller);
  }
  return caller;
}

/**
 * Access guard of the gateway's own routes (runs before validation, as the services' requireUser does): a
 * call without a session answers 401 whatever it sends (issue 14).
 */
export const requireSession = (ctx: GatewayContext) =>
  asAccessGuard(async (request) => {
    if (!(await callerOfRequest(ctx, request))) throw unauthorized();
  });

export async function registerAuthRoutes(app: App, ctx: GatewayContext): Promise<void> {
  const { runtime } = ctx;
  const redis = runtime.redis;
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };
  app.addSchema(MeSchema);
  const setSessionCookie = (reply: FastifyReply, sessionId: string) =>
    reply.setCookie(sessionCookieName, sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secureCookies,
      maxAge: sessionLifetimeSeconds,
    });

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Signs in with email and password; sets the HTTP-only session cookie',
        body: LoginBody,
        response: { 200: Type.Ref('Me'), ...errors },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const accountKey = `${ctx.keyPrefix}login-attempts:${request.ip}:${email}`;
      const addressKey = `${ctx.keyPrefix}login-attempts:${request.ip}`;
      // Reserve this attempt first (atomic), then check the password.
      const reserved = await redis
        .multi()
        .incr(accountKey)
        .expire(accountKey, failedLoginWindowSeconds, 'NX')
        .incr(addressKey)
        .expire(addressKey, failedLoginWindowSeconds, 'NX')
        .exec();
      const counts = {
        accountFromAddress: Number(reserved?.[0]?.[1] ?? 0),
        address: Number(reserved?.[2]?.[1] ?? 0),
      };
      if (isThrottled(counts)) {
        const ttl = Math.max(await redis.ttl(accountKey), await redis.ttl(addressKey), 1);
        reply.header('retry-after', String(ttl));
        throw new HttpError(429, throttledMessage(ttl));
      }
      // Who signs in is the directory's user with this email (the gateway's read model);
      // the gateway keeps only the password hash, by user id.
      const user = await runtime.db
        .selectFrom('directory_user as u')
        .innerJoin('credential as c', 'c.user_id', 'u.user_id')
        .select(['u.user_id', 'c.password_hash'])
        .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email))
        .executeTakeFirst();
      const passwordOk = await verifyPassword(
        user?.password_hash ?? (await decoyHash()),
        request.body.password,
      );
      const me = user && passwordOk ? await ctx.directory.me(user.user_id) : null;
      if (!me) throw unauthorized(wrongCredentialsMessage);
      // A correct password: this address's attempts at this account start again, the attempt is
      // not counted against the address, and the session starts, in one round trip.
      const signedIn = redis.multi().del(accountKey).decr(addressKey);
      const session = startSession(signedIn, ctx.keyPrefix, me.userId);
      const written = await signedIn.exec();
      const failed = written?.find(([error]) => error)?.[0];
      if (failed) throw failed;
      pruneUserSessions(redis, ctx.keyPrefix, me.userId).catch((error) =>
        request.log.warn({ err: error }, 'pruning expired sessions failed'),
      );
      if (user && needsRehash(user.password_hash)) {
        // Only if the hash is still the one just verified: a password changed meanwhile stays.
        await runtime.db
          .updateTable('credential')
          .set({ password_hash: await hashPassword(request.body.password), updated_at: new Date() })
          .where('user_id', '=', user.user_id)
          .where('password_hash', '=', user.password_hash)
          .execute();
      }
      setSessionCookie(reply, session.sessionId);
      return me;
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Signs out and ends the session', response: { 204: Type.Null() } } },
    async (request, reply) => {
      const id = request.cookies[sessionCookieName];
      if (id) await destroySession(redis, ctx.keyPrefix, id);
      reply.clearCookie(sessionCookieName, { path: '/' });
      reply.status(204).send(null);
    },
  );

  app.put(
    '/api/auth/credentials/:userId',
    {
      preHandler: requireSession(ctx),
      schema: {
        tags: ['auth'],
        summary:
          "Sets a user's password: your own (with the current one), or, for an admin, a user of the same broker (TMS Site Admin for staff, Customer Add/Edit for customer users)",
        params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
        body: Type.Object(
          {
            password: Type.String({ minLength: minimumPasswordLength, maxLength: 200 }),
            currentPassword: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), 403: ErrorBodySchema, 404: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOfRequest(ctx, request);
      if (!caller) throw unauthorized();
      const target = await ctx.directory.me(request.params.userId);
      if (!target || !canSeeUser(caller.me, target))
        throw notFound(`User ${request.params.userId} was not found.`);
      if (target.userId === caller.me.userId) {
        const current = await runtime.db
          .selectFrom('credential')
          .select('password_hash')
          .where('user_id', '=', target.userId)
          .executeTakeFirst();
        if (!current || !(await verifyPassword(current.password_hash, request.body.currentPassword ?? ''))) {
          throw badRequest('currentPassword: the current password is not correct.', {
            'model.currentPassword': ['The current password is not correct.'],
          });
        }
      } else if (!mayManageCredentials(caller.me, target)) {
        throw forbidden("You do not have permission to set this user's password.");
      }
      await runtime.db
        .insertInto('credential')
        .values({ user_id: target.userId, password_hash: await hashPassword(request.body.password) })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ password_hash: (eb) => eb.ref('excluded.password_hash'), updated_at: new Date() }),
        )
        .execute();
      // A new password ends the user's other sessions at once: whoever signed in with the old one is out
      // (your own change keeps the session you made it from).
      await ctx.endSessions(target.userId, target.userId === caller.me.userId ? caller.sessionId : undefined);
      reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: requireSession(ctx),
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: Type.Ref('Me'), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOfRequest(ctx, request);
      if (!caller) throw unauthorized();
      // The session slides in Redis with each request; the cookie follows when the shell starts.
      setSessionCookie(reply, caller.sessionId);
      return caller.me;
    },
  );
}
