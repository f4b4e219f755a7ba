// The world the authorization matrix runs in: the whole system (infra/dev/system.ts) on ports
// +AUTHZ_PORT_OFFSET with its own schemas, stream namespace and queue prefix and the demo data, plus a
// second broker ("Rival Freight") with a customer, a customer user and a shipment of its own, a staff
// user of the demo broker without any permission, and on each tenant's side the resources the matrix
// names (attachments, sent messages, activity entries, filed emails, a driver-location text). Everyone
// signs in through the gateway, as a browser would. Removed again afterwards.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { StaffPermission } from '@loadline/contracts/catalogue';
import { demoPassword } from '@loadline/contracts/demo';
import { appendEvent, appendEvents, type EventWriter, openDatabase } from '@loadline/platform';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { saveOrganization } from '../../../services/directory/src/store/organizations.ts';
import type { DirectoryTables } from '../../../services/directory/src/store/tables.ts';
import { saveUser } from '../../../services/directory/src/store/users.ts';
import { hashPassword } from '../../../services/gateway/src/app/passwords.ts';
import { readManifest } from '../../dev/manifest.ts';
import { type RunningSystem, startSystem } from '../../dev/system.ts';

/** Who calls: the demo users, a staff user without permissions, and the second broker's staff and customer. */
export type Caller = 'anonymous' | 'admin' | 'ops' | 'clerk' | 'shipper' | 'buyer' | 'rival' | 'rivalClient';
export const signedInCallers = ['admin', 'ops', 'clerk', 'shipper', 'buyer', 'rival', 'rivalClient'] as const;
export type SignedIn = (typeof signedInCallers)[number];

/** Whose resources: the demo broker's two customers, and the second broker's customer. */
export type Tenant = 'acme' | 'globex' | 'rival';

/** The resources of one tenant that the matrix's requests name. */
export interface TenantIds {
  tenant: Tenant;
  brokerId: string;
  organizationId: string;
  /** a customer user of the organization, made for the matrix (its password and names may change) */
  userId: string;
  /** a shipment that is moving (Dispatched or In Transit where the demo data has one) */
  shipmentId: number;
  /** a second shipment of the same customer (an email entry is moved there) */
  otherShipmentId: number;
  /** a consolidation parent with a child (Globex's 10038, whose child 10039 is Acme's) */
  consolidationParentId?: number;
  consolidationChildId?: number;
  /** a Public attachment on `shipmentId` that the customer may download */
  attachmentId: string;
  attachmentType: number;
  /** an attachment whose access level the matrix changes, and one it deletes */
  levelAttachmentId: string;
  deletableAttachmentId: string;
  /** a message the customer user sent about `shipmentId` */
  messageId: string;
  /** a Public note on `shipmentId` */
  activityId: number;
  /** emails filed on `shipmentId`: one to move, one to dismiss */
  emailId: string;
  dismissableEmailId: string;
  /** the broker's carrier relation (the demo broker's; the rival keeps none) */
  brokerCarrierId?: string;
  carrierMasterId: string;
  /** a leg of `shipmentId` whose pickup audit is offered */
  auditLegId?: string;
  // ——— accounting (on `otherShipmentId`, which no invoice reaches during the run) ———
  /** a charge line the matrix changes, one it deletes, and their payer group */
  chargeLineId: string;
  deletableChargeLineId: string;
  chargeLineGroupId: string;
  /** a commission the matrix changes, and one it deletes */
  commissionId: string;
  deletableCommissionId: string;
  /** an open invoice of the organization (one the attachments service's invoice view holds) */
  invoiceId: string;
  /** a carrier bill of the broker and its shipment (Acme's delivered load; the others have none) */
  billId?: string;
  billShipmentId?: number;
  /** saved cards of the organization at the test gateway: one the matrix deletes, one it charges */
  paymentProfileId: string;
  chargeProfileId: string;
  /** a progress tracker the organization's customer user made */
  trackerId: string;
  /** a shipment import of the organization, checked and waiting on its review; and one the matrix cancels */
  bulkProcessId: number;
  cancelableBulkProcessId: number;
  /** a third, on its review, for the mapping step */
  mappableBulkProcessId: number;
  /** a finished sync run of the broker (a test run) */
  syncRunId: string;
}

