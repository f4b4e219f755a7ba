// Adding a service edits its own folder and the list of documented services, nothing in the gateway (issue
// 15): the gateway routes by the prefixes each definition declares (contracts/services, generated), so
// - every documented route of a service must reach that very service through the gateway, and
// - the manifest the launcher and the deployment files read (tilt.yaml) must name the same services on the
//   same ports (infra/deploy-test then holds docker-compose.yml, the images and the Kubernetes files to it).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { services } from '@loadline/contracts/services';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../../../services/gateway/src/domain/routing.ts';
import { readManifest, root } from '../manifest.ts';
import { readOperations } from '../openapi-operations.ts';

describe('the gateway routes what the service definitions declare', () => {
  it('every documented route of a service is forwarded to that service', () => {
    const misrouted = readOperations()
      .filter((op) => op.service !== 'gateway')
      .map((op) => {
        const concrete = op.path.replace(/\{[^}]+\}/g, '1');
        return { route: `${op.method} ${op.path}`, service: op.service, routedTo: ownerOf(concrete) ?? null };
      })
      .filter((r) => r.routedTo !== r.service);
    expect(misrouted).toEqual([]);
  });

  it('no two services claim the same path prefix', () => {
    const claimed = services.flatMap((s) => s.paths.map((p) => p.toLowerCase()));
    expect(claimed.filter((p, i) => claimed.indexOf(p) !== i)).toEqual([]);
  });

  it('tilt.yaml names every declared service on its declared port, and no other', () => {
    const manifest = readManifest().services.map((s) => ({ name: s.name, port: s.port }));
    const declared = services.map((s) => ({ name: s.name, port: s.port }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(manifest.sort(byName)).toEqual(declared.sort(byName));
  });

  it('every service folder with a service.ts is among the documented services (a forgotten one would pass the rest)', () => {
    const folders = readdirSync(join(root, 'services')).filter(
      (name) => name !== 'platform' && existsSync(join(root, 'services', name, 'src', 'service.ts')),
    );
    const documented = [...services.map((s) => s.name), 'gateway'];
    expect(folders.filter((name) => !documented.includes(name))).toEqual([]);
  });
});
