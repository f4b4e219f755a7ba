// Text messages leave through a provider (DESIGN.md "Real parts"): the local sink by default, which
// records every message in this service's `text_message` table (shown on the development page
// GET /api/requestDriverLocation/textMessages), or an HTTP provider by configuration.
import type { Kysely } from '@loadline/platform';
import type { TrackingTables } from '../store/tables.ts';

export interface TextMessage {
  /** E.164, e.g. +15550203004 */
  to: string;
  body: string;
  /** our reference (the driver-location request id): providers use it to drop a repeated send */
  reference: string;
}

export interface TextMessageProvider {
  readonly name: string;
  /** Sends one message; throws when the provider did not take it (the job retries). */
  send(message: TextMessage): Promise<{ providerMessageId: string }>;
}

/** Development: nothing leaves the machine; every message is kept to be read on the page. */
export class LocalTextMessageSink implements TextMessageProvider {
  readonly name = 'local';
  private readonly db: Kysely<TrackingTables>;
  constructor(db: Kysely<TrackingTables>) {
    this.db = db;
  }
  async send(message: TextMessage): Promise<{ providerMessageId: string }> {
    const row = await this.db
      .insertInto('text_message')
      .values({ to_number: message.to, body: message.body, reference: message.reference })
      .returning('message_id')
      .executeTakeFirstOrThrow();
    return { providerMessageId: `local-${row.message_id}` };
  }
}

/**
 * A text-message gateway over HTTP: POST {to, body, reference} as JSON to TEXT_PROVIDER_URL with a
 * bearer token; any 2xx with `{ id }` is sent, anything else (or no answer within 10 s) a failure.
 * The `Idempotency-Key` header carries our reference, so a retried job does not text twice.
 */
export class HttpTextMessageProvider implements TextMessageProvider {
  readonly name = 'http';
  private readonly url: string;
  private readonly token: string | undefined;
  constructor(url: string, token?: string) {
    this.url = url;
    this.token = token;
  }
  async send(message: TextMessage): Promise<{ providerMessageId: string }> {
    const answer = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': message.reference,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`text provider answered ${answer.status}: ${text.slice(0, 200)}`);
    let id = '';
    try {
      id = String((JSON.parse(text) as { id?: unknown }).id ?? '');
    } catch {
      /* an answer without JSON still took the message */
    }
    return { providerMessageId: id || 'accepted' };
  }
}

/** The provider the settings name: the local sink (default) or the HTTP provider. */
export function textMessageProvider(
  settings: {
    textProvider: 'local' | 'http';
    textProviderUrl: string | undefined;
    textProviderToken: string | undefined;
  },
  db: Kysely<TrackingTables>,
): TextMessageProvider {
  if (settings.textProvider === 'http')
    return new HttpTextMessageProvider(settings.textProviderUrl ?? '', settings.textProviderToken);
  return new LocalTextMessageSink(db);
}
