// Sessions live in Redis under a random id carried by an HTTP-only, SameSite cookie. Each user's
// session ids are also kept in a set, so a password change, a disabled user or a removed role can
// end that user's sessions at once (issue 14, decision 0009).
import { randomBytes } from 'node:crypto';
import type { ChainableCommander, Redis } from 'ioredis';

import { type Session, sessionLifetimeSeconds } from '../domain/sessions.ts';

export type { Session };

/** Redis keys carry the namespace (empty in production, unique per test run). */
const key = (prefix: string, id: string) => `${prefix}session:${id}`;
const userKey = (prefix: string, userId: string) => `${prefix}user-sessions:${userId}`;

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
  // The user's set has no expiry (a session slides, so no fixed expiry would be safe); ids of sessions
  // that expired are pruned at each sign-in (pruneUserSessions) and when the sessions are ended.
  transaction.sadd(userKey(prefix, userId), session.sessionId);
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

/** Ends one session; whether there was one. */
export async function destroySession(redis: Redis, prefix: string, sessionId: string): Promise<boolean> {
  const raw = await redis.getdel(key(prefix, sessionId));
  if (!raw) return false;
  await redis.srem(userKey(prefix, (JSON.parse(raw) as Session).userId), sessionId);
  return true;
}

/** Ends every session of a user but `keep` (the caller's own, when it changes its own password); the ids ended. */
export async function endUserSessions(
  redis: Redis,
  prefix: string,
  userId: string,
  keep?: string,
): Promise<string[]> {
  const ids = (await redis.smembers(userKey(prefix, userId))).filter((id) => id !== keep);
  if (ids.length === 0) return [];
  await redis
    .multi()
    .del(...ids.map((id) => key(prefix, id)))
    .srem(userKey(prefix, userId), ...ids)
    .exec();
  return ids;
}

/** Drops from a user's set the ids of sessions that have expired (run at sign-in, off the request's path). */
export async function pruneUserSessions(redis: Redis, prefix: string, userId: string): Promise<void> {
  const ids = await redis.smembers(userKey(prefix, userId));
  if (ids.length === 0) return;
  const alive = await redis.exists(...ids.map((id) => key(prefix, id)));
  if (alive === ids.length) return;
  const present = await Promise.all(ids.map((id) => redis.exists(key(prefix, id))));
  const dead = ids.filter((_, i) => present[i] === 0);
  if (dead.length > 0) await redis.srem(userKey(prefix, userId), ...dead);
}
