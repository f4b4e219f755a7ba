// Use cases of a mailbox's sign-in at Google, Microsoft or Front (001 §2 "mailbox sign-in popups", §7;
// decision 0036). `validate` starts it: a single-use state bound to the staff member and their session, the
// PKCE verifier kept in Redis, the provider's authorization page for the popup. `token` finishes it: the
// state taken once, the code exchanged with the verifier, the tokens sealed and stored, the mailbox
// authorized. The renewal job renews tokens before they expire; a provider that refuses marks the mailbox
// unauthorized and says why on the mailbox page.
import { randomBytes } from 'node:crypto';
import type { MailboxSignInRefusedV1 } from '@loadline/contracts/events';
import { conflict, HttpError, type Identity, problemsError } from '@loadline/platform';
import {
  defaultMailbox,
  type Mailbox,
  type PostProcessing,
  signedIn,
  unauthorized,
} from '../domain/mailbox.ts';
import {
  afterSignInRefused,
  authorizationUrl,
  type ProviderSettings,
  providerMailboxType,
  providerOfType,
  renewalDue,
  renewalMarginMs,
  type SignInProvider,
  signInMessages,
  signInProviders,
} from '../domain/mailbox-sign-in.ts';
import { openSecret, sealSecret } from '../domain/secrets.ts';
import type { DirectoryDeps } from '../service.ts';
import { findMailbox, mailboxesDueForRenewal, publishMailbox, saveMailbox } from '../store/mailboxes.ts';
import { keepPendingSignIn, peekPendingSignIn, takePendingSignIn } from '../store/pending-sign-ins.ts';
import { requirePermissionsAllowed, requireStaffCaller } from './mailbox.ts';
import { revokeAtProvider } from './revoke-sign-in.ts';

function configured(
  deps: DirectoryDeps,
  provider: SignInProvider,
): { settings: ProviderSettings; redirectUrl: string } {
  const { redirectUrl, providers } = deps.settings.mailboxSignIn;
  const settings = providers[provider];
  if (!settings || !redirectUrl) throw conflict(signInMessages.notConfigured(provider));
  return { settings, redirectUrl };
}

const redisPrefix = (deps: DirectoryDeps) => deps.runtime.config.queuePrefix;

export interface SignInStart {
  provider: SignInProvider;
  authorizationUrl: string;
  state: string;
  redirectUrl: string;
}

/** Starts a sign-in: the page the popup opens, and the state that brings its answer back to this session. */
export async function startSignIn(
  deps: DirectoryDeps,
  caller: Identity,
  provider: SignInProvider,
  chosen: { permissions?: number; postProcessingAction?: PostProcessing },
): Promise<SignInStart> {
  requireStaffCaller(caller);
  const { settings, redirectUrl } = configured(deps, provider);
  const { db, redis } = deps.runtime;
  const current = (await findMailbox(db, caller.userId)) ?? defaultMailbox(caller.userId, caller.brokerId);
  await requirePermissionsAllowed(db, caller, current, chosen.permissions);
  const state = randomBytes(32).toString('base64url');
  // RFC 7636 §4.1: 43 to 128 characters of high entropy; 64 random bytes give 86.
  const verifier = randomBytes(64).toString('base64url');
  await keepPendingSignIn(redis, redisPrefix(deps), state, {
    provider,
    userId: caller.userId,
    brokerId: caller.brokerId,
    sessionId: caller.sessionId,
    verifier,
    permissions: chosen.permissions ?? null,
    postProcessingAction: chosen.postProcessingAction ?? null,
  });
  return {
    provider,
    authorizationUrl: authorizationUrl(provider, settings, redirectUrl, state, verifier),
    state,
    redirectUrl,
  };
}

const stateRefused = (message: string) => problemsError([{ field: 'state', message }]);

/**
 * Finishes a sign-in with what the provider sent the popup back with. The state must be one this staff
 * member started in this session, for this provider, not used before and not expired; another's state,
 * a used or unknown one are refused alike (400), and the provider's refusal of the code (a wrong PKCE
 * verifier, a code used twice) too.
 */
