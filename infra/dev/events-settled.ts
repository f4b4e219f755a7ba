// Waits until the events a system wrote as it started are handled: every service's outbox published and
// every durable consumer of the system's stream with nothing pending or unacknowledged. A page opened
// right after the start otherwise asks a service whose copy of a demo shipment has not arrived yet (a
// journey's attachments region answered 404 in CI, where the consumers were still catching up).

import { streamName } from '@loadline/platform';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';

export interface SettleTarget {
  databaseUrl: string;
  natsUrl: string;
  /** the services' schemas, each with its outbox */
  schemas: readonly string[];
  eventNamespace: string;
}

/**
 * Polls until nothing is waiting twice in a row (a handled event may write another), or `timeoutMs` passes.
 * Answers whether it settled; what is still waiting when it did not, per outbox and consumer.
 */
export async function eventsSettled(
  target: SettleTarget,
  timeoutMs: number,
): Promise<{ settled: true } | { settled: false; waiting: Record<string, number> }> {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  const nc = await connect({ servers: target.natsUrl.split(',').map((s) => s.trim()) });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = streamName(target.eventNamespace);
    const { rows } = await db.query<{ schema: string }>(
      `select table_schema as schema from information_schema.tables
        where table_name = 'outbox' and table_schema = any($1::text[])`,
      [target.schemas],
    );
    const waiting = async (): Promise<Record<string, number>> => {
      const found: Record<string, number> = {};
      for (const { schema } of rows) {
        const r = await db.query<{ n: number }>(
          `select count(*)::int as n from "${schema}".outbox where published_at is null`,
        );
        if (r.rows[0]!.n > 0) found[`${schema} outbox`] = r.rows[0]!.n;
      }
      for await (const info of jsm.consumers.list(stream)) {
        const n = info.num_pending + info.num_ack_pending;
        if (n > 0) found[info.name] = n;
      }
      return found;
    };
    const deadline = Date.now() + timeoutMs;
    let quietBefore = false;
    for (;;) {
      const now = await waiting();
      const quiet = Object.keys(now).length === 0;
      if (quiet && quietBefore) return { settled: true };
      if (Date.now() > deadline) return { settled: false, waiting: now };
      quietBefore = quiet;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await nc.close();
    await db.end();
  }
}
