// tilt.yaml: the one manifest of services, shells and remotes, read by the launcher,
// the Tiltfile, the deployment files' test and the gateway.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const root = new URL('../..', import.meta.url).pathname;

/**
 * Node's compile cache for the processes the launcher and `npm test` start (NODE_COMPILE_CACHE unless set):
 * the same bundles and packages are loaded by every system a test file starts, and compiling them again each
 * time was about a quarter of a service's start (each ~2.5 s of CPU, 8–17 processes a system, ~17 systems a run).
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