export async function finishSignIn(
  deps: DirectoryDeps,
  caller: Identity,
  provider: SignInProvider,
  input: { code: string; state: string },
): Promise<Mailbox> {
  requireStaffCaller(caller);
  const { settings, redirectUrl } = configured(deps, provider);
  const { redis } = deps.runtime;
  const prefix = redisPrefix(deps);
  // Looked at before it is taken: another's state is refused without spending it.
  const seen = await peekPendingSignIn(redis, prefix, input.state);
  if (!seen || seen.userId !== caller.userId || seen.sessionId !== caller.sessionId)
    throw stateRefused(signInMessages.unknownState);
  if (seen.provider !== provider) throw stateRefused(signInMessages.otherProvider(provider));
  const pending = await takePendingSignIn(redis, prefix, input.state);
  if (!pending) throw stateRefused(signInMessages.unknownState);

  const result = await deps.adapters.signInProviders.exchangeCode(settings, {
    code: input.code,
    verifier: pending.verifier,
    redirectUrl,
  });
  if (!result.ok && result.refused)
    throw problemsError([{ field: 'code', message: signInMessages.refusedCode(provider) }]);
  if (!result.ok) throw new HttpError(502, signInMessages.unreachable(provider));
  const { answer } = result;
  if (!answer.refreshToken)
    throw problemsError([{ field: 'code', message: signInMessages.noRefreshToken(provider) }]);

  const key = deps.settings.mailboxSecretKey;
  const { current, next } = await deps.runtime.db.transaction().execute(async (trx) => {
    const current =
      (await findMailbox(trx, caller.userId, 'forUpdate')) ?? defaultMailbox(caller.userId, caller.brokerId);
    const next = signedIn(
      { ...current, brokerId: caller.brokerId },
      providerMailboxType[provider],
      answer.account ?? caller.email,
      {
        sealedAccessToken: sealSecret(key, caller.userId, answer.accessToken),
        sealedRefreshToken: sealSecret(key, caller.userId, answer.refreshToken!),
        tokenExpiresAt: answer.expiresAt,
      },
      {
        permissions: pending.permissions,
        postProcessingAction: pending.postProcessingAction as PostProcessing | null,
      },
    );
    await saveMailbox(trx, next);
    await publishMailbox(deps.runtime, trx, caller.userId, caller.brokerId, next);
    return { current, next };
  });
  // Signing in again replaces the tokens: the old ones are revoked at their provider.
  await revokeAtProvider(deps, current);
  return next;
}

export interface RenewalReport {
  renewed: number;
  unauthorized: number;
  failed: number;
}

type Trx = Parameters<typeof findMailbox>[0];
type RenewalOutcome = 'renewed' | 'unauthorized' | 'failed';

/**
 * Renews one signed-in mailbox's tokens in the caller's transaction, which holds its row. A new access
 * token (and, where the provider rotates them, refresh token) is stored sealed and published, so the
 * attachments service reads and sends with it (decision 0037). The provider refusing the refresh token
 * (`invalid_grant`: revoked, expired, the account's password changed) unauthorizes the mailbox with the
 * words its page shows; anything else (the provider unreachable, our client refused) is 'failed'.
 */
async function renewSignIn(
  deps: DirectoryDeps,
  trx: Trx,
  mailbox: Mailbox,
  provider: SignInProvider,
): Promise<RenewalOutcome> {
  const { runtime, settings } = deps;
  const { userId, brokerId } = mailbox;
  const providerSettings = settings.mailboxSignIn.providers[provider];
  if (!providerSettings) return 'failed';
  const lose = (words: string) => unauthorize(deps, trx, mailbox, words);
  let refreshToken: string;
  try {
    refreshToken = openSecret(settings.mailboxSecretKey, userId, mailbox.sealedRefreshToken!);
  } catch {
    // Sealed with another key (MAILBOX_SECRET_KEY changed): the staff member signs in again.
    return lose(signInMessages.revoked(provider));
  }
  const result = await deps.adapters.signInProviders.refresh(providerSettings, refreshToken);
  if (!result.ok) {
    if (result.refused && result.error === 'invalid_grant') return lose(signInMessages.revoked(provider));
    runtime.logger.warn({ userId, provider, error: result.error }, 'mailbox token renewal failed');
    return 'failed';
  }
  const { answer } = result;
  const next: Mailbox = {
    ...mailbox,
    sealedAccessToken: sealSecret(settings.mailboxSecretKey, userId, answer.accessToken),
    // Providers that rotate refresh tokens send a new one; the others keep the one they gave.
    sealedRefreshToken: answer.refreshToken
      ? sealSecret(settings.mailboxSecretKey, userId, answer.refreshToken)
      : mailbox.sealedRefreshToken,
    tokenExpiresAt: answer.expiresAt,
  };
  await saveMailbox(trx, next);
  await publishMailbox(runtime, trx, userId, brokerId, next);
  return 'renewed';
}

