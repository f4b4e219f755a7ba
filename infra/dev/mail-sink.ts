// The local SMTP sink: a real SMTP server (smtp-server) that accepts every message and keeps it on disk
// instead of delivering it, so a developer can read what Loadline sent. `npm start` runs it on
// 127.0.0.1:2525 (SMTP) and http://127.0.0.1:8025 (a page listing the messages, with their attachments);
// the services get SMTP_URL pointing at it. Journeys and the attachments tests start their own.
//
// With `localDelivery`, it is also the SMTP submission server of the local mail server (decision 0070):
// a client may sign in (AUTH PLAIN or LOGIN, plain text on loopback) with a demo mailbox's address and
// password, a wrong one is refused with 535, and each message for a demo mailbox is delivered into
// Dovecot over LMTP besides being kept here, so that it can be read back over IMAP.
//
// With `oauth`, it also takes AUTH XOAUTH2 (decision 0037), as Gmail's and Outlook's SMTP servers do: the
// bearer token is checked at the OAuth server's introspection endpoint (RFC 7662, infra/dev/oauth-server.ts)
// and must be active and name the user signing in; else the XOAUTH2 error challenge, then 535.
//
// Files: <dir>/<id>.eml (the raw message, streamed to disk as it arrives), <id>.json (a summary),
// <id>/<attachment> (each attachment, decoded). Mail to the reserved `.invalid` top-level domain is
// refused with 550, as no real server would take it: a way to see a failed delivery's status.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';

/** Where mail for the local mailboxes goes: Dovecot's LMTP (infra/dev/servers.ts). */
export interface LocalDelivery {
  host?: string;
  lmtpPort: number;
  mailboxes: readonly { address: string; password: string }[];
}

