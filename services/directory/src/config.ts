// The directory's own settings, read once (beyond the platform's database, NATS, Redis, port, identity key).
import { type Env, secretSetting } from '@loadline/platform';
import { type ProviderSettings, type SignInProvider, signInProviders } from './domain/mailbox-sign-in.ts';
import { parseSecretKey } from './domain/secrets.ts';

export interface DirectorySettings {
  /**
   * The key that seals mailbox passwords and tokens at rest (MAILBOX_SECRET_KEY, 32 bytes in base64): made
   * per install by npm start, given by a deployment's secret store, never a default in the source
   * (decisions 0070, 0085).
   */
  mailboxSecretKey: Buffer;
  /** how long a mailbox connection test waits for each server (MAIL_CONNECT_TIMEOUT_MS) */
  mailConnectTimeoutMs: number;
  /**
   * Mailbox sign-in at Google, Microsoft and Front (decision 0036): the page of ours each provider sends the
   * popup back to (MAILBOX_OAUTH_REDIRECT_URL, registered with every provider), and each provider that is
   * set up (its client id and secret given; the rest has the provider's public defaults).
   */
  mailboxSignIn: {
    redirectUrl: string | null;
    providers: Partial<Record<SignInProvider, ProviderSettings>>;
    /** how often the renewal job looks for tokens about to expire (MAILBOX_TOKEN_RENEW_EVERY_MS) */
    renewEveryMs: number;
  };
}

/** The providers' public endpoints and the scopes that read and send mail (IMAP and SMTP, or Front's API). */
const providerDefaults: Record<SignInProvider, Omit<ProviderSettings, 'clientId' | 'clientSecret'>> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    scope: 'openid email https://mail.google.com/',
  },
  microsoft: {
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    revokeUrl: null,
    scope:
      'openid email offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
  },
  front: {
    authorizeUrl: 'https://app.frontapp.com/oauth/authorize',
    tokenUrl: 'https://app.frontapp.com/oauth/token',
    revokeUrl: null,
    scope: '',
  },
};

function providerSettings(env: Env, provider: SignInProvider): ProviderSettings | undefined {
  const prefix = `${provider.toUpperCase()}_OAUTH_`;
  const clientId = env[`${prefix}CLIENT_ID`]?.trim();
  if (!clientId) return undefined;
  const clientSecret = env[`${prefix}CLIENT_SECRET`]?.trim();
  if (!clientSecret) throw new Error(`${prefix}CLIENT_SECRET must be set with ${prefix}CLIENT_ID`);
  const defaults = providerDefaults[provider];
  const url = <T extends string | null>(name: 'AUTHORIZE_URL' | 'TOKEN_URL' | 'REVOKE_URL', fallback: T) => {
    const value = env[`${prefix}${name}`]?.trim() || fallback;
    if (value !== null && !URL.canParse(value))
      throw new Error(`${prefix}${name} must be a URL, got "${value}"`);
    return value as T | string;
  };
  return {
    clientId,
    clientSecret,
    authorizeUrl: url('AUTHORIZE_URL', defaults.authorizeUrl),
    tokenUrl: url('TOKEN_URL', defaults.tokenUrl),
    revokeUrl: url('REVOKE_URL', defaults.revokeUrl),
    scope: env[`${prefix}SCOPE`]?.trim() ?? defaults.scope,
  };
}

export function loadDirectorySettings(env: Env): DirectorySettings {
  const key = secretSetting(env, 'MAILBOX_SECRET_KEY');
  const timeout = Number(env.MAIL_CONNECT_TIMEOUT_MS || 10_000);
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 120_000) {
    throw new Error(
      `MAIL_CONNECT_TIMEOUT_MS must be a whole number from 100 to 120000, got "${env.MAIL_CONNECT_TIMEOUT_MS}"`,
    );
  }
  const redirectUrl = env.MAILBOX_OAUTH_REDIRECT_URL?.trim() || null;
  if (redirectUrl && !URL.canParse(redirectUrl)) {
    throw new Error(`MAILBOX_OAUTH_REDIRECT_URL must be a URL, got "${redirectUrl}"`);
  }
  const renewEveryMs = Number(env.MAILBOX_TOKEN_RENEW_EVERY_MS || 5 * 60_000);
  if (!Number.isInteger(renewEveryMs) || renewEveryMs < 1000 || renewEveryMs > 15 * 60_000) {
    throw new Error(
      `MAILBOX_TOKEN_RENEW_EVERY_MS must be a whole number from 1000 to 900000, got "${env.MAILBOX_TOKEN_RENEW_EVERY_MS}"`,
    );
  }
  const providers: Partial<Record<SignInProvider, ProviderSettings>> = {};
  for (const provider of signInProviders) {
    const settings = providerSettings(env, provider);
    if (settings) providers[provider] = settings;
  }
  return {
    mailboxSecretKey: parseSecretKey(key),
    mailConnectTimeoutMs: timeout,
    mailboxSignIn: { redirectUrl, providers, renewEveryMs },
  };
}
