// Issue 19 target 3: how soon a status change reaches the screen of someone viewing the shipment. One
// WebSocket per watched shipment, signed in as staff, on the gateway's live hub (`/api/live`), following
// the shipment's group as the shipment page does (frontends/shipments ShipmentDetailsPage → usePresence with
// presence: false → `follow`). For each status update the benchmark sends, the time from sending the request
// to receiving the activity entry of type Status Change that the activity service publishes for it
// (tms.activity.activity.changed, change `added`), pushed by the gateway to the group. A shipment's updates
// are sent one at a time (the benchmark's free list), so its entries arrive in the order of its updates:
// each entry answers the oldest update of that shipment still waiting. Where the time goes: a core NATS
// subscription of the run's namespace sees each update's status change (its shipment.updated carrying
// `statusChange` since decision 0048, status.changed before; published by the shipments relay)
// and its activity.changed (published by the activity relay, after the activity consumer committed the
// entry), so each update's time splits into request → status.changed on NATS → activity.changed on NATS →
// socket (the gateway's fan-out). Prints figures; asserts nothing.
import { performance } from 'node:perf_hooks';
import { ShipmentActivityType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { loadConfig, wireSubject } from '@loadline/platform';
import { connect } from '@nats-io/transport-node';
import WebSocket from 'ws';
import { fmt, percentile } from './harness.ts';

/** How long after the last update an entry may still arrive before it counts as never seen. */
const graceMs = 10_000;
/** p99 target of issue 19 target 3, in ms */
export const liveTargetMs = 250;

/** An update sent whose entry has not arrived yet. */
interface Pending {
  sentAt: number;
  /** when its answer came */
  answeredAt?: number;
  /** when its status.changed, then its activity.changed, passed on NATS */
  statusAt?: number;
  activityAt?: number;
}

export interface LiveWatch {
  /** Call when an update of `shipmentId` is sent; call what it answers with whether it succeeded. */
  sent(shipmentId: number): (ok: boolean) => void;
  /** Waits for the entries still due (at most 10 s), closes the sockets and answers the summary line. */
  finish(): Promise<string>;
}

/** Opens a staff socket per shipment following its group; answers once every one follows. */
export async function watchShipments(
  url: string,
  cookie: string,
  shipmentIds: readonly number[],
  /** the run's event namespace (`bench_<id>`) */
  namespace: string,
): Promise<LiveWatch> {
  const pending = new Map<number, Pending[]>(shipmentIds.map((id) => [id, []]));
  const latencies: number[] = [];
  const stages = {
    answer: [] as number[],
    relay: [] as number[],
    activity: [] as number[],
    gateway: [] as number[],
  };
  const nc = await connect({
    servers: loadConfig('shipments', 0)
      .natsUrl.split(',')
      .map((s) => s.trim()),
  });
  // Marks the first update of the shipment not yet marked at this stage.
  const mark = (stage: 'statusAt' | 'activityAt', data: { shipmentId?: unknown }) => {
    const now = performance.now();
    const entry = pending.get(Number(data.shipmentId))?.find((p) => p[stage] === undefined);
    if (entry) entry[stage] = now;
  };
  // A status update's move rides in its shipment.updated (decision 0048); status.changed before that.
  nc.subscribe(wireSubject(namespace, subjects.shipmentUpdated), {
    callback: (error, msg) => {
      if (error) return;
      const { data } = msg.json<{ data: { shipmentId?: unknown; statusChange?: unknown } }>();
      if (data.statusChange) mark('statusAt', data);
    },
  });
  nc.subscribe(wireSubject(namespace, subjects.shipmentStatusChanged), {
    callback: (error, msg) => {
      if (!error) mark('statusAt', msg.json<{ data: { shipmentId?: unknown } }>().data);
    },
  });
  nc.subscribe(wireSubject(namespace, subjects.shipmentActivityChanged), {
    callback: (error, msg) => {
      if (error) return;
      const { data } = msg.json<{
        data: { shipmentId?: unknown; activityType?: unknown; change?: unknown };
      }>();
      if (data.activityType === ShipmentActivityType.values.StatusChange && data.change === 'added')
        mark('activityAt', data);
    },
  });
  let expected = 0;
  let failedUpdates = 0;
  let unmatched = 0;
  const sockets = await Promise.all(
    shipmentIds.map(
      (shipmentId) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`, { headers: { cookie } });
          socket.on('error', reject);
          // closed before its acknowledgement (the hub could not open it): said, not waited for forever
          socket.on('close', (code, reason) =>
            reject(new Error(`live hub closed a socket before acknowledging it: ${code} ${String(reason)}`)),
          );
          socket.on('message', (raw) => {
            const message = JSON.parse(String(raw)) as {
              type: string;
              groupName?: string;
              data?: { shipmentId?: number; activityType?: number; change?: string };
            };
            if (message.type === 'acknowledge') {
              socket.send(JSON.stringify({ type: 'follow', groupName: String(shipmentId) }));
              resolve(socket);
              return;
            }
            if (message.type === 'error') {
              reject(new Error(`live hub: ${String((message as { message?: unknown }).message)}`));
              return;
            }
            const d = message.data;
            if (
              message.type !== 'event' ||
              d?.shipmentId !== shipmentId ||
              d.activityType !== ShipmentActivityType.values.StatusChange ||
              d.change !== 'added'
            )
              return;
            const now = performance.now();
            const queue = pending.get(shipmentId)!;
            const first = queue.shift();
            if (first === undefined) unmatched++;
            else {
              latencies.push(now - first.sentAt);
              if (first.statusAt !== undefined && first.activityAt !== undefined) {
                stages.relay.push(first.statusAt - first.sentAt);
                if (first.answeredAt !== undefined) stages.answer.push(first.answeredAt - first.sentAt);
                stages.activity.push(first.activityAt - first.statusAt);
                stages.gateway.push(now - first.activityAt);
              }
            }
          });
        }),
    ),
  );
  // The follows are read after the socket's session is looked up: give them a moment to land.
  await new Promise((r) => setTimeout(r, 500));

  const waiting = () => [...pending.values()].reduce((n, q) => n + q.length, 0);
  return {
    sent(shipmentId) {
      const entry: Pending = { sentAt: performance.now() };
      const queue = pending.get(shipmentId);
      if (!queue) return () => undefined;
      queue.push(entry);
      expected++;
      // a failed update publishes no entry and is not waited for
      return (ok) => {
        entry.answeredAt = performance.now();
        if (ok) return;
        failedUpdates++;
        expected--;
        const i = queue.indexOf(entry);
        if (i >= 0) queue.splice(i, 1);
      };
    },
    async finish() {
      const deadline = performance.now() + graceMs;
      while (waiting() > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      for (const socket of sockets) socket.close();
      await nc.close();
      latencies.sort((a, b) => a - b);
      const split = (name: string, times: number[]) => {
        times.sort((a, b) => a - b);
        return `${name} p50 ${fmt(percentile(times, 50))} / p99 ${fmt(percentile(times, 99))} ms`;
      };
      const p99 = percentile(latencies, 99);
      const missing = waiting();
      return (
        `status change → activity log on a watching socket (${sockets.length} staff sockets, one per shipment, following its group): ` +
        `p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(p99)} ms, max ${fmt(latencies.at(-1) ?? Number.NaN)} ms ` +
        `(target at most ${liveTargetMs} ms → ${p99 <= liveTargetMs && missing === 0 ? 'met' : 'NOT met'}), ` +
        `seen ${latencies.length} of ${expected}, never seen ${missing}` +
        `${failedUpdates > 0 ? ` (${failedUpdates} failed updates not counted)` : ''}` +
        `${unmatched > 0 ? `, ${unmatched} entries matching no update` : ''}` +
        `\n  where it goes (${stages.relay.length} updates seen at every stage): ` +
        `${split('request → status.changed on NATS (update committed, shipments relay)', stages.relay)} (request → answer ${split('', stages.answer).trim()}); ` +
        `${split('→ activity.changed on NATS (activity consumer, its commit, activity relay)', stages.activity)}; ` +
        `${split('→ socket (gateway fan-out)', stages.gateway)}`
      );
    },
  };
}
