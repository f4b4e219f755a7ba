// Sign-in, sign-out and setting a password: the gateway owns authentication; services only ever see the
// signed identity it forwards.
import { fieldError, forbidden, notFound, unauthorized } from '@loadline/platform';
import { canSeeUser, mayManageCredentials } from '../domain/credentials.ts';
import type { Me } from '../domain/identity.ts';
import {
  isThrottled,
  maxLoginAttemptsPerAccountAndAddress,
  throttledMessage,
  wrongCredentialsMessage,
} from '../domain/login-throttle.ts';
import { sessionLifetimeSeconds } from '../domain/sessions.ts';
import type { GatewayDeps } from '../service.ts';
import {
  credentialByEmail,
  passwordHashOf,
  replacePasswordHash,
  savePasswordHash,
} from '../store/credentials.ts';
import { destroySession, pruneUserSessions } from '../store/sessions.ts';
import {
  forgetPasswordGuesses,
  reserveAttempt,
  reservePasswordGuess,
  secondsUntilForgotten,
  startSessionAfterSignIn,
} from '../store/sign-in-attempts.ts';
import { identitiesOf } from './identities.ts';
import { announceSessionsEnded } from './live-hub.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { type Caller, endSessions, keyPrefixOf } from './sessions.ts';

export type SignInResult =
  | { signedIn: true; me: Me; sessionId: string; lifetimeSeconds: number }
  | { signedIn: false; retryAfterSeconds: number; message: string };

export async function signIn(
  deps: Pick<GatewayDeps, 'runtime'>,
  input: { email: string; password: string; ip: string },
  onBackgroundError: (error: unknown) => void,
): Promise<SignInResult> {
  const { runtime } = deps;
  const prefix = keyPrefixOf(runtime);
  const email = input.email.trim().toLowerCase();
  // Reserve this attempt first (atomic), then check the password.
  if (isThrottled(await reserveAttempt(runtime.redis, prefix, input.ip, email))) {
    const ttl = await secondsUntilForgotten(runtime.redis, prefix, input.ip, email);
    return { signedIn: false, retryAfterSeconds: ttl, message: throttledMessage(ttl) };
  }
  // Who signs in is the directory's user with this email (the gateway's read model); the gateway keeps
  // only the password hash, by user id. An unknown email costs as long as a wrong password.
  const user = await credentialByEmail(runtime.db, email);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyHash()), input.password);
  const me = user && passwordOk ? await identitiesOf(runtime).me(user.user_id) : null;
  if (!user || !me) throw unauthorized(wrongCredentialsMessage);
  const session = await startSessionAfterSignIn(runtime.redis, prefix, input.ip, email, me.userId);
  pruneUserSessions(runtime.redis, prefix, me.userId).catch(onBackgroundError);
  if (needsRehash(user.password_hash)) {
    await replacePasswordHash(runtime.db, me.userId, user.password_hash, await hashPassword(input.password));
  }
  return { signedIn: true, me, sessionId: session.sessionId, lifetimeSeconds: sessionLifetimeSeconds };
}

/** Ends the caller's session, and closes its live connections on every gateway replica (decision 0009). */
export async function signOut(
  deps: Pick<GatewayDeps, 'runtime'>,
  sessionId: string | undefined,
): Promise<void> {
  if (sessionId && (await destroySession(deps.runtime.redis, keyPrefixOf(deps.runtime), sessionId)))
    announceSessionsEnded(deps.runtime, [sessionId]);
}

/**
 * Sets a user's password: your own (with the current one), or, for an admin, a user of the same broker it
 * outranks (decision 0009). A new password ends the user's other sessions at once: whoever signed in with
 * the old one is out (your own change keeps the session you made it from).
 */
export async function setPassword(
  deps: Pick<GatewayDeps, 'runtime'>,
  caller: Caller,
  input: { userId: string; password: string; currentPassword?: string | undefined },
): Promise<{ set: true } | { set: false; retryAfterSeconds: number; message: string }> {
  const { runtime } = deps;
  const target = await identitiesOf(runtime).me(input.userId);
  if (!target || !canSeeUser(caller.me, target)) throw notFound(`User ${input.userId} was not found.`);
  const own = target.userId === caller.me.userId;
  if (own) {
    // Guesses at the current password are throttled like sign-in: counted before the check, so parallel
    // guesses cannot slip past; a correct one starts the count again.
    const prefix = keyPrefixOf(runtime);
    const { guesses, secondsLeft } = await reservePasswordGuess(runtime.redis, prefix, target.userId);
    if (guesses > maxLoginAttemptsPerAccountAndAddress)
      return { set: false, retryAfterSeconds: secondsLeft, message: throttledMessage(secondsLeft) };
    const current = await passwordHashOf(runtime.db, target.userId);
    if (!current || !(await verifyPassword(current, input.currentPassword ?? ''))) {
      throw fieldError('currentPassword', 'The current password is not correct.');
    }
    await forgetPasswordGuesses(runtime.redis, prefix, target.userId);
  } else if (!mayManageCredentials(caller.me, target)) {
    throw forbidden("You do not have permission to set this user's password.");
  }
  await savePasswordHash(runtime.db, target.userId, await hashPassword(input.password));
  await endSessions(runtime, target.userId, own ? caller.sessionId : undefined);
  return { set: true };
}
