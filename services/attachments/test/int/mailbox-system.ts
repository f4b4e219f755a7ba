// The services a mailbox test runs on the real servers, in one event namespace with one pair of identity keys:
// the directory (where staff save or sign their mailboxes in), the shipments (their demo shipments reach the
// read models through JetStream), the attachments service with its workers (it reads and sends the mail), the
// activity service (mail filed becomes activity), and when asked the carriers and tracking services. Seeded,
// started, and waited for until the read models hold the demo shipments. The mail servers a test reads from
// are its own: it starts them first and points the services at them through `directoryEnv`,
// `attachmentsEnv` and `settings`.
import { randomBytes } from 'node:crypto';
import { subjects } from '@loadline/contracts/events';
import { type DirectoryAdapters, type DirectoryTables, directoryService } from '@loadline/directory/service';
import { generateIdentityKeys, type Identity, identityHeader, signIdentity } from '@loadline/platform';
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
import type { Kysely, Selectable } from 'kysely';
import { expect } from 'vitest';
import {
  type ActivityAdapters,
  type ActivitySettings,
  type ActivityTables,
  activityService,
} from '../../../activity/src/service.ts';
import {
  type CarriersAdapters,
  type CarriersSettings,
  type CarriersTables,
  carriersService,
} from '../../../carriers/src/service.ts';
import type { DirectorySettings } from '../../../directory/src/config.ts';
import { seedDemoData as seedDirectory } from '../../../directory/src/store/seed.ts';
import { addOtherBroker } from '../../../directory/test/int/other-broker.ts';
import {
  type TrackingAdapters,
  type TrackingSettings,
  type TrackingTables,
  trackingService,
} from '../../../tracking/src/service.ts';
import { readMailbox } from '../../src/app/read-mail.ts';
import type { AttachmentsSettings } from '../../src/config.ts';
import { attachmentsService } from '../../src/service.ts';
import type { MailboxRow } from '../../src/store/inbound-mail.ts';
import type { AttachmentsTables } from '../../src/store/tables.ts';
import { type AttachmentsTest, today } from './fixtures.ts';

// One key seals every mailbox password and token of this test file, in the directory and the attachments
// service alike (decision 0071).
process.env.MAILBOX_SECRET_KEY = randomBytes(32).toString('base64');

/** The other broker's shipment, a copy of a demo truckload given to the other broker (shipmentOfEachBroker). */
export const otherShipmentId = 90_001;

/** A service's tables read freely, for counting and checking rows. */
export const tablesOf = (s: { runtime: { db: unknown } }) =>
  s.runtime.db as Kysely<Record<string, Record<string, unknown>>>;