async function unauthorize(
  deps: DirectoryDeps,
  trx: Trx,
  mailbox: Mailbox,
  words: string,
): Promise<'unauthorized'> {
  const next = unauthorized(mailbox, words);
  await saveMailbox(trx, next);
  await publishMailbox(deps.runtime, trx, mailbox.userId, mailbox.brokerId, next);
  return 'unauthorized';
}

/**
 * Renews the tokens of every signed-in mailbox that expire within the margin (the renewal job, every few
 * minutes). Each mailbox is renewed in its own transaction holding its row, and a row another run holds is
 * passed over: a rotated refresh token is never spent twice. A refusal of the refresh token unauthorizes the
 * mailbox; anything else is tried again at the next run.
 */
export async function renewMailboxTokens(deps: DirectoryDeps, now = new Date()): Promise<RenewalReport> {
  const { runtime } = deps;
  const report: RenewalReport = { renewed: 0, unauthorized: 0, failed: 0 };
  const types = signInProviders.map((p) => providerMailboxType[p]);
  const due = await mailboxesDueForRenewal(runtime.db, types, new Date(now.getTime() + renewalMarginMs));
  for (const userId of due) {
    const outcome = await runtime.db.transaction().execute(async (trx) => {
      const mailbox = await findMailbox(trx, userId, 'skipLocked');
      const provider = mailbox && providerOfType(mailbox.mailboxType);
      if (!mailbox || !provider || !mailbox.isAuthorized || !mailbox.sealedRefreshToken) return null;
      if (!renewalDue(mailbox.tokenExpiresAt, now)) return null;
      return renewSignIn(deps, trx, mailbox, provider);
    });
    if (outcome) report[outcome] += 1;
  }
  return report;
}

/** The renewal after a refusal could not be done now: thrown so the event is delivered again later. */
export class RenewalPostponed extends Error {}

/**
 * The attachments service could not use a mailbox's access token (tms.attachments.mailbox.signin.refused.v1,
 * decision 0037), in the consumer's transaction: renewed at once (the new token published), or the mailbox
 * unauthorized when the provider refuses the renewal or a renewed token was refused too. A report about a
 * token the mailbox no longer has changes nothing. A provider out of reach postpones it (the event comes back).
 */
export async function signInRefused(
  deps: DirectoryDeps,
  trx: Trx,
  event: MailboxSignInRefusedV1,
): Promise<'ignored' | RenewalOutcome> {
  const mailbox = await findMailbox(trx, event.userId, 'forUpdate');
  const decision = afterSignInRefused(mailbox, event);
  const provider = mailbox && providerOfType(mailbox.mailboxType);
  if (decision === 'ignore' || !mailbox || !provider) return 'ignored';
  deps.runtime.logger.info(
    { userId: event.userId, provider, reason: event.reason, protocol: event.protocol, decision },
    'a mailbox access token was refused',
  );
  if (decision === 'unauthorize')
    return unauthorize(deps, trx, mailbox, signInMessages.serverRefused(provider));
  const outcome = await renewSignIn(deps, trx, mailbox, provider);
  if (outcome === 'failed') throw new RenewalPostponed('the mailbox sign-in could not be renewed now');
  return outcome;
}
