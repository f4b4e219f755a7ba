// Sessions: who a session cookie belongs to, and ending a user's sessions at once (a password change, a
// disabled user, a removed role: decision 0009), their live connections closed on every replica.
import type { ServiceRuntime } from '@loadline/platform';
import type { Me } from '../domain/identity.ts';
import { sessionLifetimeSeconds } from '../domain/sessions.ts';
import { endUserSessions, readSession } from '../store/sessions.ts';
import type { GatewayTables } from '../store/tables.ts';
import { identitiesOf } from './identities.ts';
import { announceSessionsEnded } from './live-hub.ts';

type Runtime = ServiceRuntime<GatewayTables>;

/** Before every Redis key: the event namespace (empty in production, unique per test run). */
export const keyPrefixOf = (runtime: Runtime): string =>
  runtime.config.eventNamespace ? `${runtime.config.eventNamespace}:` : '';

export interface Caller {
  sessionId: string;
  me: Me;
  /** how long the session lasts from now: it slid forward as it was read */
  lifetimeSeconds: number;
}

/** The signed-in user of a session id (from the cookie), or null: no session, or the user cannot sign in. */
export async function callerOfSession(
  runtime: Runtime,
  sessionId: string | undefined,
): Promise<Caller | null> {
  const session = await readSession(runtime.redis, keyPrefixOf(runtime), sessionId);
  if (!session) return null;
  const me = await identitiesOf(runtime).me(session.userId);
  return me ? { sessionId: session.sessionId, me, lifetimeSeconds: sessionLifetimeSeconds } : null;
}

/** Ends every session of a user but `keep`, and closes their live connections on every replica. */
export async function endSessions(runtime: Runtime, userId: string, keep?: string): Promise<void> {
  const ended = await endUserSessions(runtime.redis, keyPrefixOf(runtime), userId, keep);
  identitiesOf(runtime).forget(userId);
  if (ended.length > 0) announceSessionsEnded(runtime, ended);
}