/** Where the SMTP server checks an XOAUTH2 bearer token: RFC 7662 introspection, as a registered client. */
export interface TokenIntrospection {
  introspectionUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The account an active token stands for, or undefined (inactive, unknown, or the server out of reach). */
async function introspect(oauth: TokenIntrospection, token: string): Promise<string | undefined> {
  const basic = Buffer.from(
    `${encodeURIComponent(oauth.clientId)}:${encodeURIComponent(oauth.clientSecret)}`,
  ).toString('base64');
  const response = await fetch(oauth.introspectionUrl, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) return undefined;
  const body = (await response.json()) as { active?: boolean; email?: string; username?: string };
  return body.active === true ? (body.email ?? body.username) : undefined;
}

export interface SunkAttachment {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface SunkMail {
  id: string;
  receivedAt: string;
  envelope: { from: string | null; to: string[] };
  from: string;
  to: string;
  cc: string;
  replyTo: string;
  subject: string;
  messageId: string | null;
  text: string;
  attachments: SunkAttachment[];
  /** the recipients whose local mailbox (Dovecot) took the message */
  delivered?: string[];
  /** the mailbox the sender signed in as (SMTP AUTH), when it did */
  signedInAs?: string | null;
}

export interface MailSink {
  smtpPort: number;
  /** the page and JSON listing */
  url: string;
  dir: string;
  messages(): Promise<SunkMail[]>;
  /** the first message that satisfies `match`, waiting for it up to `timeoutMs` */
  waitFor(match: (mail: SunkMail) => boolean, timeoutMs?: number): Promise<SunkMail>;
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export async function startMailSink(
  options: {
    dir: string;
    smtpPort?: number;
    httpPort?: number;
    host?: string;
    maxBytes?: number;
    localDelivery?: LocalDelivery;
    /** take AUTH XOAUTH2, checking bearer tokens here */
    oauth?: TokenIntrospection;
  } = {
    dir: '.data/mail',
  },
): Promise<MailSink> {
  const host = options.host ?? '127.0.0.1';
  const dir = options.dir;
  await mkdir(dir, { recursive: true });
  const local = options.localDelivery;
  const localAddresses = new Set(local?.mailboxes.map((m) => m.address.toLowerCase()));
  const lmtp =
    local &&
    createTransport({ host: local.host ?? '127.0.0.1', port: local.lmtpPort, lmtp: true, secure: false });
  /** Hands a stored message to Dovecot for the recipients that have a local mailbox; returns who took it. */
  const deliverLocally = async (raw: string, from: string | null, to: string[]): Promise<string[]> => {
    const recipients = to.filter((address) => localAddresses.has(address.toLowerCase()));
    if (!lmtp || recipients.length === 0) return [];
    const info = await lmtp.sendMail({
      envelope: { from: from ?? '', to: recipients },
      raw: createReadStream(raw),
    });
    return (info.accepted as (string | { address: string })[]).map((a) =>
      typeof a === 'string' ? a : a.address,
    );
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: local
      ? 'Loadline local SMTP server: mail for the demo mailboxes is delivered, the rest is kept'
      : 'Loadline local SMTP sink: nothing is delivered',
    size: options.maxBytes ?? 100 * 1024 * 1024,
    logger: false,
    // Sign-in over plain text: this server listens on loopback only.
    allowInsecureAuth: true,
    authMethods: options.oauth ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.method === 'XOAUTH2') {
        const oauth = options.oauth;
        const user = auth.username ?? '';
        const refused = {
          data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' },
        };
        if (!oauth || !auth.accessToken) return callback(null, refused);
        introspect(oauth, auth.accessToken).then(
          (account) =>
            account && account.toLowerCase() === user.toLowerCase()
              ? callback(null, { user })
              : callback(null, refused),
          () => callback(Object.assign(new Error('Temporary authentication failure'), { responseCode: 454 })),
        );
        return;
      }
      const mailbox = local?.mailboxes.find(
        (m) => m.address.toLowerCase() === (auth.username ?? '').toLowerCase(),
      );
      if (!mailbox || mailbox.password !== auth.password) {
        const error = Object.assign(new Error('Authentication failed: wrong username or password'), {
          responseCode: 535,
        });
        return callback(error);
      }
      callback(null, { user: mailbox.address });
    },
    onRcptTo(address, _session, callback) {
      if (/\.invalid$/i.test(address.address)) {
        const error = Object.assign(new Error(`${address.address}: no such recipient`), {
          responseCode: 550,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const raw = join(dir, `${id}.eml`);
      (async () => {
        await pipeline(stream, createWriteStream(raw));
        const parsed = await simpleParser(createReadStream(raw));
        const attachments: SunkAttachment[] = [];
        if (parsed.attachments.length > 0) await mkdir(join(dir, id), { recursive: true });
        for (const [i, a] of parsed.attachments.entries()) {
          const filename = (a.filename ?? `attachment-${i + 1}`).replace(/[/\\]/g, '_');
          await writeFile(join(dir, id, filename), a.content);
          attachments.push({
            filename,
            contentType: a.contentType,
            size: a.size,
            sha256: createHash('sha256').update(a.content).digest('hex'),
          });
        }
        const text = (value: unknown) =>
          Array.isArray(value)
            ? value.map((v) => v.text).join(', ')
            : ((value as { text?: string })?.text ?? '');
        const mail: SunkMail = {
          id,
          receivedAt: new Date().toISOString(),
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          from: text(parsed.from),
          to: text(parsed.to),
          cc: text(parsed.cc),
          replyTo: text(parsed.replyTo),
          subject: parsed.subject ?? '',
          messageId: parsed.messageId ?? null,
          text: parsed.text ?? '',
          attachments,
          signedInAs: typeof session.user === 'string' ? session.user : null,
        };
        const delivered = await deliverLocally(raw, mail.envelope.from, mail.envelope.to);
        if (delivered.length > 0) mail.delivered = delivered;
        await writeFile(join(dir, `${id}.json`), JSON.stringify(mail, null, 2));
      })().then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 2525, host, () => resolve());
  });
  smtp.on('error', () => undefined);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const messages = async (): Promise<SunkMail[]> => {
    const names = (await readdir(dir))
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse();
    const all: SunkMail[] = [];
    for (const name of names) {
      try {
        all.push(JSON.parse(await readFile(join(dir, name), 'utf8')));
      } catch {
        // a summary being written right now
      }
    }
    return all;
  };

  const http: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent((request.url ?? '/').split('?')[0]!);
      if (path === '/messages') {
        response.setHeader('content-type', 'application/json');
        return response.end(JSON.stringify(await messages()));
      }
      const file = /^\/messages\/(.+)$/.exec(path)?.[1];
      if (file) {
        const full = normalize(join(dir, file));
        if (!full.startsWith(normalize(dir)) || full.includes('..')) {
          response.statusCode = 404;
          return response.end();
        }
        response.setHeader('content-type', 'application/octet-stream');
        response.setHeader('content-disposition', 'attachment');
        response.setHeader('x-content-type-options', 'nosniff');
        return pipeline(createReadStream(full), response).catch(() => {
          response.statusCode = 404;
          response.end();
        });
      }
      const rows = (await messages())
        .map(
          (
            m,
          ) => `<tr><td>${escapeHtml(m.receivedAt)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td>
<td><a href="messages/${m.id}.eml">.eml</a> ${m.attachments
            .map(
              (a) =>
                `<a href="messages/${m.id}/${encodeURIComponent(a.filename)}">${escapeHtml(a.filename)}</a>`,
            )
            .join(' ')}</td></tr>`,
        )
        .join('\n');
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><title>Loadline mail sink</title><h1>Mail sink (nothing is delivered)</h1>
<p>SMTP on ${host}:${smtpPort}; JSON at <a href="messages">/messages</a>; files in ${escapeHtml(dir)}.</p>
<table border="1" cellpadding="4"><tr><th>received</th><th>to</th><th>subject</th><th>files</th></tr>${rows}</table>`);
    })().catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort ?? 8025, host, () => resolve());
  });
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpPort,
    url: `http://${host}:${httpPort}`,
    dir,
    messages,
    async waitFor(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await messages()).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      lmtp?.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
