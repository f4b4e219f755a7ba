// A small, real Front-compatible API server on loopback, standing in for api2.frontapp.com in development and
// tests (decision 0037, "Front"), as oauth-server.ts stands in for Front's sign-in. It speaks the documented
// subset of Front's Core API that the attachments service uses to read and send a Front mailbox: the inboxes
// and channels a teammate can reach (`GET /inboxes`, `GET /channels`), an inbox's conversations
// (`GET /inboxes/{id}/conversations`, `q[statuses][]`), a conversation's messages (`GET /conversations/{id}/
// messages`, newest first), an attachment's download (`GET /download/{id}`), a new message through a channel
// (`POST /channels/{id}/messages`), a reply (`POST /conversations/{id}/messages`), and a conversation's status
// (`PATCH /conversations/{id}`). A message sent is answered 202 with the message, its conversation among its
// `_links.related`; `receive` puts a carrier's mail into a new conversation or, as a reply, into one the
// product started. Lists are paged with `_pagination.next`. Every request carries a bearer
// access token, checked at the local OAuth server's introspection endpoint (RFC 7662): inactive, unknown or
// missing is 401. Every answer carries Front's rate-limit headers; a limit reached is 429 with Retry-After.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FrontServerOptions {
  /** the OAuth server's introspection endpoint and this server's client there (HTTP Basic) */
  introspectionUrl: string;
  clientId: string;
  clientSecret: string;
  port?: number;
  /** requests a token may make per minute (Front's default plan: 50) */
  rateLimitPerMinute?: number;
  /** results per page of every list (Front's default 50; small in tests to exercise paging) */
  pageSize?: number;
}

export interface FrontAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

interface Message {
  id: string;
  conversationId: string;
  isInbound: boolean;
  createdAt: number;
  from: { handle: string; name: string | null };
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  body: string;
  messageIdHeader: string;
  inReplyTo: string | null;
  attachments: (FrontAttachment & { id: string })[];
  /** the teammate (the token's account) who sent an outbound message */
  author: string | null;
  channelId: string | null;
}

interface Conversation {
  id: string;
  inboxId: string;
  subject: string;
  status: 'unassigned' | 'assigned' | 'archived' | 'deleted';
  createdAt: number;
  messages: Message[];
}

interface Inbox {
  id: string;
  name: string;
  channelId: string;
  address: string;
  teammates: string[];
}

export interface SentMessage {
  messageId: string;
  conversationId: string;
  channelId: string;
  /** the channel's address: the From of the email Front sends */
  from: string;
  /** the account of the token that sent it */
  author: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  body: string;
  attachments: { filename: string; contentType: string; size: number }[];
  reply: boolean;
}

export interface FrontServer {
  url: string;
  /** an inbox and its email channel, reachable by these teammates (accounts as the OAuth server names them) */
  addInbox(input: { name: string; address: string; teammates: string[] }): {
    inboxId: string;
    channelId: string;
  };
  /** an email arriving in an inbox: a new conversation, or a new message in `conversationId` */
  receive(
    inboxId: string,
    mail: {
      from: { handle: string; name?: string };
      subject: string;
      text: string;
      attachments?: FrontAttachment[];
      conversationId?: string;
      inReplyTo?: string;
    },
  ): { conversationId: string; messageId: string };
  conversation(id: string): { status: string; messages: number } | undefined;
  /** a teammate changing a conversation's status in Front's app */
  setStatus(id: string, status: 'unassigned' | 'assigned' | 'archived' | 'deleted'): void;
  /** messages sent through the API, oldest first */
  sent: SentMessage[];
  /** the next `count` requests are answered 429 with Retry-After `seconds` */
  throttle(count: number, seconds: number): void;
  /** requests answered, by status */
  answered: Record<number, number>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 30 * 1024 * 1024) throw Object.assign(new Error('too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** multipart/form-data or JSON, as Front's create-message endpoints take either. */
async function messageInput(
  req: IncomingMessage,
): Promise<{ fields: Record<string, unknown>; files: FrontAttachment[] }> {
  const raw = await bodyOf(req);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    const fields: Record<string, unknown> = {};
    const files: FrontAttachment[] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        // Front's multipart arrays: to[0], to[1]… (or repeated to[])
        const m = /^(\w+)\[\d*\]$/.exec(name);
        if (m) {
          const list = (fields[m[1]!] ?? []) as unknown[];
          list.push(value);
          fields[m[1]!] = list;
        } else fields[name] = value;
      } else if (/^attachments\[\d*\]$/.test(name)) {
        files.push({
          filename: value.name,
          contentType: value.type || 'application/octet-stream',
          content: Buffer.from(await value.arrayBuffer()),
        });
      }
    }
    return { fields, files };
  }
  return { fields: JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>, files: [] };
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === 'string')
    ? (v as string[])
    : v === undefined
      ? []
      : undefined;

