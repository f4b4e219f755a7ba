// Sessions live in Redis under a random id carried by an HTTP-only, SameSite cookie.
import { randomBytes } from 'node:crypto';
import type { ChainableCommander, Redis } from 'ioredis';

export const sessionCookieName = 'loadline_session';
/** A working day and a bit; each request slides it forward. */
export const sessionLifetimeSeconds = 12 * 3600;

export interface Session {
  sessionId: string;
  userId: string;
  createdAt: string;
}

/** Redis keys carry the namespace (empty in production, unique per test run). */
const key = (prefix: string, id: string) => `${prefix}session:${id}`;

/**
 * Starts a session for the user: its SET joins the caller's Redis transaction (the sign-in writes its
 * attempt counters in the same round trip); the session exists once that transaction has run.
 */
export function startSession(transaction: ChainableCommander, prefix: string, userId: string): Session {
  const session = {
    sessionId: randomBytes(32).toString('base64url'),
    userId,
    createdAt: new Date().toISOString(),
  };
  transaction.set(key(prefix, session.sessionId), JSON.stringify(session), 'EX', sessionLifetimeSeconds);
  return session;
}

export async function readSession(
  redis: Redis,
  prefix: string,
  sessionId: string | undefined,
): Promise<Session | null> {
  if (!sessionId || !/^[\w-]{20,100}$/.test(sessionId)) return null;
  const raw = await redis.getex(key(prefix, sessionId), 'EX', sessionLifetimeSeconds);
  return raw ? (JSON.parse(raw) as Session) : null;
}

export async function destroySession(redis: Redis, prefix: string, sessionId: string): Promise<void> {
  await redis.del(key(prefix, sessionId));
}
