// Sign-ins waiting for their popup to come back (decision 0036), in Redis: every replica sees them (never
// one process's memory), they expire by themselves, and taking one is atomic (GETDEL), so a state is used
// once even when two replicas receive it at the same moment.
import type { ServiceRuntime } from '@loadline/platform';
import { type PendingSignIn, signInLifetimeSeconds } from '../domain/mailbox-sign-in.ts';

type Redis = ServiceRuntime['redis'];

const key = (prefix: string, state: string) => `${prefix}:directory:mailbox-sign-in:${state}`;

export async function keepPendingSignIn(
  redis: Redis,
  prefix: string,
  state: string,
  pending: PendingSignIn,
): Promise<void> {
  await redis.set(key(prefix, state), JSON.stringify(pending), 'EX', signInLifetimeSeconds, 'NX');
}

export async function peekPendingSignIn(
  redis: Redis,
  prefix: string,
  state: string,
): Promise<PendingSignIn | undefined> {
  const value = await redis.get(key(prefix, state));
  return value ? (JSON.parse(value) as PendingSignIn) : undefined;
}

/** Takes the sign-in: the first to ask gets it, every later one nothing. */
export async function takePendingSignIn(
  redis: Redis,
  prefix: string,
  state: string,
): Promise<PendingSignIn | undefined> {
  const value = await redis.getdel(key(prefix, state));
  return value ? (JSON.parse(value) as PendingSignIn) : undefined;
}
