// The signed-in caller of a request, from its session cookie; read once per request (an access guard reads
// it before validation, the handler after).
import { asAccessGuard, unauthorized } from '@loadline/platform';
import type { FastifyRequest } from 'fastify';
import { type Caller, callerOfSession } from '../app/sessions.ts';
import type { GatewayDeps } from '../service.ts';

/** The HTTP-only, SameSite cookie that carries a session's id (the id alone: the session is in Redis). */
export const sessionCookieName = 'loadline_session';

const callers = new WeakMap<FastifyRequest, Promise<Caller | null>>();

export function callerOfRequest(
  runtime: GatewayDeps['runtime'],
  request: FastifyRequest,
): Promise<Caller | null> {
  let caller = callers.get(request);
  if (!caller) {
    caller = callerOfSession(runtime, request.cookies[sessionCookieName]);
    callers.set(request, caller);
  }
  return caller;
}

/**
 * Access guard of the gateway's own routes (runs before validation, as the services' requireUser does): a
 * call without a session answers 401 whatever it sends (issue 14).
 */
export const requireSession = (runtime: GatewayDeps['runtime']) =>
  asAccessGuard(async (request) => {
    if (!(await callerOfRequest(runtime, request))) throw unauthorized();
  });
