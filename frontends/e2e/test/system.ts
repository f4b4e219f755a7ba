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
import { type Browser, chromium, type Page } from 'playwright-core';
import { readManifest, root } from '../../../infra/dev/manifest.ts';
import { chromiumArgs, chromiumPath } from '../../../infra/dev/servers.ts';
import { type RunningSystem, startSystem } from '../../../infra/dev/system.ts';

export const screenshots = join(root, 'test-results', 'journeys');

export interface JourneySystem {
  system: RunningSystem;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The ports of this worker's journeys: JOURNEY_PORT_OFFSET (10000 by default) plus 500 per Vitest worker slot,
 * so journeys running at once never share a port (a system spans 2525–8207 plus the offset).
 */
export function journeyPortOffset(): number {
  const base = Number(process.env.JOURNEY_PORT_OFFSET ?? 10_000);
  const slot = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 4;
  return base + 500 * slot;
}

/** `replicas`: processes per service (the gateway takes them in turn); default LOADLINE_REPLICAS or 1. */
export async function startJourneySystem(options: { replicas?: number } = {}): Promise<JourneySystem> {
  const id = randomBytes(3).toString('hex');
  const schemaSuffix = `_e2e_${id}`;
  const namespace = `e2e_${id}`;
  mkdirSync(screenshots, { recursive: true });
  const system = await startSystem({
    portOffset: journeyPortOffset(),
    schemaSuffix,
    eventNamespace: namespace,
    queuePrefix: namespace,
    seedDemoData: true,
    ...(options.replicas ? { replicas: options.replicas } : {}),
    quiet: true,
    log: () => undefined,
  });
  // A browser that cannot start must not leave the system running (its ports would answer the next run).
  const browser = await chromium
    .launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
    })
    .catch(async (error: unknown) => {
      await system.stop();
      throw error;
    });
  return {
    system,
    browser,
    async stop() {
      await browser.close();
      await system.stop();
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
