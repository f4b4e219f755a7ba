// Reading and sending a Front mailbox (type 5) through Front's Core API (decision 0037, "Front"), beside the
// IMAP reader (mail-reader.ts) and the SMTP sender (smtp.ts): Front has neither. The access token of the
// sign-in is the bearer; a 401 is the token refused (FrontRefused: the same signin.refused report as IMAP's
// and SMTP's); a 429 waits its Retry-After (bounded) and tries again. The token is never sent elsewhere than
// the configured API's origin, whatever links an answer holds.
import { setTimeout as sleep } from 'node:timers/promises';
import { type ListedMessage, onApi, rateLimitWait, sendingChannel } from '../domain/front-mailbox.ts';
import type { ParsedFile, ParsedMessage } from './mail-reader.ts';
import type { OutgoingEmail } from './smtp.ts';

/** Front answered 401: the access token is refused (expired, revoked, or the teammate's access ended). */
export class FrontRefused extends Error {}

export interface FrontMessage extends ListedMessage {
  mail: Omit<ParsedMessage, 'files'>;
  attachments: { url: string; filename: string; contentType: string }[];
}

export interface FrontSession {
  /** the received messages of every inbox the teammate reaches, created at or after `sinceMs` (newest pages first) */
  messagesSince(sinceMs: number): Promise<FrontMessage[]>;
  /** a message's attachments, downloaded */
  files(message: FrontMessage): Promise<ParsedFile[]>;
  /** a conversation's status (archived, deleted) */
  setStatus(conversationId: string, status: 'archived' | 'deleted'): Promise<void>;
}

export interface FrontApi {
  open(accessToken: string): FrontSession;
  /** a new message through the channel of the mailbox's account (`POST /channels/{id}/messages`) */
  send(
    accessToken: string,
    account: string,
    email: Pick<OutgoingEmail, 'to' | 'cc' | 'bcc' | 'subject' | 'text' | 'html' | 'attachments'> & {
      senderName: string;
    },
  ): Promise<{ providerMessageId: string; conversationId: string | null }>;
  /** a reply in a conversation (`POST /conversations/{id}/messages`) */
  reply(
    accessToken: string,
    conversationId: string,
    email: Pick<OutgoingEmail, 'to' | 'cc' | 'bcc' | 'text' | 'html'>,
  ): Promise<{ providerMessageId: string }>;
}

interface Page<T> {
  _pagination?: { next?: string | null };
  _results: T[];
}

interface ApiMessage {
  id: string;
  is_inbound: boolean;
  created_at: number;
  subject?: string | null;
  text?: string | null;
  body?: string | null;
  recipients?: { handle: string; name?: string | null; role: string }[];
  attachments?: {
    url: string;
    filename: string;
    content_type?: string;
    metadata?: { is_inline?: boolean };
  }[];
  metadata?: {
    headers?: { message_id?: string | null; in_reply_to?: string | null; references?: string[] | null };
  };
}

interface SentAnswer {
  id?: string;
  message_uid?: string;
  _links?: { related?: { conversation?: string | null } };
}

/** The conversation id a sent message's answer names (the last segment of its conversation link). */
function conversationOf(answer: SentAnswer): string | null {
  const link = answer._links?.related?.conversation;
  const id = link ? decodeURIComponent(link.replace(/\/+$/, '').split('/').at(-1) ?? '') : '';
  return /^cnv_[A-Za-z0-9]{1,64}$/.test(id) ? id : null;
}

interface ApiConversation {
  id: string;
  last_message?: { created_at: number } | null;
}