export interface Answer {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** a multipart upload: text fields and one file */
  form?: { fields: Record<string, string>; file: { name: string; content: string; type: string } };
}

export interface World {
  system: RunningSystem;
  url: string;
  cookies: Record<SignedIn, string>;
  ids: Record<Tenant, TenantIds>;
  /** texts only the named tenant's users (or its broker's staff) may ever see */
  markers: Record<Tenant | 'demoBroker' | 'rivalBroker', string[]>;
  /** staff-only texts (Private notes and attachments) no customer user may ever see */
  privateMarkers: string[];
  /** Admin-level notes' texts only IT support admins may see (decision 0020) */
  adminMarkers: string[];
  /** a live connection of `ops` (the presence routes need one) */
  opsConnectionId: string;
  /** the one-use token of the driver-location text sent about Acme's load */
  driverToken: string;
  call(who: Caller, request: Request): Promise<Answer>;
  stop(): Promise<void>;
}

export const rivalBroker = {
  organizationId: 'org_authz_rival_broker',
  name: 'Rival Freight',
  staffUserId: 'usr_authz_rival_staff',
  staffEmail: 'rita@rival-freight.test',
} as const;

/** A new user's password (the demo users keep `demo`). */
export const matrixPassword = 'matrix-password-1';

/** Every staff permission but Hide Export To Excel (which takes a right away): the rival is refused by tenancy alone. */
export const everyPermission = StaffPermission.list(0x7fffffff)
  .filter((p) => p.code !== 'HideExportToExcel')
  .reduce((mask, p) => mask | p.value, 0);

export function buildQuery(query: Request['query']): string {
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined) as [string, string][];
  return entries.length === 0
    ? ''
    : `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]))}`;
}

