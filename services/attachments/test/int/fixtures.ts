// The attachments service on the real servers, with the shipments and directory services beside it in
// the same event namespace: their demo shipments, organizations and users reach the attachments read
// models through JetStream, as in production. A temporary data folder and a real SMTP sink
// (infra/dev/mail-sink.ts) per test file.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CarriersAdapters,
  type CarriersSettings,
  type CarriersTables,
  carriersService,
} from '@loadline/carriers/service';
import { demoBrokerCarriers } from '@loadline/contracts/demo/carriers';
import { directoryService } from '@loadline/directory/service';
import {
  type App,
  generateIdentityKeys,
  type Identity,
  identityHeader,
  signIdentity,
} from '@loadline/platform';
import {
  buildService,
  demoCallers,
  eventually,
  type TestService,
  testIdentity,
  uniqueTestId,
} from '@loadline/platform/testing';
import {
  type ShipmentsAdapters,
  type ShipmentsSettings,
  type ShipmentsTables,
  seedDemoData as seedShipments,
  shipmentsService,
} from '@loadline/shipments/service';
import { type MailSink, startMailSink } from '../../../../infra/dev/mail-sink.ts';
import { seedDemoData as seedDirectory } from '../../../directory/src/store/seed.ts';
import type { AttachmentsSettings } from '../../src/config.ts';
import {
  type AttachmentsAdapters,
  type AttachmentsDeps,
  type AttachmentsTables,
  attachmentsService,
} from '../../src/service.ts';

export type AttachmentsTest = TestService<AttachmentsTables, AttachmentsSettings, AttachmentsAdapters>;

export const today = '2026-11-23';

export const { ops, shipper, buyer, otherBroker: rival } = demoCallers;

export interface Service {
  t: AttachmentsTest;
  app: App;
  /** the service's deps: its runtime, settings and adapters (the file store) */
  ctx: AttachmentsDeps;
  base: string;
  dataDir: string;
  sink: MailSink;
  /** the event namespace and identity keys the services share (a gateway in front signs with them) */
  namespace: string;
  keys: { publicKey: string; privateKey: string };
  /** the carriers service beside it when asked for (not listening) */
  carriers: TestService<CarriersTables, CarriersSettings, CarriersAdapters> | undefined;
  /** the shipments service beside it (not listening: call it with inject) */
  shipments: { app: App; t: TestService<ShipmentsTables, ShipmentsSettings, ShipmentsAdapters> };
  /** headers carrying a signed identity, as the gateway sends them */
  as(identity: Partial<Identity>): Record<string, string>;
  close(): Promise<void>;
}

export async function startService(
  options: {
    settings?: Partial<AttachmentsSettings>;
    adapters?: Partial<AttachmentsAdapters>;
    /** the carriers service beside it, its demo carriers seeded (their owners reach the read models) */
    carriers?: boolean;
  } = {},
): Promise<Service> {
  const namespace = `t_${uniqueTestId('att')}`;
  const keys = generateIdentityKeys();
  const dataDir = await mkdtemp(join(tmpdir(), 'attachments-test-'));
  const sink = await startMailSink({ dir: join(dataDir, 'mail'), smtpPort: 0, httpPort: 0 });
  const shared = { eventNamespace: namespace, identityPublicKey: keys.publicKey };
  const directory = await buildService(directoryService, { config: shared });
  const shipments = await buildService(shipmentsService, { config: shared });
  const carriers = options.carriers
    ? await buildService(carriersService, { config: shared, seed: true })
    : undefined;
  const t = await buildService(attachmentsService, {
    config: shared,
    // consumers, workers, the purge's schedule and the relay, as the process runs them
    background: true,
    settings: {
      dataDir,
      smtpUrl: `smtp://127.0.0.1:${sink.smtpPort}`,
      sendBackoffMs: 200,
      ...options.settings,
    },
    ...(options.adapters ? { adapters: options.adapters } : {}),
  });
  const app = t.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await seedDirectory(directory.deps);
  await seedShipments(shipments.runtime, today);
  await Promise.all([directory.runtime.start(), shipments.runtime.start(), carriers?.runtime.start()]);
  const insurances = demoBrokerCarriers.flatMap((c) => c.insurances).length;
  await eventually(async () => {
    const count = async (
      table: 'shipment_view' | 'user_view' | 'broker_carrier_view' | 'carrier_insurance_view',
    ) =>
      Number(
        (
          await t.runtime.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const carriersKnown =
      !carriers ||
      ((await count('broker_carrier_view')) >= demoBrokerCarriers.length &&
        (await count('carrier_insurance_view')) >= insurances);
    return (await count('shipment_view')) >= 40 && (await count('user_view')) >= 4 && carriersKnown;
  }, 60_000);
  return {
    t,
    app,
    ctx: t.deps,
    base,
    dataDir,
    sink,
    namespace,
    keys,
    carriers,
    shipments: { app: shipments.app, t: shipments },
    as: (identity) => ({ [identityHeader]: signIdentity(testIdentity(identity), keys.privateKey) }),
    async close() {
      await Promise.all([t.cleanup(), shipments.cleanup(), directory.cleanup(), carriers?.cleanup()]);
      await sink.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small real PDF. */
export const pdfBytes = (text = 'Proof of delivery') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** An upload as the browser sends it (multipart/form-data through fetch). */
export async function upload(
  s: Service,
  identity: Partial<Identity>,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer | Uint8Array; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file)
    form.set('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${s.base}/api/files/fileUpload`, {
    method: 'POST',
    headers: s.as(identity),
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { message?: string },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are read freely
type Loose = any;

export async function get(
  s: Service,
  identity: Partial<Identity>,
  path: string,
): Promise<Omit<Response, 'json'> & { json(): Promise<Loose> }> {
  return fetch(`${s.base}${path}`, { headers: s.as(identity) });
}

export async function send(
  s: Service,
  identity: Partial<Identity>,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${s.base}${path}`, {
    method,
    headers: { ...s.as(identity), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Every file under the data folder's blobs, staging: what the store holds. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(full);
    }
  };
  await walk(dir);
  return out;
}

export async function outbox(t: AttachmentsTest) {
  return t.runtime.db
    .selectFrom('outbox')
    .select(['subject', 'envelope'])
    .orderBy('position')
    .execute() as Promise<{ subject: string; envelope: { data: Record<string, unknown> } }[]>;
}
