// Signing a Gmail, Microsoft or Front mailbox in at its provider (001 §2 "mailbox sign-in popups", §7, 002
// §3.8; decision 0036): the OAuth 2 authorization-code flow with PKCE (S256, RFC 7636) in a popup. Pure:
// which provider a path names, the authorization address, what a token answer holds, when tokens are due
// for renewal, and the words the mailbox page shows. No I/O.
import { createHash } from 'node:crypto';
import { StaffMailboxConfigType } from '@loadline/contracts/catalogue';
import { MAILBOX_SIGN_IN_PROVIDERS } from '@loadline/contracts/rules/mailbox';

export const signInProviders = MAILBOX_SIGN_IN_PROVIDERS;
export type SignInProvider = (typeof signInProviders)[number];

/** 002 §3.8's mailbox type of each provider's path segment (001 §7 "google, microsoft and front"). */
export const providerMailboxType: Record<SignInProvider, number> = {
  google: StaffMailboxConfigType.values.Gmail,
  microsoft: StaffMailboxConfigType.values.Microsoft,
  front: StaffMailboxConfigType.values.Front,
};

export const providerName: Record<SignInProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  front: 'Front',
};

/** Whether a mailbox type signs in at a provider (Gmail, Microsoft, Front) rather than with a password. */
export const signsInAtProvider = (mailboxType: number): boolean =>
  Object.values(providerMailboxType).includes(mailboxType);

export const providerOfType = (mailboxType: number): SignInProvider | undefined =>
  signInProviders.find((p) => providerMailboxType[p] === mailboxType);

/** One provider's registration with us: from configuration (config.ts). */
export interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** RFC 7009 revocation, where the provider offers it (Google): tokens forgotten here are revoked there */
  revokeUrl: string | null;
  scope: string;
}

/**
 * What the directory keeps of a sign-in between the popup's start and its return (Redis, 10 minutes): who
 * started it, in which session, for which provider, the PKCE verifier, and the settings chosen with it.
 */
export interface PendingSignIn {
  provider: SignInProvider;
  userId: string;
  brokerId: string;
  sessionId: string;
  verifier: string;
  permissions: number | null;
  postProcessingAction: string | null;
}

export const signInLifetimeSeconds = 10 * 60;

/** RFC 7636 §4.2: the S256 challenge of a verifier. */
export const codeChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier).digest('base64url');

/**
 * The provider's authorization page for this sign-in. Google gives a refresh token only with
 * `access_type=offline`, and again on a repeated sign-in only with `prompt=consent`; the others ignore both.
 */
export function authorizationUrl(
  provider: SignInProvider,
  settings: ProviderSettings,
  redirectUrl: string,
  state: string,
  verifier: string,
): string {
  const url = new URL(settings.authorizeUrl);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: redirectUrl,
    state,
    code_challenge: codeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(settings.scope ? { scope: settings.scope } : {}),
    ...(provider === 'google' ? { access_type: 'offline', prompt: 'consent' } : {}),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** A token endpoint's 200, as RFC 6749 §5.1 shapes it (and OpenID Connect's id token). */
export interface TokenAnswer {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  /** the signed-in account's address, from the id token, when one came */
  account: string | null;
}

/** Providers that say nothing of expiry: assume an hour (Google's and Microsoft's lifetime). */
const defaultLifetimeSeconds = 3600;

export function parseTokenAnswer(body: unknown, now: Date): TokenAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (typeof b.access_token !== 'string' || b.access_token === '') return null;
  const lifetime =
    typeof b.expires_in === 'number' && b.expires_in > 0
      ? b.expires_in
      : Number(b.expires_in) > 0
        ? Number(b.expires_in)
        : defaultLifetimeSeconds;
  return {
    accessToken: b.access_token,
    refreshToken: typeof b.refresh_token === 'string' && b.refresh_token !== '' ? b.refresh_token : null,
    expiresAt: new Date(now.getTime() + lifetime * 1000),
    account: typeof b.id_token === 'string' ? accountOfIdToken(b.id_token) : null,
  };
}

