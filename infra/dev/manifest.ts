// tilt.yaml: the one manifest of services, shells and remotes, read by the launcher,
// the Tiltfile, the deployment files' test and the gateway.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const root = new URL('../..', import.meta.url).pathname;

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
