// The local SMTP sink: a real SMTP server (smtp-server) that accepts every message and keeps it on disk
// instead of delivering it, so a developer can read what Loadline sent. `npm start` runs it on
// 127.0.0.1:2525 (SMTP) and http://127.0.0.1:8025 (a page listing the messages, with their attachments);
// the services get SMTP_URL pointing at it. Journeys and the attachments tests start their own.
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
import { SMTPServer } from 'smtp-server';

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
  options: { dir: string; smtpPort?: number; httpPort?: number; host?: string; maxBytes?: number } = {
    dir: '.data/mail',
  },
): Promise<MailSink> {
  const host = options.host ?? '127.0.0.1';
  const dir = options.dir;
  await mkdir(dir, { recursive: true });

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Loadline local SMTP sink: nothing is delivered',
    size: options.maxBytes ?? 100 * 1024 * 1024,
    logger: false,
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
        };
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
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