/**
 * The account an id token names (`email`, else Microsoft's `preferred_username`). Its signature is not
 * checked: it came straight from the token endpoint over the connection we opened (OpenID Connect Core
 * §3.1.3.7), and it only names the mailbox; it grants nothing.
 */
export function accountOfIdToken(idToken: string): string | null {
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const account = claims.email ?? claims.preferred_username;
    return typeof account === 'string' && account.length <= 320 ? account : null;
  } catch {
    return null;
  }
}

/** Tokens are renewed when they expire within this: two runs of the renewal job (every 5 minutes) and more. */
export const renewalMarginMs = 15 * 60 * 1000;

export const renewalDue = (expiresAt: Date | null, now: Date): boolean =>
  expiresAt !== null && expiresAt.getTime() - now.getTime() <= renewalMarginMs;

// Ours: 001 §8 names "mailbox errors for unauthorized accounts" without their words.
export const signInMessages = {
  notConfigured: (provider: SignInProvider) =>
    `${providerName[provider]} sign-in is not set up on this installation. Ask your administrator.`,
  unknownState:
    'This sign-in was not started from this session, or it has expired or been used. Start the sign-in again.',
  otherProvider: (provider: SignInProvider) =>
    `This sign-in was started for another provider than ${providerName[provider]}. Start the sign-in again.`,
  refusedCode: (provider: SignInProvider) =>
    `${providerName[provider]} refused the sign-in. Start the sign-in again.`,
  unreachable: (provider: SignInProvider) =>
    `${providerName[provider]} could not be reached to complete the sign-in. Please try again.`,
  noRefreshToken: (provider: SignInProvider) =>
    `${providerName[provider]} did not allow offline access to the mailbox. Sign in again and allow it.`,
  revoked: (provider: SignInProvider) =>
    `Your ${providerName[provider]} mailbox is no longer authorized: ${providerName[provider]} refused to renew its sign-in (it may have been revoked or its password changed). Sign in again; until then mail goes out from Loadline and your mailbox is not read.`,
  serverRefused: (provider: SignInProvider) =>
    `Your ${providerName[provider]} mailbox is no longer authorized: its mail server refused the sign-in again after it was renewed (IMAP or SMTP may be turned off for the account). Sign in again; until then mail goes out from Loadline and your mailbox is not read.`,
} as const;

/** What the attachments service reported of an access token it could not use (decision 0037). */
export interface SignInRefusal {
  sealedAccessToken: string;
  /** expired: past its expiry, not tried; refused: the server refused it before its expiry */
  reason: 'expired' | 'refused';
  /** the mailbox's tokens refused one after the other with no working sign-in in between */
  refusals: number;
}

/** A refused token's second one in a row: the renewed token was refused too. */
export const REFUSALS_BEFORE_UNAUTHORIZED = 2;

/**
 * What the directory does with a refusal: nothing when it is about a token the mailbox no longer has (a newer
 * one was already published, or the mailbox was signed out or changed type); renew with the refresh token;
 * or, when a renewed token was refused as well, stop (unauthorize) rather than renew for ever.
 */
export function afterSignInRefused(
  mailbox:
    | {
        mailboxType: number;
        isAuthorized: boolean;
        sealedAccessToken: string | null;
        sealedRefreshToken: string | null;
      }
    | undefined,
  refusal: SignInRefusal,
): 'ignore' | 'renew' | 'unauthorize' {
  if (!mailbox || !signsInAtProvider(mailbox.mailboxType) || !mailbox.isAuthorized) return 'ignore';
  if (!mailbox.sealedRefreshToken || mailbox.sealedAccessToken !== refusal.sealedAccessToken) return 'ignore';
  if (refusal.reason === 'refused' && refusal.refusals >= REFUSALS_BEFORE_UNAUTHORIZED) return 'unauthorize';
  return 'renew';
}