async function send(url: string, cookie: string | undefined, request: Request): Promise<Answer> {
  const headers: Record<string, string> = { 'cache-control': 'no-cache' };
  if (cookie) headers.cookie = cookie;
  let body: string | FormData | undefined;
  if (request.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(request.form.fields)) form.append(k, v);
    form.append(
      'file',
      new Blob([request.form.file.content], { type: request.form.file.type }),
      request.form.file.name,
    );
    body = form;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await fetch(`${url}${request.path}${buildQuery(request.query)}`, {
    method: request.method,
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const contentType = response.headers.get('content-type') ?? '';
  const binary = /pdf|octet-stream/.test(contentType);
  const text = binary ? '' : await response.text();
  if (binary) await response.arrayBuffer();
  let json: unknown;
  if (contentType.includes('json') && text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, text, json, contentType };
}

/** Retries `attempt` until it answers as wanted: the services learn one another's changes through events. */
async function until<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${timeoutMs / 1000} s: ${last}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function expectStatus(what: string, answer: Answer, ...wanted: number[]): Answer {
  if (!wanted.includes(answer.status))
    throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 400)}`);
  return answer;
}

async function login(url: string, email: string, password: string): Promise<string | undefined> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) return undefined;
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('loadline_session='));
  return cookie?.split(';')[0];
}

/** The second broker and its one staff user, written as the directory writes them (with their events). */
async function seedRivalBroker(databaseUrl: string, schemaSuffix: string): Promise<void> {
  const directory = await openDatabase<DirectoryTables>({
    url: databaseUrl,
    schema: `directory${schemaSuffix}`,
    maxConnections: 1,
  });
  // saveOrganization and saveUser need only the runtime's outbox; the running directory's relay publishes.
  const runtime: EventWriter<DirectoryTables> = {
    appendEvent: (trx, subject, data) => appendEvent(trx, 'directory', subject, data),
    appendEvents: (trx, events) => appendEvents(trx, 'directory', events),
  };
  await directory.db.transaction().execute(async (trx) => {
    await saveOrganization(runtime, trx, {
      organizationId: rivalBroker.organizationId,
      name: rivalBroker.name,
      organizationType: 60,
      brokerId: null,
      paymentPreference: null,
      creditLimit: null,
      customerSettings: 0,
      brokerSettings: 0,
      active: true,
    });
    await saveUser(runtime, trx, {
      userId: rivalBroker.staffUserId,
      organizationId: rivalBroker.organizationId,
      kind: 'staff',
      email: rivalBroker.staffEmail,
      firstName: 'Rita',
      lastName: 'Rival',
      permissions: everyPermission,
      customerSettings: 0,
      active: true,
    });
  });
  await directory.close();
  const gateway = await openDatabase<{ credential: { user_id: string; password_hash: string } }>({
    url: databaseUrl,
    schema: `gateway${schemaSuffix}`,
    maxConnections: 1,
  });
  await until('the gateway schema', async () => {
    await gateway.db
      .insertInto('credential')
      .values({ user_id: rivalBroker.staffUserId, password_hash: await hashPassword(demoPassword) })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return true;
  });
  await gateway.close();
}

export async function startWorld(log: (what: string) => void = () => undefined): Promise<World> {
  const id = randomBytes(3).toString('hex');
  const schemaSuffix = `_authz_${id}`;
  const namespace = `authz_${id}`;
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/loadline';
  const system = await startSystem({
    portOffset: Number(process.env.AUTHZ_PORT_OFFSET ?? 14_000),
    schemaSuffix,
    eventNamespace: namespace,
    queuePrefix: namespace,
    seedDemoData: true,
    // every route answered by two processes of each service, the gateway taking them in turn (issue 20:
    // integration suites against two replicas; AUTHZ_REPLICAS=1 for one)
    replicas: Number(process.env.AUTHZ_REPLICAS ?? 2),
    quiet: true,
    log: () => undefined,
  });
  const sockets: WebSocket[] = [];
  const stop = async () => {
    for (const socket of sockets) socket.terminate();
    await system.stop();
    const manifest = readManifest();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const s of [...manifest.services, manifest.gateway]) {
      await client.query(`drop schema if exists "${s.name}${schemaSuffix}" cascade`);
    }
    await client.end();
    rmSync(system.attachmentsDataDir, { recursive: true, force: true });
    rmSync(system.mailSink.dir, { recursive: true, force: true });
    const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(`${namespace.toUpperCase()}_TMS`).catch(() => undefined);
    await nc.close();
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  };
  log('the system is up');
  try {
    return await furnish(system, databaseUrl, schemaSuffix, sockets, stop, log);
  } catch (error) {
    await stop();
    throw error;
  }
}

async function furnish(
  system: RunningSystem,
  databaseUrl: string,
  schemaSuffix: string,
  sockets: WebSocket[],
  stop: () => Promise<void>,
  log: (what: string) => void,
): Promise<World> {
  const url = system.url;
  await seedRivalBroker(databaseUrl, schemaSuffix);
  const cookies = {} as Record<SignedIn, string>;
  const signIn = (email: string, password = demoPassword) =>
    until(`signing in as ${email}`, () => login(url, email, password));
  [cookies.admin, cookies.ops, cookies.shipper, cookies.buyer, cookies.rival] = await Promise.all([
    signIn('admin@demo.test'),
    signIn('ops@demo.test'),
    signIn('shipper@acme.test'),
    signIn('buyer@globex.test'),
    signIn(rivalBroker.staffEmail),
  ]);
  const call = (who: Caller, request: Request) =>
    send(url, who === 'anonymous' ? undefined : cookies[who], request);
  const ok = async (what: string, who: Caller, request: Request, ...wanted: number[]) =>
    expectStatus(what, await call(who, request), ...(wanted.length ? wanted : [200, 201, 202, 204]));
  const okEventually = (what: string, who: Caller, request: Request) =>
    until(what, async () => {
      const answer = await call(who, request);
      return answer.status >= 200 && answer.status < 300 ? answer : undefined;
    });

  // A user of `organizationId` made through the directory's API, its password set through the gateway's.
  const newUser = async (
    who: SignedIn,
    organizationId: string,
    email: string,
    names: [string, string],
    permissions = 0,
  ) => {
    const user = (
      await ok(`adding ${email}`, who, {
        method: 'POST',
        path: '/api/users',
        body: { organizationId, email, firstName: names[0], lastName: names[1], permissions },
      })
    ).json as { userId: string };
    // The gateway learns the user from the directory's event.
    await okEventually(`setting the password of ${email}`, who, {
      method: 'PUT',
      path: `/api/auth/credentials/${user.userId}`,
      body: { password: matrixPassword },
    });
    return user.userId;
  };

  log('signed in');
  // The demo broker's staff user without any permission: the lower role among staff.
  await newUser('admin', 'org_demo_broker', 'clerk@demo.test', ['Cleo', 'Clerk']);
  cookies.clerk = await signIn('clerk@demo.test', matrixPassword);

  log('the clerk made');
  // The second broker's customer, its user and its shipment, made through the APIs by its staff.
  const rivalCustomer = (
    await ok('adding the rival customer', 'rival', {
      method: 'POST',
      path: '/api/organizations',
      body: { name: 'Rival Manufacturing Co', organizationType: 70 },
    })
  ).json as { organizationId: string };
  const rivalClientId = await newUser('rival', rivalCustomer.organizationId, 'client@rival-mfg.test', [
    'Rory',
    'Client',
  ]);
  cookies.rivalClient = await signIn('client@rival-mfg.test', matrixPassword);
  const rivalShipment = async () =>
    (
      await okEventually('creating the rival shipment', 'rival', {
        method: 'POST',
        path: '/api/shipments',
        body: {
          customerOrganizationId: rivalCustomer.organizationId,
          shipmentType: 1,
          transitDays: 2,
          totalWeight: 900,
          stops: [
            {
              stopType: 'FirstPick',
              companyName: 'Rival Plant',
              city: 'Toledo',
              state: 'OH',
              zipCode: '43604',
            },
            {
              stopType: 'LastDrop',
              companyName: 'Rival DC',
              city: 'Nashville',
              state: 'TN',
              zipCode: '37210',
            },
          ],
        },
      })
    ).json as { shipmentId: number };
  const rivalShipments = [await rivalShipment(), await rivalShipment()];

  log("the rival's side made");
  // Extra customer users of the demo customers (the matrix changes their names and passwords).
  const [acmeUserId, globexUserId] = await Promise.all([
    newUser('admin', 'org_demo_acme', 'extra@acme.test', ['Ada', 'Extra']),
    newUser('admin', 'org_demo_globex', 'extra@globex.test', ['Gil', 'Extra']),
  ]);

  log('extra users made');
  // Each tenant's resources, made by its own staff and customer user.
  const tenantSide = async (
    tenant: Tenant,
    staff: SignedIn,
    customer: SignedIn,
    base: { organizationId: string; userId: string; shipmentId: number; otherShipmentId: number },
  ) => {
    const S = base.shipmentId;
    // Every service learns the shipment from the shipments service's events.
    await Promise.all(
      [
        `/api/activitylog?shipmentId=${S}`,
        `/api/invoicedelivery/attachmentcount/${S}`,
        `/api/location/${S}`,
        `/api/activitylog?shipmentId=${base.otherShipmentId}`,
      ].map((p) => {
        const [path, q] = p.split('?');
        return okEventually(`${tenant}: ${p}`, staff, {
          method: 'GET',
          path: path!,
          query: q ? Object.fromEntries(new URLSearchParams(q)) : undefined,
        });
      }),
    );
    const upload = async (who: SignedIn, accessLevel: string, title: string) =>
      (
        await ok(`${tenant}: upload ${title}`, who, {
          method: 'POST',
          path: '/api/files/fileUpload',
          form: {
            fields: { sourceType: 'shipment', shipmentId: String(S), accessLevel, title },
            file: { name: `${title}.txt`, content: `${title} of ${tenant}`, type: 'text/plain' },
          },
        })
      ).json as { attachmentId: string; attachmentType: number };
    const publicFile = await upload(customer, '0', `${tenant}-public-file`);
    const levelFile = await upload(staff, '0', `${tenant}-level-file`);
    const deletable = await upload(staff, '0', `${tenant}-deletable-file`);
    await upload(staff, '1', `${tenant}-private-marker-file`);
    const message = (
      await ok(`${tenant}: send documents`, customer, {
        method: 'POST',
        path: '/api/documentsender/sendshipmentdocuments',
        body: {
          shipmentId: S,
          recipients: `${tenant}@example.test`,
          attachmentIds: [publicFile.attachmentId],
        },
      })
    ).json as { messageId: string };
    const note = (description: string, accessLevel: number) =>
      ok(`${tenant}: note`, staff, {
        method: 'POST',
        path: '/api/activitylog',
        body: { shipmentId: S, description, accessLevel },
      }).then((a) => a.json as { id: number });
    const publicNote = await note(`${tenant}-secret public note`, 0);
    await note(`${tenant}-private-marker note`, 1);
    const email = async (detailId: string) =>
      ok(`${tenant}: file email`, staff, {
        method: 'POST',
        path: '/api/emailautomationlog',
        body: {
          shipmentId: S,
          emailAutomationDetailId: detailId,
          type: 'Operations',
          name: `${tenant} dispatcher`,
          body: `${tenant}-secret email`,
          date: new Date(Date.now() - 60_000).toISOString(),
          accessLevel: 1,
        },
      });
    const emailId = `eml_authz_${tenant}_move`;
    const dismissableEmailId = `eml_authz_${tenant}_dismiss`;
    await email(emailId);
    await email(dismissableEmailId);
    await ok(`${tenant}: organization note`, staff, {
      method: 'POST',
      path: '/api/organizationactivityLog',
      body: {
        organizationId: base.organizationId,
        activityDescription: `${tenant}-secret organization note`,
      },
    });
    return {
      ...base,
      attachmentId: publicFile.attachmentId,
      attachmentType: publicFile.attachmentType,
      levelAttachmentId: levelFile.attachmentId,
      deletableAttachmentId: deletable.attachmentId,
      messageId: message.messageId,
      activityId: publicNote.id,
      emailId,
      dismissableEmailId,
    };
  };

  const [acme, globex, rival] = await Promise.all([
    // 10017: Acme's LTL out for delivery; 10026: Globex's truckload in transit (contracts/demo/shipments.ts):
    // moving loads, so a driver may be asked and a pickup audit recorded.
    tenantSide('acme', 'ops', 'shipper', {
      organizationId: 'org_demo_acme',
      userId: acmeUserId,
      shipmentId: 10017,
      otherShipmentId: 10003,
    }),
    tenantSide('globex', 'ops', 'buyer', {
      organizationId: 'org_demo_globex',
      userId: globexUserId,
      shipmentId: 10026,
      otherShipmentId: 10004,
    }),
    tenantSide('rival', 'rival', 'rivalClient', {
      organizationId: rivalCustomer.organizationId,
      userId: rivalClientId,
      shipmentId: rivalShipments[0]!.shipmentId,
      otherShipmentId: rivalShipments[1]!.shipmentId,
    }),
  ]);

  log("each tenant's resources made");
  // Each tenant's money, made through the accounting service's API by its broker's staff (ops where any
  // staff may, else admin; the rival's staff holds every permission), and a progress tracker of its user.
  const accountingSide = async (
    tenant: Tenant,
    base: { organizationId: string; shipmentId: number; otherShipmentId: number },
    staff: SignedIn,
    accountant: SignedIn,
    customer: SignedIn,
  ) => {
    const O = base.otherShipmentId;
    const line = async (what: string) =>
      (
        await okEventually(`${tenant}: a charge line`, staff, {
          method: 'POST',
          path: '/api/accountingSummary/transitChargeline',
          body: {
            shipmentId: O,
            chargeLineType: 'Accessorial',
            description: `${tenant}-secret ${what}`,
            buyCents: 1000,
            sellCents: 2000,
          },
        })
      ).json as { chargeLineId: string; groupId: string };
    const changed = await line('charge line');
    const deletable = await line('deletable charge line');
    const commission = async (what: string) =>
      (
        (
          await ok(`${tenant}: a commission`, accountant, {
            method: 'POST',
            path: '/api/accountingSummary/commission',
            body: { shipmentId: O, payeeName: `${tenant}-secret ${what}`, calculationType: 0, rate: 500 },
          })
        ).json as { commissionId: string }
      ).commissionId;
    const commissionId = await commission('commission payee');
    const deletableCommissionId = await commission('deletable commission payee');
    let invoice: { invoiceId: string; shipmentId: number | null } | undefined;
    let bill: { billId: string; shipmentId: number } | undefined;
    if (tenant === 'rival') {
      // The rival's quote booked, then invoiced with its bill by its own staff.
      await ok(`${tenant}: book the load`, staff, {
        method: 'PUT',
        path: '/api/ShipmentUpdateStatus/updatestatus',
        body: { shipmentId: O, status: 10 },
      });
      const issued = (
        await until(`${tenant}: invoicing`, async () => {
          const a = await call(accountant, {
            method: 'PUT',
            path: '/api/accountingsynchistory/CreateInvoice',
            body: { shipmentId: O, approveBillWithInvoice: true },
          });
          if (a.status === 409 && /quote/.test(a.text)) return undefined;
          return expectStatus(`${tenant}: invoicing`, a, 200);
        })
      ).json as {
        invoices: { invoiceId: string; shipmentId: number }[];
        bills: { billId: string; shipmentId: number }[];
      };
      invoice = issued.invoices[0];
      bill = issued.bills[0];
    } else {
      const open = (
        await ok(`${tenant}: open invoices`, accountant, {
          method: 'GET',
          path: '/api/accountingSummary/invoices',
          query: { organizationId: base.organizationId, openOnly: true },
        })
      ).json as { items: { invoiceId: string; shipmentId: number | null }[] };
      invoice = open.items.find((i) => i.shipmentId !== null) ?? open.items[0];
      if (tenant === 'acme') {
        // A delivered load of Acme's, invoiced with its carrier's bill in the demo data.
        const summary = (
          await ok(`${tenant}: bills`, accountant, {
            method: 'GET',
            path: '/api/accountingSummary/10009',
          })
        ).json as { bills: { billId: string }[] };
        bill = summary.bills[0] ? { billId: summary.bills[0].billId, shipmentId: 10009 } : undefined;
      }
    }
    if (!invoice) throw new Error(`${tenant}: no open invoice`);
    // The invoice notification checks ids against the attachments service's invoice view, fed by the same
    // transaction's events as the invoice's PDF: once the PDF is among the load's files, the view has it.
    if (invoice.shipmentId !== null) {
      await until(`${tenant}: the invoice's PDF`, async () => {
        const a = await call(staff, {
          method: 'GET',
          path: `/api/files/getattachments/${invoice!.shipmentId}/shipment`,
        });
        return a.text.includes(invoice!.invoiceId) ? true : undefined;
      });
    }
    const card = async (cardNumber: string) =>
      (
        (
          await ok(`${tenant}: a saved card`, accountant, {
            method: 'POST',
            path: '/api/PaymentGateway/createCustomerPaymentProfile',
            body: {
              payerOrganizationId: base.organizationId,
              creditCard: {
                cardNumber,
                expMonth: 12,
                expYear: new Date().getUTCFullYear() + 2,
                cardCode: '123',
              },
            },
          })
        ).json as { paymentProfileId: string }
      ).paymentProfileId;
    const paymentProfileId = await card('4242424242424242');
    const chargeProfileId = await card('5555555555554444');
    const tracker = (
      await ok(`${tenant}: a progress tracker`, customer, {
        method: 'GET',
        path: '/api/progressTracker/CreateTracker',
      })
    ).json as { traceLogId: string };
    return {
      chargeLineId: changed.chargeLineId,
      deletableChargeLineId: deletable.chargeLineId,
      chargeLineGroupId: changed.groupId,
      commissionId,
      deletableCommissionId,
      invoiceId: invoice.invoiceId,
      billId: bill?.billId,
      billShipmentId: bill?.shipmentId,
      paymentProfileId,
      chargeProfileId,
      trackerId: tracker.traceLogId,
    };
  };
  // A finished test sync run of each broker (a run still going would refuse the matrix's own with 409).
  const syncRun = async (who: SignedIn) => {
    const { runId } = (
      await ok(`${who}: a sync run`, who, {
        method: 'POST',
        path: '/api/accountingsync/runSync',
        body: { doInvoices: true, isTestRun: true },
      })
    ).json as { runId: string };
    await until(
      `${who}: the sync run`,
      async () => {
        const run = (await call(who, { method: 'GET', path: `/api/accountingsync/runs/${runId}` })).json as
          | { status?: string }
          | undefined;
        return run?.status === 'Finished' || run?.status === 'Failed' ? true : undefined;
      },
      60_000,
    );
    return runId;
  };
  // Three shipment imports per organization (issue 17), checked and waiting on their review, by the broker's admin.
  const imports = async (tenant: Tenant, who: 'admin' | 'rival', organizationId: string) => {
    const file = [
      'Shipment Type,Origin Zip,Pickup Ready,Destination Zip,PO Number',
      `LTL,45414,03/02/2026 08:00,60632,${tenant}-secret import`,
    ].join('\r\n');
    const made: number[] = [];
    for (const n of [1, 2, 3]) {
      const { bulkProcessId } = (
        await ok(`${tenant}: an import file`, who, {
          method: 'POST',
          path: '/api/bulkProcessQueue/upload',
          query: { processType: 70, customerOrganizationId: organizationId },
          form: { fields: {}, file: { name: `matrix-${n}.csv`, content: file, type: 'text/csv' } },
        })
      ).json as { bulkProcessId: number };
      await ok(`${tenant}: the import started`, who, {
        method: 'POST',
        path: `/api/bulkProcessQueue/${bulkProcessId}/start`,
      });
      await until(`${tenant}: the import's review`, async () => {
        const answer = await call(who, { method: 'GET', path: `/api/bulkProcessQueue/${bulkProcessId}` });
        return (answer.json as { importStatus?: string } | undefined)?.importStatus === 'review'
          ? true
          : undefined;
      });
      made.push(bulkProcessId);
    }
    return { bulkProcessId: made[0]!, cancelableBulkProcessId: made[1]!, mappableBulkProcessId: made[2]! };
  };
  const [acmeImports, globexImports, rivalImports] = await Promise.all([
    imports('acme', 'admin', acme.organizationId),
    imports('globex', 'admin', globex.organizationId),
    imports('rival', 'rival', rival.organizationId),
  ]);

  const [acmeMoney, globexMoney, rivalMoney, demoRunId, rivalRunId] = await Promise.all([
    accountingSide('acme', acme, 'ops', 'admin', 'shipper'),
    accountingSide('globex', globex, 'ops', 'admin', 'buyer'),
    accountingSide('rival', rival, 'rival', 'rival', 'rivalClient'),
    syncRun('admin'),
    syncRun('rival'),
  ]);

  log("each tenant's money made");
  // Admin-level notes (IT support admins only, decision 0020) on Acme's load, organization and a carrier.
  await Promise.all([
    ok('an Admin note', 'admin', {
      method: 'POST',
      path: '/api/activitylog',
      body: { shipmentId: acme.shipmentId, description: 'admin-only-marker shipment note', accessLevel: 2 },
    }),
    ok('an Admin organization note', 'admin', {
      method: 'POST',
      path: '/api/organizationactivityLog',
      body: {
        organizationId: 'org_demo_acme',
        activityDescription: 'admin-only-marker organization note',
        accessLevel: 2,
      },
    }),
    ok('an Admin carrier note', 'admin', {
      method: 'POST',
      path: '/api/brokercarrieractivityLog',
      body: {
        carrierMasterId: 'car_demo_oldline',
        activityDescription: 'admin-only-marker carrier note',
        accessLevel: 2,
      },
    }),
  ]);
  // The demo broker's carrier notes, and a driver-location text about Acme's load.
  await ok('a carrier note', 'ops', {
    method: 'POST',
    path: '/api/brokercarrieractivityLog',
    body: { carrierMasterId: 'car_demo_oldline', activityDescription: 'demoBroker-secret carrier note' },
  });
  await ok('a driver-location request', 'ops', {
    method: 'POST',
    path: '/api/requestDriverLocation',
    body: { shipmentId: acme.shipmentId, driverCellPhoneNumber: '(555) 020-3016' },
  });
  const driverToken = await until('the driver-location text', async () => {
    const texts = (await call('ops', { method: 'GET', path: '/api/requestDriverLocation/textMessages' }))
      .json;
    const body = (texts as { body: string }[] | undefined)?.[0]?.body ?? '';
    return /\/driver-location\/(\S+)/.exec(body)?.[1];
  });
  // The legs to audit (the carriers service learns them from the shipments service's events).
  const legOf = async (shipmentId: number) => {
    const answer = await until(`the legs of ${shipmentId}`, async () => {
      const a = await call('ops', { method: 'GET', path: `/api/brokerCarrier/audits/${shipmentId}` });
      const legs = (a.json as { legs?: { transitLegId: string; pickupAuditShown: boolean }[] })?.legs ?? [];
      return legs.find((l) => l.pickupAuditShown);
    });
    return answer.transitLegId;
  };
  const [acmeLeg, globexLeg] = await Promise.all([legOf(acme.shipmentId), legOf(globex.shipmentId)]);

  log('notes, texts and legs made');
  // A live connection of ops, for the presence routes.
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`, {
    headers: { cookie: cookies.ops },
  });
  sockets.push(socket);
  const opsConnectionId = await new Promise<string>((resolve, reject) => {
    socket.on('message', (raw: Buffer) => {
      const m = JSON.parse(String(raw)) as { type: string; connectionId?: string };
      if (m.type === 'acknowledge' && m.connectionId) resolve(m.connectionId);
    });
    socket.once('error', reject);
    setTimeout(() => reject(new Error('no live connection within 15 s')), 15_000).unref();
  });

  const demoCarrier = { brokerCarrierId: 'bcr_demo_oldline', carrierMasterId: 'car_demo_oldline' };
  const ids: Record<Tenant, TenantIds> = {
    acme: {
      tenant: 'acme',
      brokerId: 'org_demo_broker',
      ...acme,
      ...acmeMoney,
      ...acmeImports,
      syncRunId: demoRunId,
      ...demoCarrier,
      auditLegId: acmeLeg,
    },
    globex: {
      tenant: 'globex',
      brokerId: 'org_demo_broker',
      ...globex,
      ...globexMoney,
      ...globexImports,
      syncRunId: demoRunId,
      ...demoCarrier,
      consolidationParentId: 10038,
      consolidationChildId: 10039,
      auditLegId: globexLeg,
    },
    rival: {
      tenant: 'rival',
      brokerId: rivalBroker.organizationId,
      ...rival,
      ...rivalMoney,
      ...rivalImports,
      syncRunId: rivalRunId,
      carrierMasterId: 'car_demo_oldline',
    },
  };
  const markers: World['markers'] = {
    acme: ['org_demo_acme', 'Acme Manufacturing', 'shipper@acme.test', 'extra@acme.test', 'acme-secret'],
    globex: ['org_demo_globex', 'Globex Foods', 'buyer@globex.test', 'extra@globex.test', 'globex-secret'],
    rival: [rivalCustomer.organizationId, 'Rival Manufacturing', 'client@rival-mfg.test', 'rival-secret'],
    demoBroker: [
      'org_demo_broker',
      'Loadline Demo Logistics',
      'ops@demo.test',
      'admin@demo.test',
      'clerk@demo.test',
      'Omar Operations',
      'demoBroker-secret',
    ],
    rivalBroker: [rivalBroker.organizationId, rivalBroker.name, rivalBroker.staffEmail, 'Rita Rival'],
  };
  return {
    system,
    url,
    cookies,
    ids,
    markers,
    privateMarkers: ['private-marker'],
    adminMarkers: ['admin-only-marker'],
    opsConnectionId,
    driverToken,
    call,
    stop,
  };
}
