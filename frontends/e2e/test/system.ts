// The whole system for the journeys: started on ports +10000, +500 per worker slot (JOURNEY_PORT_OFFSET to
// run two checkouts' journeys side by side) with its own schemas, stream
// namespace and queue prefix (so a developer's `npm start` data is never touched), and
// Debian's Chromium driven by playwright-core. Removed again afterwards.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { readManifest, root } from '../../../infra/dev/manifest.ts';
import {
  chromiumArgs,
  chromiumPath,
  localMailServer,
  startTestMailServer,
  testMailServerPorts,
  testWorkerSlot,
} from '../../../infra/dev/servers.ts';
import { type RunningSystem, replicasSetting, startSystem } from '../../../infra/dev/system.ts';
import { recordPages } from './page-record.ts';

export const screenshots = join(root, 'test-results', 'journeys');

/**
 * How long a journey waits for a page's first content after opening or reloading it. On a two-core machine
 * running three journeys' systems beside the type check and the other files, a page that shows in 3 s alone
 * once took over 20–30 s (stops 30 and 31); a page that never shows still fails, with what it showed instead
 * (page-record.ts).
 */
export const PAGE_LOAD_MS = 60_000;

export interface JourneySystem {
  system: RunningSystem;
  browser: Browser;
  /**
   * the servers a demo mailbox is configured with: the IMAP of the journey's own Dovecot (`mailServer`) or of
   * the shared one, and the system's own SMTP server
   */
  mailServers: { incoming: string; outgoing: string };
  stop(): Promise<void>;
}

/**
 * The ports of this worker's journeys: JOURNEY_PORT_OFFSET (10000 by default) plus 500 per Vitest worker slot,
 * so journeys running at once never share a port (a system spans 2525–8280 plus the offset).
 */
export function journeyPortOffset(): number {
  const base = Number(process.env.JOURNEY_PORT_OFFSET ?? 10_000);
  return base + 500 * journeySlot();
}

const journeySlot = testWorkerSlot;

/**
 * The mail sink's SMTP port: LOADLINE_SMTP_PORT (to keep every port inside a range of one's own) moved by the
 * same 500 per slot as the others, so journeys running at once never share it; else 2525 plus the offset.
 */
function journeySmtpPort(): number | undefined {
  const base = process.env.LOADLINE_SMTP_PORT;
  return base ? Number(base) + 500 * journeySlot() : undefined;
}

/**
 * Processes per service and of the gateway in the journeys that run replicated (JOURNEY_REPLICAS, 1 to 9,
 * default 2). Which do (decisions 0047, 0062): those marked `replicated` (the back office's shipments journey;
 * the issue 14 shipments journey, staff and a customer with the live hub; the mailbox sign-in's one-time
 * state), or every one with JOURNEY_REPLICATED=all (every journey passed so, decision 0062); the others run
 * one process of each, the cost of two replicas for all of them being more than `npm test` can carry on two
 * cores.
 */
export function journeyReplicas(replicated: boolean): number {
  const every = process.env.JOURNEY_REPLICATED === 'all';
  return replicated || every ? replicasSetting(process.env.JOURNEY_REPLICAS ?? '2', 'JOURNEY_REPLICAS') : 1;
}

/**
 * `replicated`: this journey runs against JOURNEY_REPLICAS processes of every service and of the gateway (the
 * gateway takes the services' in turn, the local ingress hands connections to the gateways in turn);
 * `replicas` sets the number outright.
 */
