// Fault test of issue 20 item 2, last check: "a kill of one replica of two causes no failed request at the
// gateway beyond the ones in flight on it". Two replicas of the directory and shipments services behind two
// gateways, the gateways behind the local ingress (system.ts); CHAOS_CONCURRENCY (8) clients send reads (the
// shipment page's GET) and writes (status updates) to the shipments service without pause, over the
// ingress. First the second shipments replica, then the second gateway is SIGKILLed, left down for
// CHAOS_DOWN_SECONDS (10: the gateway's and the ingress's leave-out lasts 5 s, so each finds the process
// gone again), and started again. Counts, per kill, the failed requests and the requests the clients had in
// flight when it came (an upper bound of those on the killed process); passes when the failed ones are no
// more than those and no request sent after a kill failed.
//
// Run: node infra/chaos/replica-kill.ts   (CHAOS_SECONDS 45, CHAOS_PORT_OFFSET, CHAOS_SERVERS_PORT)
import { performance } from 'node:perf_hooks';
import { ShipmentStatus } from '@loadline/contracts/catalogue';
import { request } from 'undici';
import { createInTransitShipment } from '../load/harness.ts';
import { sleep, startChaosSystem } from './system.ts';

const concurrency = Number(process.env.CHAOS_CONCURRENCY ?? 8);
const seconds = Number(process.env.CHAOS_SECONDS ?? 45);
const downSeconds = Number(process.env.CHAOS_DOWN_SECONDS ?? 10);
const S = ShipmentStatus.values;
const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);

const chaos = await startChaosSystem({ log, services: ['directory', 'shipments'] });
let ok = false;
try {
  const { url, agent } = chaos;
  const headers = await chaos.signIn();
  const shipmentIds: number[] = [];
  for (let i = 0; i < concurrency; i++)
    shipmentIds.push(
      await createInTransitShipment(url, headers, { name: 'Chaos Freight', scac: 'CHAO' }, agent),
    );
  log(`system up, ${shipmentIds.length} shipments`);
  const status = new Map(shipmentIds.map((s) => [s, S.InTransit as number]));
  const victims = ['shipments-2', 'gateway-2'];
  let inFlight = 0;
  /** per kill: the requests in flight when it came, and the failed ones sent before the next */
  const kills = victims.map((name) => ({ name, inFlight: -1, failed: 0, failedAfter: 0 }));
  /** the kill the requests sent now follow (-1: none yet) */
  let current = -1;
  /** when the current kill came: a request started after it was never in flight on the killed process */
  let killedAt = Number.POSITIVE_INFINITY;
  let failedAfterKill = 0;
  const counts = { reads: 0, writes: 0, failedReads: 0, failedWrites: 0 };
  const failures = new Map<string, number>();
  let faultsOver = false;
  let until = performance.now() + seconds * 1000;
  const client = async (c: number) => {
    const shipmentId = shipmentIds[c]!;
    for (let i = 0; !faultsOver || performance.now() < until; i++) {
      const after = current;
      const write = i % 2 === 1;
      const next = status.get(shipmentId) === S.InTransit ? S.OutForDelivery : S.InTransit;
      inFlight++;
      const sentAt = performance.now();
      let code: number | string;
      try {
        const res = await request(
          write ? `${url}/api/ShipmentUpdateStatus/updatestatus` : `${url}/api/shipments/${shipmentId}`,
          {
            method: write ? 'PUT' : 'GET',
            dispatcher: agent,
            headers,
            headersTimeout: 30_000,
            ...(write ? { body: JSON.stringify({ shipmentId, status: next }) } : {}),
          },
        );
        await res.body.dump();
        code = res.statusCode;
        if (write && code === 200) status.set(shipmentId, next);
      } catch (error) {
        code = (error as Error).name;
      } finally {
        inFlight--;
      }
      counts[write ? 'writes' : 'reads']++;
      if (code !== 200) {
        counts[write ? 'failedWrites' : 'failedReads']++;
        // a failure counts with the last kill before it (one before the first, with the first)
        const kill = kills[Math.max(0, current)]!;
        kill.failed++;
        if (current >= 0 && after === current && sentAt > killedAt) {
          failedAfterKill++;
          kill.failedAfter++;
          log(`failed after the kill: ${code}, sent ${(sentAt - killedAt).toFixed(0)} ms after it`);
        }
        const key = `${write ? 'PUT updatestatus' : 'GET shipment'} ${code}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
        // a write refused in doubt: read the shipment's status before the next one
        if (write) {
          const res = await request(`${url}/api/shipments/${shipmentId}`, { dispatcher: agent, headers });
          const body = (await res.body.json().catch(() => ({}))) as { status?: number };
          if (typeof body.status === 'number') status.set(shipmentId, body.status);
        }
      }
    }
  };
  const clients = Promise.all(shipmentIds.map((_, c) => client(c)));
  const pause = (seconds * 1000 - victims.length * downSeconds * 1000) / (victims.length + 1);
  for (const [k, kill] of kills.entries()) {
    await sleep(pause);
    kill.inFlight = inFlight;
    await chaos.kill(kill.name);
    // once the process is gone: requests sent before were in flight on it (or raced its end)
    current = k;
    killedAt = performance.now();
    log(`${kill.name} SIGKILLed with ${kill.inFlight} requests in flight; down for ${downSeconds} s`);
    await sleep(downSeconds * 1000);
    await chaos.system.relaunch(kill.name);
    log(`${kill.name} started again and ready`);
  }
  // the clients go on a while after the last process is back
  faultsOver = true;
  until = Math.max(until, performance.now() + pause);
  await clients;
  const failed = counts.failedReads + counts.failedWrites;
  const inFlightAtKills = kills.reduce((n, k) => n + k.inFlight, 0);
  console.log(
    `requests ${counts.reads + counts.writes} (${counts.reads} reads, ${counts.writes} status updates) from ${concurrency} clients over ${seconds} s`,
  );
  console.log(
    `failed ${failed} (${counts.failedReads} reads, ${counts.failedWrites} writes)${failures.size ? `: ${JSON.stringify(Object.fromEntries(failures))}` : ''}`,
  );
  for (const k of kills)
    console.log(
      `${k.name.padEnd(12)} in flight when killed ${k.inFlight} (on either replica), failed ${k.failed}, of those sent after the kill ${k.failedAfter}`,
    );
  ok = kills.every((k) => k.failed <= k.inFlight) && failedAfterKill === 0 && failed <= inFlightAtKills;
  console.log(
    ok
      ? 'no failed request beyond the ones in flight on the killed replicas'
      : 'MISMATCH: more requests failed than were in flight',
  );
} finally {
  await chaos.stop();
}
process.exit(ok ? 0 : 1);
