// Sessions live in Redis under a random id carried by an HTTP-only, SameSite cookie.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const sessionCookieName = 'loadline_session';
/** A working day and a bit; each request slides it forward. */
export const sessionLifetimeSeconds = 12 * 3600;

const key = (id: string) => `session:${id}`;

export interface Session {
  sessionId: string;
  userId: string;
  createdAt: string;
}

export async function createSession(redis: Redis, userId: string): Promise<Session> {
  const session = {
    sessionId: randomBytes(32).toString('base64url'),
    userId,
    createdAt: new Date().toISOString(),
  };
  await redis.set(key(session.sessionId), JSON.stringify(session), 'EX', sessionLifetimeSeconds);
  return session;
}

export async function readSession(redis: Redis, sessionId: string | undefined): Promise<Session | null> {
  if (!sessionId || !/^[\w-]{20,100}$/.test(sessionId)) return null;
  const raw = await redis.getex(key(sessionId), 'EX', sessionLifetimeSeconds);
  return raw ? (JSON.parse(raw) as Session) : null;
}

export async function destroySession(redis: Redis, sessionId: string): Promise<void> {
  await redis.del(key(sessionId));
}