const htmlToText = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function frontApi(apiUrl: string, timeoutMs: number): FrontApi {
  const call = async (token: string, path: string, init: RequestInit = {}): Promise<Response> => {
    const url = path.startsWith('http') ? path : `${apiUrl}${path}`;
    if (!onApi(url, apiUrl)) throw new Error(`Front answered a link off its API (${new URL(url).origin})`);
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(url, {
        ...init,
        headers: { accept: 'application/json', ...init.headers, authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(Math.max(timeoutMs, 30_000)),
      });
      if (res.status === 401) {
        await res.body?.cancel();
        throw new FrontRefused('Front refused the access token');
      }
      if (res.status === 429) {
        await res.body?.cancel();
        const wait = rateLimitWait(res.headers.get('retry-after'), attempt);
        if (wait === undefined)
          throw Object.assign(new Error('Front rate limit: try later'), { code: 'ERATELIMIT', status: 429 });
        await sleep(wait);
        continue;
      }
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        throw Object.assign(
          new Error(
            `Front answered ${res.status} to ${init.method ?? 'GET'} ${new URL(url).pathname}: ${text.slice(0, 300)}`,
          ),
          {
            status: res.status,
            // a 4xx other than 401 and 429 is ours to mend: not retried as a transient failure
            ...(res.status >= 500 ? {} : { responseCode: 550 }),
          },
        );
      }
      return res;
    }
  };
  const json = async <T>(token: string, path: string, init?: RequestInit) =>
    (await (await call(token, path, init)).json()) as T;

  /** every page of a list, or until `more` says the rest is older than wanted */
  async function* pages<T>(token: string, path: string): AsyncGenerator<T[]> {
    let next: string | null | undefined = path;
    while (next) {
      const page: Page<T> = await json<Page<T>>(token, next);
      yield page._results;
      next = page._pagination?.next;
    }
  }

  return {
    open(token) {
      return {
        async messagesSince(sinceMs) {
          const found: FrontMessage[] = [];
          const seenConversations = new Set<string>();
          for await (const inboxes of pages<{ id: string }>(token, '/inboxes')) {
            for (const inbox of inboxes) {
              // Open conversations, most recently updated first: paging stops at one older than the cursor.
              const q = 'q[statuses][]=unassigned&q[statuses][]=assigned';
              let older = false;
              for await (const conversations of pages<ApiConversation>(
                token,
                `/inboxes/${encodeURIComponent(inbox.id)}/conversations?${q}&limit=50`,
              )) {
                for (const c of conversations) {
                  if (c.last_message && c.last_message.created_at * 1000 < sinceMs) {
                    older = true;
                    break;
                  }
                  if (seenConversations.has(c.id)) continue;
                  seenConversations.add(c.id);
                  let done = false;
                  for await (const messages of pages<ApiMessage>(
                    token,
                    `/conversations/${encodeURIComponent(c.id)}/messages?limit=50`,
                  )) {
                    for (const m of messages) {
                      if (m.created_at * 1000 < sinceMs) {
                        done = true; // newest first: the rest is older
                        break;
                      }
                      found.push(toMessage(c.id, m));
                    }
                    if (done) break;
                  }
                }
                if (older) break;
              }
            }
          }
          return found;
        },
        async files(message) {
          const files: ParsedFile[] = [];
          for (const a of message.attachments) {
            const res = await call(token, a.url);
            files.push({
              fileName: (a.filename || `attachment-${files.length + 1}`).slice(0, 255),
              contentType: a.contentType,
              bytes: Buffer.from(await res.arrayBuffer()),
            });
          }
          return files;
        },
        async setStatus(conversationId, status) {
          const res = await call(token, `/conversations/${encodeURIComponent(conversationId)}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ status }),
          });
          await res.body?.cancel();
        },
      };
    },
    async send(token, account, email) {
      const channels: { id: string; address?: string | null; send_as?: string | null }[] = [];
      for await (const page of pages<(typeof channels)[number]>(token, '/channels')) channels.push(...page);
      const channel = sendingChannel(channels, account);
      if (!channel)
        throw Object.assign(new Error('Your Front account has no channel to send from.'), {
          responseCode: 550,
        });
      const fields = {
        to: email.to,
        cc: email.cc,
        bcc: email.bcc,
        subject: email.subject,
        sender_name: email.senderName,
        body: email.html ?? `<p>${escapeHtml(email.text).replace(/\n/g, '<br>')}</p>`,
        text: email.text,
      };
      const path = `/channels/${encodeURIComponent(channel.id)}/messages`;
      let init: RequestInit;
      if (email.attachments.length === 0) {
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(fields),
        };
      } else {
        // Front takes attachments as multipart/form-data only (its limit: 25 MB in all).
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) {
          if (Array.isArray(value)) for (const [i, v] of value.entries()) form.append(`${name}[${i}]`, v);
          else form.append(name, value);
        }
        for (const [i, a] of email.attachments.entries()) {
          const chunks: Buffer[] = [];
          for await (const chunk of await a.content()) chunks.push(chunk as Buffer);
          form.append(
            `attachments[${i}]`,
            new Blob([Buffer.concat(chunks)], { type: a.contentType }),
            a.filename,
          );
        }
        init = { method: 'POST', body: form };
      }
      // Front answers with the message it will send (its id, `_links.related.conversation`); older answers
      // held only a `message_uid`. The conversation is what tells a reply to it (decision 0037, "Front").
      const answer = await json<SentAnswer>(token, path, init);
      return {
        providerMessageId: `front:${answer.id ?? answer.message_uid ?? 'accepted'}`,
        conversationId: conversationOf(answer),
      };
    },
    async reply(token, conversationId, email) {
      const answer = await json<SentAnswer>(
        token,
        `/conversations/${encodeURIComponent(conversationId)}/messages`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            to: email.to,
            cc: email.cc,
            bcc: email.bcc,
            body: email.html ?? `<p>${escapeHtml(email.text).replace(/\n/g, '<br>')}</p>`,
            text: email.text,
          }),
        },
      );
      return { providerMessageId: `front:${answer.id ?? answer.message_uid ?? 'accepted'}` };
    },
  };
}

function toMessage(conversationId: string, m: ApiMessage): FrontMessage {
  const from = m.recipients?.find((r) => r.role === 'from');
  const headers = m.metadata?.headers;
  return {
    id: m.id,
    conversationId,
    isInbound: m.is_inbound,
    createdAtMs: Math.round(m.created_at * 1000),
    mail: {
      messageId: headers?.message_id ?? null,
      inReplyTo: headers?.in_reply_to ?? null,
      references: headers?.references ?? [],
      fromName: from?.name || from?.handle || 'Unknown sender',
      fromAddress: from?.handle ?? '',
      subject: m.subject ?? '',
      text: m.text ?? htmlToText(m.body ?? ''),
      date: new Date(Math.round(m.created_at * 1000)),
    },
    attachments: (m.attachments ?? [])
      .filter((a) => !a.metadata?.is_inline || a.filename)
      .map((a) => ({
        url: a.url,
        filename: a.filename,
        contentType: a.content_type || 'application/octet-stream',
      })),
  };
}
