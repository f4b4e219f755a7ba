// Gmail and Microsoft mailboxes read and send with their access token (SASL XOAUTH2; issue 18 item 2,
// decision 0037), at their provider's IMAP and SMTP servers; an IMAP mailbox with its password at the
// servers its owner entered (decisions 0070, 0071, 0073). Which server and which credentials a mailbox uses,
// whether its token may be tried, and what a refusal is reported as. Pure: no I/O.
import { StaffMailboxConfigType } from '@loadline/contracts/catalogue';
import { parseServer, type ServerAddress } from '@loadline/platform/mail-servers';

const T = StaffMailboxConfigType.values;

export interface ProviderServers {
  imap: ServerAddress;
  smtp: ServerAddress;
}

/** The IMAP and SMTP servers of the mailbox types that sign in with a token (Gmail 3, Microsoft 4). */
export type ProviderMailServers = Record<number, ProviderServers>;

/** The providers' public servers, as `host:port` (their documentation's). */
export const defaultProviderServers = {
  google: { imap: 'imap.gmail.com:993', smtp: 'smtp.gmail.com:465' },
  microsoft: { imap: 'outlook.office365.com:993', smtp: 'smtp.office365.com:587' },
} as const;

/** Each provider's mailbox type (002 §3.8) and the prefix of its settings (GOOGLE_IMAP_SERVER…). */
export const tokenMailboxTypes = { google: T.Gmail, microsoft: T.Microsoft } as const;

/**
 * Whether a mailbox type reads and sends with an access token: Gmail and Microsoft over IMAP and SMTP, Front
 * through its API (decision 0037).
 */
export const signsInWithToken = (mailboxType: number): boolean =>
  mailboxType === T.Gmail || mailboxType === T.Microsoft || mailboxType === T.Front;

export interface AccessFields {
  mailbox_type: number;
  username: string | null;
  is_authorized: boolean;
  sealed_password: string | null;
  incoming_mail_server: string | null;
  outgoing_mail_server?: string | null;
  sealed_access_token?: string | null;
  token_expires_at?: Date | null;
}

export type Credentials =
  | { kind: 'password'; sealed: string }
  | { kind: 'token'; sealed: string; expiresAt: Date | null };

/**
 * How to reach a mailbox: its mail servers (IMAP, SMTP) where, as whom, with what (still sealed); or, for a
 * Front mailbox (no IMAP or SMTP), Front's API with its token (decision 0037, "Front").
 */
export type MailAccess =
  | { via: 'mail-servers'; server: ServerAddress; username: string; credentials: Credentials }
  | { via: 'front-api'; username: string; credentials: Credentials & { kind: 'token' } };

/**
 * The server and credentials a mailbox reads (imap) or sends (smtp) with; undefined when it has none: not
 * authorized, no username, an IMAP mailbox without its password or that server, a provider mailbox without
 * a token, another type (Default). A Front mailbox's access is its API with the token, whatever the protocol.
 */
export function mailAccess(
  m: AccessFields,
  protocol: 'imap' | 'smtp',
  providers: ProviderMailServers,
): MailAccess | undefined {
  if (!m.is_authorized || !m.username) return undefined;
  if (m.mailbox_type === T.IMAP) {
    const raw = protocol === 'imap' ? m.incoming_mail_server : m.outgoing_mail_server;
    const server = raw ? parseServer(raw) : undefined;
    if (!server || m.sealed_password === null) return undefined;
    return {
      via: 'mail-servers',
      server,
      username: m.username,
      credentials: { kind: 'password', sealed: m.sealed_password },
    };
  }
  if (m.mailbox_type === T.Front) {
    if (!m.sealed_access_token) return undefined;
    const credentials = {
      kind: 'token' as const,
      sealed: m.sealed_access_token,
      expiresAt: m.token_expires_at ?? null,
    };
    return { via: 'front-api', username: m.username, credentials };
  }
  const servers = signsInWithToken(m.mailbox_type) ? providers[m.mailbox_type] : undefined;
  if (!servers || !m.sealed_access_token) return undefined;
  return {
    via: 'mail-servers',
    server: servers[protocol],
    username: m.username,
    credentials: { kind: 'token', sealed: m.sealed_access_token, expiresAt: m.token_expires_at ?? null },
  };
}

/** A token this close to its expiry is not tried: it could expire between the check and the sign-in. */
export const TOKEN_EXPIRY_SKEW_MS = 30_000;

/**
 * Whether a mailbox's access token may be tried now: `use`; `expired` (past its expiry by the copy's own
 * clock: reported, not tried); `awaiting-renewal` (this very token was already found expired or refused and
 * reported: the directory's new token is awaited, and nothing is tried, so a refused token never loops).
 */
export function tokenUse(
  m: { sealed_access_token?: string | null; refused_access_token?: string | null },
  expiresAt: Date | null,
  now: Date,
): 'use' | 'expired' | 'awaiting-renewal' {
  if (m.sealed_access_token && m.refused_access_token === m.sealed_access_token) return 'awaiting-renewal';
  if (expiresAt && expiresAt.getTime() - TOKEN_EXPIRY_SKEW_MS <= now.getTime()) return 'expired';
  return 'use';
}

/** A server's refusal of a token: `expired` when the token had passed its expiry anyway, else `refused`. */
export const refusalReason = (expiresAt: Date | null, now: Date): 'expired' | 'refused' =>
  expiresAt && expiresAt.getTime() <= now.getTime() ? 'expired' : 'refused';

/** Parses a `<P>_IMAP_SERVER` / `<P>_SMTP_SERVER` setting (`host:port`), naming it when it is not one. */
export function providerServerSetting(
  name: string,
  value: string | undefined,
  fallback: string,
): ServerAddress {
  const raw = value?.trim() || fallback;
  const server = parseServer(raw);
  if (!server) throw new Error(`${name} must be host:port, got "${raw}"`);
  return server;
}
