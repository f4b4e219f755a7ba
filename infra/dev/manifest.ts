// tilt.yaml: the one manifest of services, shells and remotes, read by the launcher,
// the Tiltfile, the deployment files' test and the gateway.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const root = new URL('../..', import.meta.url).pathname;

/**
 * Node's compile cache for the processes the launcher and `npm test` start (NODE_COMPILE_CACHE unless set):
 * every system a test file starts loads the same bundles and packages (~17 systems a run, 8–17 processes each).
 * Measured on one system's start: about 8 % less of the services' CPU (decision 0112).
 */
export const compileCacheDir = join(root, '.data', 'node-compile-cache');

export interface Manifest {
  version: number;
  servers: Record<string, { port: number; monitor?: number }>;
  gateway: { name: string; port: number; path: string };
  services: { name: string; port: number; path: string; owns: string }[];
  shells: { name: string; path: string; mount: string }[];
  remotes: { name: string; path: string; mount: string }[];
}

export function readManifest(): Manifest {
  return parse(readFileSync(join(root, 'tilt.yaml'), 'utf8')) as Manifest;
}
