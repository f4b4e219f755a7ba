// `npm run contracts`: writes what the services and the event contracts declare into
// contracts/ — each service's OpenAPI document, the TypeScript types openapi-typescript makes
// from it (the frontends' API client uses them), and each event's JSON schema. The drift test
// (infra/dev/test/contracts-drift.test.ts) regenerates them and fails on any difference.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { accountingService } from '@loadline/accounting/service';
import { migrations as activityMigrations, buildApp as buildActivity } from '@loadline/activity/app';
import { attachmentsService } from '@loadline/attachments/service';
import { carriersService } from '@loadline/carriers/service';
import { eventSchemas } from '@loadline/contracts/events';
import { directoryService } from '@loadline/directory/service';
import { gatewayService } from '@loadline/gateway/service';
import { type App, buildHttp, depsOf, type ServiceDefinition, ServiceRuntime } from '@loadline/platform';
import { createTestRuntime, testConfig } from '@loadline/platform/testing';
import { buildApp as buildShipments, migrations as shipmentsMigrations } from '@loadline/shipments/app';
import { buildApp as buildTracking, migrations as trackingMigrations } from '@loadline/tracking/app';
import openapiTS, { astToString } from 'openapi-typescript';
import { readManifest, root } from './manifest.ts';

/** A service still built the old way, on a test runtime (until each is declared with defineService). */
interface LegacyServiceDocs {
  name: string;
  /** the public path prefixes the gateway forwards to it (a declared service has them in its definition) */
  paths: readonly string[];
  migrations: Record<string, unknown>;
  build: (runtime: ServiceRuntime<never>) => Promise<App>;
}
type ServiceDocs = LegacyServiceDocs | ServiceDefinition<never, unknown, unknown>;

const isDeclared = (s: ServiceDocs): s is ServiceDefinition<never, unknown, unknown> => 'routes' in s;

const unreachable = {
  databaseUrl: 'postgres://postgres@127.0.0.1:9/unreachable',
  natsUrl: 'nats://127.0.0.1:9',
  redisUrl: 'redis://127.0.0.1:9',
};

/** A declared service's HTTP app, built with no server reached: its contract needs nothing running. */
async function offlineApp(
  definition: ServiceDefinition<never, unknown, unknown>,
): Promise<{ app: App; close: () => Promise<void> }> {
  // Every server unreachable on purpose: a contract that needed one would fail here, not pass by luck.
  const runtime = await ServiceRuntime.offline<never>({ config: testConfig(definition.name, unreachable) });
  const app = await buildHttp(definition, depsOf(definition, runtime, { env: { NODE_ENV: 'contracts' } }));
  return { app, close: () => runtime.close() };
}

/** Every service whose routes make a contract. Add a new service here. */
export const documentedServices: ServiceDocs[] = [
  gatewayService as unknown as ServiceDefinition<never, unknown, unknown>,
  directoryService as unknown as ServiceDefinition<never, unknown, unknown>,
  {
    name: 'shipments',
    paths: [
      '/api/shipments',
      '/api/shipmentupdatestatus',
      '/api/shipmentdomestic',
      '/api/shipmentsearch',
      '/api/shipmentalerts',
      '/api/universalsearch/shipments',
      // the tracking link and the credit-hold check are the shipments service's (issue 3)
      '/api/creditholdshipment',
    ],
    migrations: shipmentsMigrations,
    build: (runtime) => buildShipments(runtime as never),
  },
  {
    name: 'activity',
    paths: [
      '/api/activitylog',
      '/api/shipmentactivitylog',
      '/api/shipmentactivitylogarchive',
      '/api/consolidation/activity',
      '/api/organizationactivitylog',
      '/api/brokercarrieractivitylog',
      '/api/stafffavorites',
      // the longest prefix wins: the rest of /api/shipmentupdatestatus is the shipments service's
      '/api/shipmentupdatestatus/getoperationnotes',
      '/api/emailautomationlog',
    ],
    migrations: activityMigrations,
    build: (runtime) => buildActivity(runtime as never),
  },
  carriersService as unknown as ServiceDefinition<never, unknown, unknown>,
  attachmentsService as unknown as ServiceDefinition<never, unknown, unknown>,
  {
    name: 'tracking',
    paths: [
      '/api/location',
      '/api/lastlocation',
      '/api/shipmentlocationsarchive',
      '/api/requestdriverlocation',
      '/api/integrationsource',
      '/api/truckloadtrackingstatusrequest',
      '/api/shipmentmanagement/emailtrackingstatusrequest',
      // the driver's one-time page, public (no session; the link's token is the key; issue 4)
      '/driver-location',
    ],
    migrations: trackingMigrations,
    build: (runtime) => buildTracking(runtime as never, { jobs: false }),
  },
  accountingService as unknown as ServiceDefinition<never, unknown, unknown>,
];

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * contracts/services/index.ts: each service behind the gateway with its local port and the path prefixes
 * it owns, from its definition — the gateway's routing table and service list, so adding a service edits
 * its own folder and this list of documented services, nothing in the gateway.
 */
