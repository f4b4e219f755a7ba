// The directory's own settings, read once (beyond the platform's database, NATS, Redis, port, identity key).
import type { Env } from '@loadline/platform';
import { developmentSecretKey, parseSecretKey } from './domain/secrets.ts';

export interface DirectorySettings {
  /**
   * The key that seals mailbox passwords at rest (MAILBOX_SECRET_KEY, 32 bytes in base64). Required in
   * production; elsewhere a fixed development key stands in when none is set (decision 0070).
   */
  mailboxSecretKey: Buffer;
  /** how long a mailbox connection test waits for each server (MAIL_CONNECT_TIMEOUT_MS) */
  mailConnectTimeoutMs: number;
}

export function loadDirectorySettings(env: Env): DirectorySettings {
  const key = env.MAILBOX_SECRET_KEY;
  if (!key && env.NODE_ENV === 'production')
    throw new Error('MAILBOX_SECRET_KEY must be set when NODE_ENV=production');
  const timeout = Number(env.MAIL_CONNECT_TIMEOUT_MS || 10_000);
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 120_000) {
    throw new Error(
      `MAIL_CONNECT_TIMEOUT_MS must be a whole number from 100 to 120000, got "${env.MAIL_CONNECT_TIMEOUT_MS}"`,
    );
  }
  return {
    mailboxSecretKey: key ? parseSecretKey(key) : developmentSecretKey,
    mailConnectTimeoutMs: timeout,
  };
}
