// The outside mail servers a staff member's mailbox lives on: signing in over IMAP (imapflow) and SMTP
// (nodemailer's verify, which signs in too), for the mailbox connection test (001 §7). Each says what failed
// in words a person understands: the wrong password named as such, an unreachable server, a refused TLS.
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { type ConnectionProblem, connectionSecurity, type ServerAddress } from '../domain/mailbox.ts';

export interface MailAccount {
  server: ServerAddress;
  username: string;
  password: string;
}

export type ConnectionCheck = { ok: true } | { ok: false; problem: ConnectionProblem; detail: string };
export type { ConnectionProblem } from '../domain/mailbox.ts';

export interface MailServers {
  checkImap(account: MailAccount): Promise<ConnectionCheck>;
  checkSmtp(account: MailAccount): Promise<ConnectionCheck>;
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNRESET',
]);

function classify(error: unknown): ConnectionCheck {
  const e = error as {
    code?: string;
    authenticationFailed?: boolean;
    responseCode?: number;
    message?: string;
  };
  const detail = String(e?.message ?? error).slice(0, 300);
  if (e?.authenticationFailed || e?.code === 'EAUTH' || e?.responseCode === 535) {
    return { ok: false, problem: 'wrongPassword', detail };
  }
  if (e?.code && networkCodes.has(e.code)) return { ok: false, problem: 'unreachable', detail };
  if (
    e?.code === 'ETIMEDOUT' ||
    e?.code === 'ETIMEOUT' ||
    e?.code === 'CONNECT_TIMEOUT' ||
    /timed? ?out/i.test(detail)
  ) {
    return { ok: false, problem: 'timeout', detail };
  }
  if (e?.code === 'ETLS' || e?.code === 'ESOCKET' || /tls|ssl|certificate|starttls/i.test(detail)) {
    return { ok: false, problem: 'tls', detail };
  }
  return { ok: false, problem: 'refused', detail };
}

export function mailServers(timeoutMs: number): MailServers {
  return {
    async checkImap({ server, username, password }) {
      const security = connectionSecurity('imap', server);
      const client = new ImapFlow({
        host: server.host,
        port: server.port,
        secure: security.secure,
        doSTARTTLS: security.requireStartTls ? true : undefined,
        auth: { user: username, pass: password },
        logger: false,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.logout();
        return { ok: true };
      } catch (error) {
        client.close();
        return classify(error);
      }
    },
    async checkSmtp({ server, username, password }) {
      const security = connectionSecurity('smtp', server);
      const transport = createTransport({
        host: server.host,
        port: server.port,
        secure: security.secure,
        requireTLS: security.requireStartTls,
        auth: { user: username, pass: password },
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        logger: false,
      });
      try {
        await transport.verify();
        return { ok: true };
      } catch (error) {
        return classify(error);
      } finally {
        transport.close();
      }
    },
  };
}