function renderServiceList(): string {
  const ports = new Map(readManifest().services.map((s) => [s.name, s.port]));
  const entries = documentedServices
    .filter((s) => s.name !== 'gateway')
    .map((s) => ({
      name: s.name,
      port: isDeclared(s) ? s.port : (ports.get(s.name) ?? 0),
      paths: [...s.paths],
    }));
  const lines = entries.map(
    (e) => `  { name: '${e.name}', port: ${e.port}, paths: [${e.paths.map((p) => `'${p}'`).join(', ')}] },`,
  );
  return [
    "// Generated by `npm run contracts` from each service's definition (its name, port and the public path",
    "// prefixes it owns). Do not edit: change the service's src/service.ts and run `npm run contracts`.",
    'export interface ServiceEntry {',
    '  name: string;',
    '  /** the local port (`<NAME>_URL` points the gateway elsewhere) */',
    '  port: number;',
    '  /** the public path prefixes the gateway forwards to it, lower case */',
    '  paths: readonly string[];',
    '}',
    '',
    'export const services = [',
    ...lines,
    '] as const satisfies readonly ServiceEntry[];',
    '',
    "export type ServiceName = (typeof services)[number]['name'];",
    '',
  ].join('\n');
}

/** The contract files as they should be: path (relative to the repo) → content. */
export async function renderContracts(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const service of documentedServices) {
    const built = isDeclared(service)
      ? await offlineApp(service)
      : await (async () => {
          const t = await createTestRuntime({
            service: service.name,
            migrations: service.migrations as never,
          });
          return { app: await service.build(t.runtime as never), close: () => t.cleanup() };
        })();
    try {
      const app = built.app;
      await app.ready();
      const document = app.swagger();
      await app.close();
      files.set(`contracts/openapi/${service.name}.json`, json(document));
      const ast = await openapiTS(document as never, { alphabetize: true });
      files.set(
        `contracts/types/${service.name}.ts`,
        `// Generated by \`npm run contracts\` from contracts/openapi/${service.name}.json. Do not edit.\n${astToString(ast)}`,
      );
    } finally {
      await built.close();
    }
  }
  files.set('contracts/services/index.ts', renderServiceList());
  for (const [subject, schema] of Object.entries(eventSchemas)) {
    files.set(
      `contracts/events/${subject}.json`,
      json({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: subject, ...schema }),
    );
  }
  return files;
}

export function readCommitted(path: string): string | undefined {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
}

if (import.meta.main) {
  const files = await renderContracts();
  for (const [path, content] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    if (readCommitted(path) !== content) {
      writeFileSync(join(root, path), content);
      console.log(`wrote ${path}`);
    }
  }
  process.exit(0);
}