const countRows = async (s: { runtime: { db: unknown } }, table: string) =>
  Number(
    (
      await tablesOf(s)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

type Env = Record<string, string | undefined>;

export interface MailboxSystemOptions {
  /** the event namespace's tag, naming the test file in the servers' logs */
  tag: string;
  /** settings of the directory added to the process's (the sign-in providers) */
  directoryEnv?: Env;
  /** settings of the attachments service added to the process's (the providers' mail servers) */
  attachmentsEnv?: Env;
  settings: Partial<AttachmentsSettings>;
  /** a second broker with one staff member in the directory (demoCallers.otherBroker) */
  otherBroker?: boolean;
  /** the carriers service beside them, its demo carriers seeded, and the tracking service */
  carriersAndTracking?: boolean;
}

export interface MailboxSystem {
  att: AttachmentsTest;
  directory: TestService<DirectoryTables, DirectorySettings, DirectoryAdapters>;
  shipments: TestService<ShipmentsTables, ShipmentsSettings, ShipmentsAdapters>;
  activity: TestService<ActivityTables, ActivitySettings, ActivityAdapters>;
  carriers: TestService<CarriersTables, CarriersSettings, CarriersAdapters> | undefined;
  tracking: TestService<TrackingTables, TrackingSettings, TrackingAdapters> | undefined;
  /** headers carrying a signed identity, as the gateway sends them to every service here */
  as(who: Partial<Identity>): Record<string, string>;
  /** the attachments service's copy of a staff member's mailbox */
  mailboxView(userId: string): Promise<MailboxRow | undefined>;
  /**
   * Signs a mailbox in at a provider through the directory's routes, doing what the popup does: the
   * provider's page signs `account` in and sends it back with code and state. Answers the saved mailbox.
   */
  signIn(
    who: Partial<Identity>,
    provider: 'google' | 'microsoft' | 'front',
    account: string,
    choices?: { permissions?: number; postProcessingAction?: string },
  ): Promise<Record<string, unknown>>;
  /** Reads the mailbox until the message with this subject word is recorded (a scheduled run may read it first). */
  recorded(userId: string, word: string): Promise<Selectable<AttachmentsTables['inbound_email']>>;
  /** The payloads of mailbox.signin.refused published for a staff member, oldest first. */
  refusalsPublished<Data extends { userId: string }>(userId: string): Promise<Data[]>;
  /**
   * A demo truckload shipment of the demo broker, and its copy given to the other broker as
   * `otherShipmentId` in the attachments and activity read models. Answers the demo one's id.
   */
  shipmentOfEachBroker(): Promise<number>;
  /**
   * Sends one tracking status request (`POST /api/shipmentmanagement/emailTrackingStatusRequest`) about a
   * shipment to one address, as `who`: the answer's status and, when accepted, the message's id.
   */
  requestTracking(
    who: Partial<Identity>,
    shipmentId: number,
    mail?: { email?: string; subject?: string; body?: string },
  ): Promise<{ statusCode: number; body: string; messageId: string | undefined }>;
  close(): Promise<void>;
}

export async function startMailboxSystem(options: MailboxSystemOptions): Promise<MailboxSystem> {
  const keys = generateIdentityKeys();
  const as = (who: Partial<Identity>) => ({
    [identityHeader]: signIdentity(testIdentity(who), keys.privateKey),
  });
  const shared = { eventNamespace: `t_${uniqueTestId(options.tag)}`, identityPublicKey: keys.publicKey };
  const env = (added: Env = {}) => ({ ...process.env, NODE_ENV: 'test', ...added });
  const directory = await buildService(directoryService, { config: shared, env: env(options.directoryEnv) });
  const shipments = await buildService(shipmentsService, { config: shared });
  const carriers = options.carriersAndTracking
    ? await buildService(carriersService, { config: shared })
    : undefined;
  const att = (await buildService(attachmentsService, {
    config: shared,
    // the send and read workers run, as the process runs them; the directory's jobs do not (its token
    // renewal): a refusal is what renews a token here
    background: true,
    seed: true,
    env: env(options.attachmentsEnv),
    settings: options.settings,
  })) as AttachmentsTest;
  const tracking = options.carriersAndTracking
    ? await buildService(trackingService, { config: shared })
    : undefined;
  const activity = await buildService(activityService, { config: shared });
  await seedDirectory(directory.deps);
  if (options.otherBroker) await addOtherBroker(directory);
  await seedShipments(shipments.runtime, today);
  if (carriers) await carriersService.seed!(carriers.deps);
  const others = [directory, shipments, carriers, tracking, activity].filter((s) => s !== undefined);
  await Promise.all(others.map((s) => s.runtime.start()));
  await eventually(
    async () =>
      (await countRows(att, 'shipment_view')) >= 40 &&
      (await countRows(activity, 'shipment_read')) >= 40 &&
      (!carriers || (await countRows(att, 'carrier_compliance')) >= 4) &&
      (!tracking || (await countRows(tracking, 'shipment')) >= 40),
    90_000,
  );

  const mailboxView = (userId: string) =>
    att.runtime.db.selectFrom('mailbox_view').selectAll().where('user_id', '=', userId).executeTakeFirst();

  return {
    att,
    directory,
    shipments,
    activity,
    carriers,
    tracking,
    as,
    mailboxView,
    async signIn(who, provider, account, { permissions = 2, postProcessingAction = 'Archive' } = {}) {
      const started = await directory.app.inject({
        method: 'POST',
        url: `/api/staff/mailbox/${provider}/validate`,
        headers: as(who),
        payload: { permissions, postProcessingAction },
      });
      expect(started.statusCode, started.body).toBe(200);
      const page = new URL(started.json().authorizationUrl);
      page.searchParams.set('login_hint', account);
      const res = await fetch(page, { redirect: 'manual' });
      const back = new URL(res.headers.get('location')!);
      const done = await directory.app.inject({
        method: 'POST',
        url: `/api/staff/mailbox/${provider}/token`,
        headers: as(who),
        payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ username: account, isAuthorized: true });
      return done.json();
    },
    recorded: (userId, word) =>
      eventually(async () => {
        await readMailbox(att.deps, userId);
        return att.runtime.db
          .selectFrom('inbound_email')
          .selectAll()
          .where('mailbox_user_id', '=', userId)
          .where('subject', 'like', `%${word}%`)
          .executeTakeFirst();
      }, 60_000),
    refusalsPublished: async <Data extends { userId: string }>(userId: string) =>
      (
        await att.runtime.db
          .selectFrom('outbox')
          .select('envelope')
          .where('subject', '=', subjects.mailboxSignInRefused)
          .orderBy('position')
          .execute()
      )
        .map((r) => (r.envelope as { data: Data }).data)
        .filter((p) => p.userId === userId),
    async shipmentOfEachBroker() {
      const split = await att.app.inject({
        method: 'POST',
        url: '/api/truckloadTrackingStatusRequest',
        headers: as(demoCallers.ops),
        payload: Array.from({ length: 40 }, (_, i) => 10_001 + i),
      });
      const body = split.json() as {
        withCarrierEmail: { shipments: { shipmentId: number }[] }[];
        withoutCarrierEmail: { shipmentId: number }[];
      };
      const demoTruckload =
        body.withoutCarrierEmail[0]?.shipmentId ?? body.withCarrierEmail[0]!.shipments[0]!.shipmentId;
      const { state } = (await att.runtime.db
        .selectFrom('shipment_view')
        .select('state')
        .where('shipment_id', '=', demoTruckload)
        .executeTakeFirstOrThrow()) as { state: Record<string, unknown> };
      const theirs = {
        ...state,
        shipmentId: otherShipmentId,
        brokerId: demoCallers.otherBroker.brokerId,
        customerOrganizationId: 'org_other_customer',
        version: 1,
      };
      await att.deliver(subjects.shipmentUpdated, theirs as never);
      await activity.deliver(subjects.shipmentUpdated, theirs as never);
      return demoTruckload;
    },
    async requestTracking(who, shipmentId, mail = {}) {
      const {
        email = 'dispatch@carrier.example',
        subject = 'Where is {{shipmentIds}}?',
        body = 'Please reply with the city and state.',
      } = mail;
      const res = await att.app.inject({
        method: 'POST',
        url: '/api/shipmentmanagement/emailTrackingStatusRequest',
        headers: as(who),
        payload: { emails: [{ email, shipmentIds: [shipmentId], subject, body }] },
      });
      const messageId =
        res.statusCode === 201 ? (res.json() as { messageId: string }[])[0]?.messageId : undefined;
      return { statusCode: res.statusCode, body: res.body, messageId };
    },
    async close() {
      await Promise.all([att, ...others].map((s) => s.cleanup()));
    },
  };
}