export async function startJourneySystem(
  options: { replicas?: number; replicated?: boolean; mailServer?: boolean } = {},
): Promise<JourneySystem> {
  const id = randomBytes(3).toString('hex');
  const schemaSuffix = `_e2e_${id}`;
  const namespace = `e2e_${id}`;
  mkdirSync(screenshots, { recursive: true });
  // A journey that reads or archives the demo staff's mail has a mail server of its own (decision 0112).
  const mailPorts = options.mailServer ? testMailServerPorts() : localMailServer;
  const mailServer = options.mailServer ? await startTestMailServer(mailPorts) : undefined;
  const system = await startSystem({
    mailServer: mailPorts,
    portOffset: journeyPortOffset(),
    smtpPort: journeySmtpPort(),
    schemaSuffix,
    eventNamespace: namespace,
    queuePrefix: namespace,
    seedDemoData: true,
    replicas: options.replicas ?? journeyReplicas(options.replicated ?? false),
    // within the journeys' 300 s hook, so a start that gives up leaves nothing on this slot's ports
    startWithinMs: 280_000,
    quiet: true,
    log: () => undefined,
  }).catch(async (error: unknown) => {
    await mailServer?.stop();
    throw error;
  });
  // A browser that cannot start must not leave the system running (its ports would answer the next run).
  const browser = await chromium
    .launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
    })
    .catch(async (error: unknown) => {
      await system.stop();
      await mailServer?.stop();
      throw error;
    });
  recordPages(browser);
  return {
    system,
    browser,
    mailServers: {
      incoming: `${mailPorts.host}:${mailPorts.imapPort}`,
      outgoing: `127.0.0.1:${system.mailSink.smtpPort}`,
    },
    async stop() {
      await browser.close();
      await system.stop();
      await mailServer?.stop();
      const manifest = readManifest();
      const client = new pg.Client({
        connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/loadline',
      });
      await client.connect();
      for (const s of [...manifest.services, manifest.gateway]) {
        await client.query(`drop schema if exists "${s.name}${schemaSuffix}" cascade`);
      }
      await client.end();
      rmSync(system.attachmentsDataDir, { recursive: true, force: true });
      rmSync(system.accountingExportDir, { recursive: true, force: true });
      rmSync(system.mailSink.dir, { recursive: true, force: true });
      const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(`${namespace.toUpperCase()}_TMS`).catch(() => undefined);
      await nc.close();
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      const keys = await redis.keys(`${namespace}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}

/**
 * The journey system of this test file: started before its tests and stopped after them. With `mailServer`,
 * a Dovecot of its own holding the demo mailboxes (decision 0112) is started first and the system delivers the
 * demo staff's mail there, for the journeys that read it. Its `system` and `browser` are there once the tests
 * run.
 */
export function journeySystemOfFile(
  options: { mailServer?: boolean; replicas?: number; replicated?: boolean } = {},
): JourneySystem {
  let started: JourneySystem | undefined;
  beforeAll(async () => {
    started = await startJourneySystem(options);
  }, 300_000);
  afterAll(async () => {
    await started?.stop();
  });
  const running = () => {
    if (!started) throw new Error('The journey system starts before the tests: use it inside one.');
    return started;
  };
  return {
    get system() {
      return running().system;
    },
    get browser() {
      return running().browser;
    },
    get mailServers() {
      return running().mailServers;
    },
    stop: () => running().stop(),
  };
}

/** A new browser context on the system, signed in through the shell's login page at `path` (demo password). */
export async function signIn(
  j: JourneySystem,
  path: string,
  email: string,
  password = 'demo',
): Promise<Page> {
  const page = await (await j.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInOn(j, page, path, email, password);
  return page;
}

/** Signs in on a page the journey already has: opens `path` (a shell's login) and sends the form. */
export async function signInOn(
  j: JourneySystem,
  page: Page,
  path: string,
  email: string,
  password = 'demo',
): Promise<void> {
  await page.goto(`${j.system.url}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Clicks `button` until the dialog it opens, named `name`, is there (up to a minute), and answers the dialog.
 * On a loaded machine the parts of a page that arrive last move what is below them: a click that Playwright
 * aimed at a button which then moved can land beside it (stop 38: the document sender stayed closed, and its
 * button had sent no request).
 */
export async function openDialog(page: Page, button: Locator, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  const deadline = Date.now() + 60_000;
  for (;;) {
    // A click again fails when a dialog that came late now covers the button: then it only waits more.
    await button.click({ timeout: 30_000 }).catch(async (error: unknown) => {
      if (!(await page.getByRole('dialog').first().isVisible())) throw error;
    });
    const shown = await dialog
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return dialog;
    if (Date.now() > deadline) throw new Error(`the dialog ${String(name)} did not open within a minute`);
  }
}

/**
 * Opens an entry of the user menu (Account of …) whose dialog has the same name, such as "Mailbox
 * configuration" or "Edit signature", and answers that dialog.
 */
export async function openUserMenu(staff: Page, entry: string): Promise<Locator> {
  // the first step after a page loads: the shell may still be loading its remotes
  await staff.getByRole('button', { name: /^Account of/ }).click({ timeout: PAGE_LOAD_MS });
  await staff.getByRole('menuitem', { name: entry }).click();
  return staff.getByRole('dialog', { name: entry });
}

/** Tests the mailbox configuration's connection and waits for both servers to have signed it in. */
export async function connectionSignedIn(
  mailbox: Locator,
  servers: { incoming: string; outgoing: string },
): Promise<void> {
  await mailbox.getByRole('button', { name: 'Test connection' }).click();
  const result = mailbox.getByRole('status');
  await result
    .getByText(`Signed in to the incoming (IMAP) server ${servers.incoming}.`)
    .waitFor({ timeout: 30_000 });
  await result.getByText(`Signed in to the outgoing (SMTP) server ${servers.outgoing}.`).waitFor();
}
