// The gateway's own settings, read once from the environment: the key it signs identities with, where each
// service is, the shells and remotes it serves, and what is in front of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { services as declaredServices } from '@loadline/contracts/services';
import type { Env } from '@loadline/platform';
import { parse } from 'yaml';
import type { ServiceName } from './domain/routing.ts';
import type { ShellsOptions } from './http/shells.ts';

export interface GatewaySettings {
  /** IDENTITY_PRIVATE_KEY: signs the identity forwarded to the services (they hold the public key) */
  identityPrivateKey: string;
  /** each service's base URL: <NAME>_URL (several replicas comma-separated), else its declared local port (contracts/services) */
  services: Partial<Record<ServiceName, string>>;
  /** session cookies only over HTTPS: in production */
  secureCookies: boolean;
  /** TRUST_PROXY: the proxies (addresses or CIDRs) in front of the gateway, comma-separated */
  trustProxy: string[];
  /** ALLOWED_ORIGINS: other origins whose pages may call the API (comma-separated), beside the gateway's own */
  allowedOrigins: string[];
  /** METRICS_ALLOW: who may scrape /metrics at the public origin (addresses or CIDRs); loopback by default */
  metricsAllow: string[];
  shells: ShellsOptions;
}

const root = new URL('../../..', import.meta.url).pathname;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

export function loadGatewaySettings(env: Env): GatewaySettings {
  const production = env.NODE_ENV === 'production';
  const identityPrivateKey = env.IDENTITY_PRIVATE_KEY ?? '';
  // Without the key no service would accept a forwarded identity: refuse to start, except where nothing is
  // forwarded (the contract, tests that give their own key).
  if (!identityPrivateKey && env.NODE_ENV !== 'test' && env.NODE_ENV !== 'contracts')
    throw new Error('IDENTITY_PRIVATE_KEY must be set (the launcher in infra/dev makes one)');
  // The shells and remotes it serves: tilt.yaml, the one manifest of them.
  const manifest = parse(readFileSync(join(root, 'tilt.yaml'), 'utf8')) as {
    shells: { name: string; path: string; mount: string }[];
    remotes: { name: string; path: string; mount: string }[];
  };
  return {
    identityPrivateKey,
    services: Object.fromEntries(
      declaredServices.map((s) => [
        s.name,
        env[`${s.name.toUpperCase()}_URL`] ?? `http://127.0.0.1:${s.port}`,
      ]),
    ),
    secureCookies: production,
    trustProxy: list(env.TRUST_PROXY),
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    metricsAllow: env.METRICS_ALLOW ? list(env.METRICS_ALLOW) : ['127.0.0.1', '::1'],
    shells: {
      shells: Object.fromEntries(manifest.shells.map((s) => [s.mount, join(root, s.path, 'dist')])),
      remotes: Object.fromEntries(manifest.remotes.map((r) => [r.name, join(root, r.path, 'dist')])),
      // Remotes may be deployed elsewhere: REMOTE_<NAME>_URL points at that environment's mf-manifest.json.
      remoteUrls: Object.fromEntries(
        manifest.remotes.flatMap((r) => {
          const url = env[`REMOTE_${r.name.toUpperCase().replace(/-/g, '_')}_URL`];
          return url ? [[r.name, url]] : [];
        }),
      ),
      ssoHosts: list(env.SSO_HOSTS).map((h) => h.toLowerCase()),
      ssoLoginUrl: env.SSO_LOGIN_URL,
      environment: env.LOADLINE_ENVIRONMENT ?? (production ? 'production' : 'development'),
      hsts: production,
      // MAP_TILE_URL: a tile server for the maps (issue 4); none by default (bundled geometry only).
      ...(env.MAP_TILE_URL ? { mapTileUrl: env.MAP_TILE_URL } : {}),
    },
  };
}
