import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { services as serviceList } from '@loadline/contracts/services';
import { loadConfig, runLegacyService } from '@loadline/platform';
import { parse } from 'yaml';
import { buildGateway, defaultPort, migrations, seedDemoData, serviceName } from './app.ts';

const root = new URL('../../..', import.meta.url).pathname;
const manifest = parse(readFileSync(join(root, 'tilt.yaml'), 'utf8')) as {
  shells: { name: string; path: string; mount: string }[];
  remotes: { name: string; path: string; mount: string }[];
};
const env = process.env;
const config = loadConfig(serviceName, defaultPort);
const privateKey = env.IDENTITY_PRIVATE_KEY;
if (!privateKey) throw new Error('IDENTITY_PRIVATE_KEY must be set (the launcher in infra/dev makes one)');

// Each service's address: <NAME>_URL, else the local port its definition declares (contracts/services).
const services = Object.fromEntries(
  serviceList.map((s) => [s.name, env[`${s.name.toUpperCase()}_URL`] ?? `http://127.0.0.1:${s.port}`]),
);
// Remotes may be deployed elsewhere: REMOTE_<NAME>_URL points at that environment's mf-manifest.json.
const remoteUrls = Object.fromEntries(
  manifest.remotes.flatMap((r) => {
    const url = env[`REMOTE_${r.name.toUpperCase().replace(/-/g, '_')}_URL`];
    return url ? [[r.name, url]] : [];
  }),
);

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

await runLegacyService({
  config,
  migrations,
  build: (runtime) =>
    buildGateway(runtime, {
      identityPrivateKey: privateKey,
      services,
      secureCookies: config.production,
      // TRUST_PROXY: the proxies (addresses or CIDRs) in front of the gateway, comma-separated.
      trustProxy: list(env.TRUST_PROXY),
      // METRICS_ALLOW: who may scrape /metrics at the public origin (addresses or CIDRs, comma-separated).
      metricsAllow: env.METRICS_ALLOW ? list(env.METRICS_ALLOW) : undefined,
      shells: {
        shells: Object.fromEntries(manifest.shells.map((s) => [s.mount, join(root, s.path, 'dist')])),
        remotes: Object.fromEntries(manifest.remotes.map((r) => [r.name, join(root, r.path, 'dist')])),
        remoteUrls,
        ssoHosts: (env.SSO_HOSTS ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
        ssoLoginUrl: env.SSO_LOGIN_URL,
        environment: env.LOADLINE_ENVIRONMENT ?? (config.production ? 'production' : 'development'),
        // MAP_TILE_URL: a tile server for the maps (issue 4); none by default (bundled geometry only).
        ...(env.MAP_TILE_URL ? { mapTileUrl: env.MAP_TILE_URL } : {}),
      },
    }),
  seed: seedDemoData,
});
