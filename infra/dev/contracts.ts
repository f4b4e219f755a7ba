// `npm run contracts`: writes what the services and the event contracts declare into
// contracts/ — each service's OpenAPI document, the TypeScript types openapi-typescript makes
// from it (the frontends' API client uses them), and each event's JSON schema. The drift test
// (infra/dev/test/contracts-drift.test.ts) regenerates them and fails on any difference.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { accountingService } from '@loadline/accounting/service';
import { activityService } from '@loadline/activity/service';
import {
  migrations as attachmentsMigrations,
  buildApp as buildAttachments,
  loadAttachmentsConfig,
} from '@loadline/attachments/app';
import { buildApp as buildCarriers, migrations as carriersMigrations } from '@loadline/carriers/app';
import { eventSchemas } from '@loadline/contracts/events';
import { directoryService } from '@loadline/directory/service';
import { buildGateway, migrations as gatewayMigrations } from '@loadline/gateway/app';
import {
  type App,
  buildHttp,
  depsOf,
  generateIdentityKeys,
  type ServiceDefinition,
  ServiceRuntime,
} from '@loadline/platform';
import { createTestRuntime, testConfig } from '@loadline/platform/testing';
import { buildApp as buildShipments, migrations as shipmentsMigrations } from '@loadline/shipments/app';
import { trackingService } from '@loadline/tracking/service';
import openapiTS, { astToString } from 'openapi-typescript';
import { root } from './manifest.ts';

/** A service still built the old way, on a test runtime (until each is declared with defineService). */
interface LegacyServiceDocs {
  name: string;
  migrations: Record<string, unknown>;
  build: (runtime: ServiceRuntime<never>) => Promise<App>;
}
type ServiceDocs = LegacyServiceDocs | ServiceDefinition<never, unknown, unknown>;

const isDeclared = (s: ServiceDocs): s is ServiceDefinition<never, unknown, unknown> => 'routes' in s;

/** A declared service's HTTP app, built with no server reached: its contract needs nothing running. */
async function offlineApp(
  definition: ServiceDefinition<never, unknown, unknown>,
): Promise<{ app: App; close: () => Promise<void> }> {
  const runtime = await ServiceRuntime.offline<never>({ config: testConfig(definition.name) });
  const app = await buildHttp(definition, depsOf(definition, runtime, { env: { NODE_ENV: 'contracts' } }));
  return { app, close: () => runtime.close() };
}

const keys = generateIdentityKeys();

/** Every service whose routes make a contract. Add a new service here. */
export const documentedServices: ServiceDocs[] = [
  {
    name: 'gateway',
    migrations: gatewayMigrations,
    build: (runtime) =>
      buildGateway(runtime as never, {
        identityPrivateKey: keys.privateKey,
        services: {},
        secureCookies: false,
        shells: {
          shells: {},
          remotes: {},
          remoteUrls: {},
          ssoHosts: [],
          ssoLoginUrl: undefined,
          environment: 'contracts',
        },
      }),
  },
  directoryService as unknown as ServiceDefinition<never, unknown, unknown>,
  {
    name: 'shipments',
    migrations: shipmentsMigrations,
    build: (runtime) => buildShipments(runtime as never),
  },
  activityService as unknown as ServiceDefinition<never, unknown, unknown>,
  {
    name: 'carriers',
    migrations: carriersMigrations,
    build: (runtime) => buildCarriers(runtime as never),
  },
  {
    name: 'attachments',
    migrations: attachmentsMigrations,
    // The document only: no workers, and the data folder is never written.
    build: (runtime) =>
      buildAttachments(runtime as never, {
        config: { ...loadAttachmentsConfig({ NODE_ENV: 'contracts' }), dataDir: '/nonexistent/contracts' },
        workers: false,
      }),
  },
  trackingService as unknown as ServiceDefinition<never, unknown, unknown>,
  accountingService as unknown as ServiceDefinition<never, unknown, unknown>,
];

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

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
