// The attachments service's own settings, read once from the environment with local defaults (the
// platform's loadConfig gives the common ones). Documented in the service's README.
import { join } from 'node:path';
import { type Env, parseSecretKey, secretSetting } from '@loadline/platform';
import type { S3StoreOptions } from './adapters/storage/s3.ts';
import { frontApiUrlSetting } from './domain/front-mailbox.ts';
import {
  defaultProviderServers,
  type ProviderMailServers,
  providerServerSetting,
  tokenMailboxTypes,
} from './domain/provider-mailbox.ts';

export interface AttachmentsSettings {
  /** where files (local storage), staging and the local fax sink live */
  dataDir: string;
  storage: { kind: 'local' } | ({ kind: 's3' } & Omit<S3StoreOptions, 'stagingDir'>);
  /** the largest file an upload may carry */
  maxFileBytes: number;
  /** how long a deleted attachment is kept before its file is purged */
  retentionDays: number;
  /** SMTP server for email, as a URL (smtp://user:pass@host:port, smtps:// for TLS); null: not configured */
  smtpUrl: string | null;
  /** the From of every email; the sender goes in Reply-To */
  mailFrom: string;
  /** FAX_PROVIDER: the local sink (development) or an internet fax API (FAX_PROVIDER_URL, FAX_PROVIDER_TOKEN) */
  fax: { kind: 'local' } | { kind: 'http'; url: string; token: string | undefined };
  /** the pause before the first retry of a failed send, doubling after (ATTACHMENTS_SEND_BACKOFF_MS) */
  sendBackoffMs: number;
  /**
   * The key that opens staff mailbox passwords (MAILBOX_SECRET_KEY, the directory's, decision 0071); null in
   * production without it: no mailbox is read.
   */
  mailboxSecretKey: Buffer | null;
  /** how often each mailbox that reads mail is read (MAIL_POLL_INTERVAL_MS) */
  mailPollIntervalMs: number;
  /** how long a read then waits in IDLE for new mail (MAIL_IDLE_MS; 0: no IDLE) */
  mailIdleMs: number;
  /** how long connecting to a mail server may take (MAIL_CONNECT_TIMEOUT_MS) */
  mailConnectTimeoutMs: number;
  /**
   * The IMAP and SMTP servers Gmail (3) and Microsoft (4) mailboxes are read and sent through with their
   * access token (GOOGLE_IMAP_SERVER, GOOGLE_SMTP_SERVER, MICROSOFT_IMAP_SERVER, MICROSOFT_SMTP_SERVER as
   * host:port; the providers' public servers by default; decision 0037)
   */
  providerMailServers: ProviderMailServers;
  /** Front's Core API, where Front mailboxes (type 5) are read and sent (FRONT_API_URL; decision 0037) */
  frontApiUrl: string;
}

function providerMailServers(env: Env): ProviderMailServers {
  const servers: ProviderMailServers = {};
  for (const [provider, mailboxType] of Object.entries(tokenMailboxTypes)) {
    const prefix = provider.toUpperCase();
    const defaults = defaultProviderServers[provider as keyof typeof defaultProviderServers];
    servers[mailboxType] = {
      imap: providerServerSetting(`${prefix}_IMAP_SERVER`, env[`${prefix}_IMAP_SERVER`], defaults.imap),
      smtp: providerServerSetting(`${prefix}_SMTP_SERVER`, env[`${prefix}_SMTP_SERVER`], defaults.smtp),
    };
  }
  return servers;
}

const repoRoot = new URL('../../..', import.meta.url).pathname;

function positive(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function loadAttachmentsSettings(env: Env): AttachmentsSettings {
  const production = env.NODE_ENV === 'production';
  const storageKind = (env.ATTACHMENTS_STORAGE ?? 'local').toLowerCase();
  if (storageKind !== 'local' && storageKind !== 's3') {
    throw new Error(`ATTACHMENTS_STORAGE must be local or s3, got "${env.ATTACHMENTS_STORAGE}"`);
  }
  const dataDir = env.ATTACHMENTS_DATA_DIR || (production ? '' : join(repoRoot, '.data', 'attachments'));
  if (!dataDir) throw new Error('ATTACHMENTS_DATA_DIR must be set when NODE_ENV=production');
  let storage: AttachmentsSettings['storage'] = { kind: 'local' };
  if (storageKind === 's3') {
    const bucket = env.S3_BUCKET;
    if (!bucket) throw new Error('S3_BUCKET must be set when ATTACHMENTS_STORAGE=s3');
    storage = {
      kind: 's3',
      bucket,
      prefix: env.S3_PREFIX ?? '',
      region: env.S3_REGION ?? 'us-east-1',
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || Boolean(env.S3_ENDPOINT),
      ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
        : {}),
    };
  }
  const faxKind = (env.FAX_PROVIDER ?? 'local').toLowerCase();
  if (faxKind !== 'local' && faxKind !== 'http')
    throw new Error(`FAX_PROVIDER must be local or http, got "${env.FAX_PROVIDER}"`);
  if (faxKind === 'http' && !env.FAX_PROVIDER_URL)
    throw new Error('FAX_PROVIDER=http needs FAX_PROVIDER_URL');
  return {
    dataDir,
    storage,
    maxFileBytes: Math.round(positive(env, 'ATTACHMENTS_MAX_FILE_MB', 25) * 1024 * 1024),
    retentionDays: positive(env, 'ATTACHMENTS_RETENTION_DAYS', 30),
    // The launcher's SMTP sink (infra/dev/mail-sink.ts) in development.
    smtpUrl: env.SMTP_URL || (production ? null : 'smtp://127.0.0.1:2525'),
    mailFrom: env.MAIL_FROM || 'Loadline <no-reply@loadline.localhost>',
    fax:
      faxKind === 'http'
        ? { kind: 'http', url: env.FAX_PROVIDER_URL ?? '', token: env.FAX_PROVIDER_TOKEN || undefined }
        : { kind: 'local' },
    sendBackoffMs: positive(env, 'ATTACHMENTS_SEND_BACKOFF_MS', 30_000),
    mailboxSecretKey:
      production && !env.MAILBOX_SECRET_KEY ? null : parseSecretKey(secretSetting(env, 'MAILBOX_SECRET_KEY')),
    mailPollIntervalMs: positive(env, 'MAIL_POLL_INTERVAL_MS', 30_000),
    mailIdleMs: env.MAIL_IDLE_MS === '0' ? 0 : positive(env, 'MAIL_IDLE_MS', 25_000),
    mailConnectTimeoutMs: positive(env, 'MAIL_CONNECT_TIMEOUT_MS', 10_000),
    providerMailServers: providerMailServers(env),
    frontApiUrl: frontApiUrlSetting(env.FRONT_API_URL),
  };
}
