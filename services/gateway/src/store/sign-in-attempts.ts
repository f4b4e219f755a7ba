// Sign-in attempts counted in Redis per address and per account from that address (domain/login-throttle.ts
// says how many are tolerated). An attempt is reserved atomically before the password is checked, so a
// burst of parallel guesses cannot slip past the limit.
import type { Redis } from 'ioredis';
import { type AttemptCounts, failedLoginWindowSeconds } from '../domain/login-throttle.ts';
import { type Session, startSession } from './sessions.ts';

const accountKey = (prefix: string, ip: string, email: string) => `${prefix}login-attempts:${ip}:${email}`;
const addressKey = (prefix: string, ip: string) => `${prefix}login-attempts:${ip}`;

export async function reserveAttempt(
  redis: Redis,
  prefix: string,
  ip: string,
  email: string,
): Promise<AttemptCounts> {
  const account = accountKey(prefix, ip, email);
  const address = addressKey(prefix, ip);
  const reserved = await redis
    .multi()
    .incr(account)
    .expire(account, failedLoginWindowSeconds, 'NX')
    .incr(address)
    .expire(address, failedLoginWindowSeconds, 'NX')
    .exec();
  return {
    accountFromAddress: Number(reserved?.[0]?.[1] ?? 0),
    address: Number(reserved?.[2]?.[1] ?? 0),
  };
}

/** Seconds until the attempts of this account or address are forgotten (at least 1). */
export async function secondsUntilForgotten(
  redis: Redis,
  prefix: string,
  ip: string,
  email: string,
): Promise<number> {
  return Math.max(await redis.ttl(accountKey(prefix, ip, email)), await redis.ttl(addressKey(prefix, ip)), 1);
}

/**
 * A correct password: this address's attempts at this account start again, the attempt is not counted
 * against the address, and the session starts, in one round trip.
 */
export async function startSessionAfterSignIn(
  redis: Redis,
  prefix: string,
  ip: string,
  email: string,
  userId: string,
): Promise<Session> {
  const signedIn = redis
    .multi()
    .del(accountKey(prefix, ip, email))
    .decr(addressKey(prefix, ip));
  const session = startSession(signedIn, prefix, userId);
  const written = await signedIn.exec();
  const failed = written?.find(([error]) => error)?.[0];
  if (failed) throw failed;
  return session;
}

const guessKey = (prefix: string, userId: string) => `${prefix}password-guesses:${userId}`;

/**
 * Counts a guess at a user's current password (a password change of one's own): a stolen session must not
 * be a way to guess the password at leisure. The count and the seconds until it is forgotten.
 */
export async function reservePasswordGuess(
  redis: Redis,
  prefix: string,
  userId: string,
): Promise<{ guesses: number; secondsLeft: number }> {
  const key = guessKey(prefix, userId);
  const reserved = await redis.multi().incr(key).expire(key, failedLoginWindowSeconds, 'NX').ttl(key).exec();
  return {
    guesses: Number(reserved?.[0]?.[1] ?? 0),
    secondsLeft: Math.max(Number(reserved?.[2]?.[1] ?? 1), 1),
  };
}

export async function forgetPasswordGuesses(redis: Redis, prefix: string, userId: string): Promise<void> {
  await redis.del(guessKey(prefix, userId));
}
