// The directory's own settings, read once (beyond the platform's database, NATS, Redis, port, identity key).
import { type Env, secretSetting } from '@loadline/platform';
import { parseSecretKey } from './domain/secrets.ts';

export interface DirectorySettings {
  /**
   * The key that seals mailbox passwords at rest (MAILBOX_SECRET_KEY, 32 bytes in base64): made per install
   * by npm start, given by a deployment's secret store, never a default in the source (decisions 0070, 0085).
   */
  mailboxSecretKey: Buffer;
  /** how long a mailbox connection test waits for each server (MAIL_CONNECT_TIMEOUT_MS) */
  mailConnectTimeoutMs: number;
}

export function loadDirectorySettings(env: Env): DirectorySettings {
  const key = secretSetting(env, 'MAILBOX_SECRET_KEY');
  const timeout = Number(env.MAIL_CONNECT_TIMEOUT_MS || 10_000);
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 120_000) {
    throw new Error(
      `MAIL_CONNECT_TIMEOUT_MS must be a whole number from 100 to 120000, got "${env.MAIL_CONNECT_TIMEOUT_MS}"`,
    );
  }
  return {
    mailboxSecretKey: parseSecretKey(key),
    mailConnectTimeoutMs: timeout,
  };
}
