// Sign-in, sign-out, setting a password and "who am I": parse → app → present. The gateway owns
// authentication; services only ever see the signed identity it forwards.
import { PASSWORD_MIN_LENGTH } from '@loadline/contracts/rules/passwords';
import { type App, ErrorBodySchema, HttpError, unauthorized } from '@loadline/platform';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { setPassword, signIn, signOut } from '../app/sign-in.ts';
import type { GatewayDeps } from '../service.ts';
import { callerOfRequest, requireSession, sessionCookieName } from './caller.ts';

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

export async function registerAuthRoutes(app: App, deps: GatewayDeps): Promise<void> {
  const { runtime, settings } = deps;
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };
  app.addSchema(MeSchema);
  const setSessionCookie = (reply: FastifyReply, session: { sessionId: string; lifetimeSeconds: number }) =>
    reply.setCookie(sessionCookieName, session.sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: settings.secureCookies,
      maxAge: session.lifetimeSeconds,
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
      const result = await signIn(deps, { ...request.body, ip: request.ip }, (error) =>
        request.log.warn({ err: error }, 'pruning expired sessions failed'),
      );
      if (!result.signedIn) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, result.message);
      }
      setSessionCookie(reply, result);
      return result.me;
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Signs out and ends the session', response: { 204: Type.Null() } } },
    async (request, reply) => {
      await signOut(deps, request.cookies[sessionCookieName]);
      reply.clearCookie(sessionCookieName, { path: '/' });
      reply.status(204).send(null);
    },
  );

  app.put(
    '/api/auth/credentials/:userId',
    {
      preHandler: requireSession(runtime),
      schema: {
        tags: ['auth'],
        summary:
          "Sets a user's password: your own (with the current one), or, for an admin, a user of the same broker (TMS Site Admin for staff, Customer Add/Edit for customer users)",
        params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
        body: Type.Object(
          {
            password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 }),
            currentPassword: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), 403: ErrorBodySchema, 404: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOfRequest(runtime, request);
      if (!caller) throw unauthorized();
      const result = await setPassword(deps, caller, { userId: request.params.userId, ...request.body });
      if (!result.set) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(429, result.message);
      }
      reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: requireSession(runtime),
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: Type.Ref('Me'), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOfRequest(runtime, request);
      if (!caller) throw unauthorized();
      // The session slides in Redis with each request; the cookie follows when the shell starts.
      setSessionCookie(reply, caller);
      return caller.me;
    },
  );
}