export async function startFrontServer(options: FrontServerOptions): Promise<FrontServer> {
  const inboxes = new Map<string, Inbox>();
  const conversations = new Map<string, Conversation>();
  const files = new Map<string, FrontAttachment>();
  const sent: SentMessage[] = [];
  const answered: Record<number, number> = {};
  const limit = options.rateLimitPerMinute ?? 50;
  const pageSize = options.pageSize ?? 50;
  const windows = new Map<string, { start: number; count: number }>();
  let throttled = { count: 0, seconds: 0 };
  let clock = 0;
  /** Front's created_at: seconds with milliseconds, strictly increasing here */
  const now = () => {
    clock = Math.max(clock + 1, Date.now());
    return clock / 1000;
  };
  let url = '';

  const send = (res: ServerResponse, status: number, body?: object, headers: Record<string, string> = {}) => {
    answered[status] = (answered[status] ?? 0) + 1;
    res.writeHead(status, { ...(body ? { 'content-type': 'application/json' } : {}), ...headers });
    res.end(body ? JSON.stringify(body) : undefined);
  };
  const error = (res: ServerResponse, status: number, title: string, message: string, headers = {}) =>
    send(res, status, { _error: { status, title, message } }, headers);

  const introspect = async (token: string): Promise<string | undefined> => {
    const res = await fetch(options.introspectionUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token }),
    });
    if (!res.ok) throw new Error(`introspection answered ${res.status}`);
    const answer = (await res.json()) as { active: boolean; email?: string; username?: string };
    return answer.active ? (answer.email ?? answer.username) : undefined;
  };

  const messageJson = (m: Message) => ({
    _links: {
      self: `${url}/messages/${m.id}`,
      related: { conversation: `${url}/conversations/${m.conversationId}` },
    },
    id: m.id,
    type: 'email',
    is_inbound: m.isInbound,
    created_at: m.createdAt,
    blurb: m.text.slice(0, 100),
    author: m.author ? { email: m.author } : null,
    recipients: [
      { handle: m.from.handle, name: m.from.name, role: 'from' },
      ...m.to.map((handle) => ({ handle, name: null, role: 'to' })),
      ...m.cc.map((handle) => ({ handle, name: null, role: 'cc' })),
    ],
    subject: m.subject,
    body: m.body,
    text: m.text,
    attachments: m.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      url: `${url}/download/${a.id}`,
      content_type: a.contentType,
      size: a.content.length,
      metadata: { is_inline: false },
    })),
    metadata: {
      headers: { message_id: m.messageIdHeader, in_reply_to: m.inReplyTo },
    },
  });
  const conversationJson = (c: Conversation) => ({
    _links: {
      self: `${url}/conversations/${c.id}`,
      related: { messages: `${url}/conversations/${c.id}/messages` },
    },
    id: c.id,
    subject: c.subject,
    status: c.status,
    created_at: c.createdAt,
    last_message: c.messages.length ? messageJson(c.messages.at(-1)!) : null,
  });
  /** one page of a list, `page_token` being the offset */
  const page = <T>(items: T[], u: URL, map: (t: T) => object) => {
    const limitParam = Number(u.searchParams.get('limit') || pageSize);
    const size = Math.min(Math.max(1, Number.isFinite(limitParam) ? limitParam : pageSize), 100);
    const offset = Number(u.searchParams.get('page_token') || 0) || 0;
    const slice = items.slice(offset, offset + size);
    let next: string | null = null;
    if (offset + size < items.length) {
      const n = new URL(u);
      n.searchParams.set('page_token', String(offset + size));
      next = `${url}${n.pathname}${n.search}`;
    }
    return {
      _pagination: { next },
      _links: { self: `${url}${u.pathname}${u.search}` },
      _results: slice.map(map),
    };
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: { status?: number; message?: string }) => {
      if (!res.headersSent) error(res, err.status ?? 500, 'Error', String(err.message ?? err));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://front.local');
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const account = bearer ? await introspect(bearer) : undefined;
    if (!account)
      return error(res, 401, 'Unauthenticated', 'Invalid or expired token', { 'www-authenticate': 'Bearer' });
    // Rate limit per token, per minute, with Front's headers.
    const w = windows.get(bearer!) ?? { start: Date.now(), count: 0 };
    if (Date.now() - w.start >= 60_000) Object.assign(w, { start: Date.now(), count: 0 });
    w.count += 1;
    windows.set(bearer!, w);
    const resetAt = Math.ceil((w.start + 60_000) / 1000);
    const rate = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - w.count)),
      'x-ratelimit-reset': String(resetAt),
    };
    if (throttled.count > 0) {
      throttled.count -= 1;
      return error(res, 429, 'Too Many Requests', 'Rate limit exceeded', {
        ...rate,
        'retry-after': String(throttled.seconds),
      });
    }
    if (w.count > limit)
      return error(res, 429, 'Too Many Requests', 'Rate limit exceeded', {
        ...rate,
        'retry-after': String(Math.max(1, resetAt - Math.floor(Date.now() / 1000))),
      });
    const mine = [...inboxes.values()].filter((i) => i.teammates.includes(account));
    const inboxOf = (inboxId: string) => mine.find((i) => i.id === inboxId);
    const conversationOf = (cid: string) => {
      const c = conversations.get(cid);
      return c && inboxOf(c.inboxId) ? c : undefined;
    };
    const parts = u.pathname.split('/').filter(Boolean);
    const route = `${req.method} /${parts.map((p, i) => (i % 2 === 1 ? ':id' : p)).join('/')}`;
    switch (route) {
      case 'GET /inboxes':
        return send(
          res,
          200,
          page(mine, u, (i) => ({ id: i.id, name: i.name, is_private: false })),
          rate,
        );
      case 'GET /channels':
        return send(
          res,
          200,
          page(mine, u, (i) => ({
            id: i.channelId,
            address: i.address,
            send_as: i.address,
            type: 'smtp',
            is_valid: true,
          })),
          rate,
        );
      case 'GET /inboxes/:id/conversations': {
        const inbox = inboxOf(parts[1]!);
        if (!inbox) return error(res, 404, 'Not found', 'Unknown inbox', rate);
        const statuses = u.searchParams.getAll('q[statuses][]');
        const bad = statuses.find(
          (s) => !['assigned', 'unassigned', 'archived', 'deleted', 'trashed'].includes(s),
        );
        if (bad) return error(res, 400, 'Bad request', `q.statuses: unknown status ${bad}`, rate);
        const list = [...conversations.values()]
          .filter((c) => c.inboxId === inbox.id)
          .filter(
            (c) =>
              statuses.length === 0 ||
              statuses.includes(c.status === 'deleted' ? 'trashed' : c.status) ||
              statuses.includes(c.status),
          )
          // most recently updated first
          .sort((a, b) => (b.messages.at(-1)?.createdAt ?? 0) - (a.messages.at(-1)?.createdAt ?? 0));
        return send(res, 200, page(list, u, conversationJson), rate);
      }
      case 'GET /conversations/:id/messages': {
        const c = conversationOf(parts[1]!);
        if (!c) return error(res, 404, 'Not found', 'Unknown conversation', rate);
        const asc = u.searchParams.get('sort_order') === 'asc';
        const list = asc ? [...c.messages] : [...c.messages].reverse();
        return send(res, 200, page(list, u, messageJson), rate);
      }
      case 'PATCH /conversations/:id': {
        const c = conversationOf(parts[1]!);
        if (!c) return error(res, 404, 'Not found', 'Unknown conversation', rate);
        const { fields } = await messageInput(req);
        const status = fields.status;
        if (status === 'archived' || status === 'deleted') c.status = status;
        else if (status === 'open') c.status = 'unassigned';
        else return error(res, 400, 'Bad request', 'status must be archived, open or deleted', rate);
        return send(res, 204, undefined, rate);
      }
      case 'POST /channels/:id/messages':
      case 'POST /conversations/:id/messages': {
        const reply = parts[0] === 'conversations';
        const existing = reply ? conversationOf(parts[1]!) : undefined;
        const { fields, files: attached } = await messageInput(req);
        const channelId = reply
          ? ((fields.channel_id as string | undefined) ?? inboxes.get(existing?.inboxId ?? '')?.channelId)
          : parts[1];
        const inbox = mine.find((i) => i.channelId === channelId);
        if ((reply && !existing) || !inbox)
          return error(res, 404, 'Not found', reply ? 'Unknown conversation' : 'Unknown channel', rate);
        const to = strings(fields.to);
        const cc = strings(fields.cc);
        const bcc = strings(fields.bcc);
        if (!to || !cc || !bcc)
          return error(res, 400, 'Bad request', 'to, cc and bcc must be arrays of handles', rate);
        if (!reply && to.length === 0)
          return error(res, 400, 'Bad request', 'to must name a recipient', rate);
        if (typeof fields.body !== 'string') return error(res, 400, 'Bad request', 'body is required', rate);
        const c: Conversation = existing ?? {
          id: id('cnv'),
          inboxId: inbox.id,
          subject: String(fields.subject ?? ''),
          status: 'archived',
          createdAt: now(),
          messages: [],
        };
        conversations.set(c.id, c);
        const m: Message = {
          id: id('msg'),
          conversationId: c.id,
          isInbound: false,
          createdAt: now(),
          from: {
            handle: inbox.address,
            name: typeof fields.sender_name === 'string' ? fields.sender_name : null,
          },
          to: reply && to.length === 0 ? [c.messages.at(-1)?.from.handle ?? ''] : to,
          cc,
          bcc,
          subject: String(fields.subject ?? c.subject),
          text: typeof fields.text === 'string' ? fields.text : fields.body.replace(/<[^>]+>/g, ''),
          body: fields.body,
          messageIdHeader: `<${randomBytes(8).toString('hex')}@front.local>`,
          inReplyTo: reply ? (c.messages.at(-1)?.messageIdHeader ?? null) : null,
          attachments: attached.map((a) => ({ ...a, id: id('fil') })),
          author: account,
          channelId: inbox.channelId,
        };
        for (const a of m.attachments) files.set(a.id, a);
        c.messages.push(m);
        sent.push({
          messageId: m.id,
          conversationId: c.id,
          channelId: inbox.channelId,
          from: inbox.address,
          author: account,
          to: m.to,
          cc,
          bcc,
          subject: m.subject,
          text: m.text,
          body: m.body,
          attachments: attached.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.content.length,
          })),
          reply,
        });
        // Front sends asynchronously: 202 with the message it will send (its conversation among its links).
        return send(res, 202, messageJson(m), rate);
      }
      case 'GET /download/:id': {
        const file = files.get(parts[1]!);
        const reachable =
          file &&
          [...conversations.values()].some(
            (c) => inboxOf(c.inboxId) && c.messages.some((m) => m.attachments.some((a) => a.id === parts[1])),
          );
        if (!file || !reachable) return error(res, 404, 'Not found', 'Unknown attachment', rate);
        answered[200] = (answered[200] ?? 0) + 1;
        res.writeHead(200, {
          'content-type': file.contentType,
          'content-length': String(file.content.length),
          ...rate,
        });
        return res.end(file.content);
      }
      default:
        return error(res, 404, 'Not found', `${req.method} ${u.pathname} is not part of this server`, rate);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    sent,
    answered,
    addInbox(input) {
      const inbox: Inbox = { id: id('inb'), channelId: id('cha'), ...input };
      inboxes.set(inbox.id, inbox);
      return { inboxId: inbox.id, channelId: inbox.channelId };
    },
    receive(inboxId, mail) {
      const inbox = inboxes.get(inboxId);
      if (!inbox) throw new Error(`unknown inbox ${inboxId}`);
      const existing = mail.conversationId ? conversations.get(mail.conversationId) : undefined;
      const c: Conversation = existing ?? {
        id: id('cnv'),
        inboxId,
        subject: mail.subject,
        status: 'unassigned',
        createdAt: now(),
        messages: [],
      };
      // A new message reopens an archived conversation, as Front does.
      if (c.status === 'archived') c.status = 'unassigned';
      conversations.set(c.id, c);
      const m: Message = {
        id: id('msg'),
        conversationId: c.id,
        isInbound: true,
        createdAt: now(),
        from: { handle: mail.from.handle, name: mail.from.name ?? null },
        to: [inbox.address],
        cc: [],
        bcc: [],
        subject: mail.subject,
        text: mail.text,
        body: `<p>${mail.text.replace(/[<>&]/g, '')}</p>`,
        messageIdHeader: `<${randomBytes(8).toString('hex')}@mail.example>`,
        inReplyTo: mail.inReplyTo ?? null,
        attachments: (mail.attachments ?? []).map((a) => ({ ...a, id: id('fil') })),
        author: null,
        channelId: null,
      };
      for (const a of m.attachments) files.set(a.id, a);
      c.messages.push(m);
      return { conversationId: c.id, messageId: m.id };
    },
    conversation(cid) {
      const c = conversations.get(cid);
      return c && { status: c.status, messages: c.messages.length };
    },
    setStatus(cid, status) {
      const c = conversations.get(cid);
      if (!c) throw new Error(`unknown conversation ${cid}`);
      c.status = status;
    },
    throttle(count, seconds) {
      throttled = { count, seconds };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
