// Two replicas of a service behind the gateway, both real directory processes' apps over one schema: the
// gateway sends to both in turn; when one is gone, reads and writes go on from the other without a failure
// (the one refused is sent again to the other, its body read in full before it was forwarded).
import { directoryService } from '@loadline/directory/service';
import { generateIdentityKeys } from '@loadline/platform';
import { buildService, uniqueTestId } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayService } from '../../src/service.ts';

const keys = generateIdentityKeys();
const namespace = `t_${uniqueTestId('gwr')}`;
const schema = `t_${uniqueTestId('dirr')}`;
const startDirectory = () =>
  buildService(directoryService, {
    config: { eventNamespace: namespace, identityPublicKey: keys.publicKey, databaseSchema: schema },
  });
let replicas: Awaited<ReturnType<typeof startDirectory>>[] = [];
const seen = [0, 0];
let gateway: Awaited<ReturnType<typeof buildService<never, never, never>>> | undefined;
let url = '';

beforeAll(async () => {
  replicas = [await startDirectory(), await startDirectory()];
  const bases: string[] = [];
  for (const [i, replica] of replicas.entries()) {
    await replica.app.listen({ port: 0, host: '127.0.0.1' });
    // the calls forwarded, not the gateway's own readiness checks of each replica (every second)
    replica.app.server.on('request', (req: { url?: string }) => {
      if (req.url !== '/readyz') seen[i]!++;
    });
    bases.push(`http://127.0.0.1:${(replica.app.server.address() as { port: number }).port}`);
  }
  const built = await buildService(gatewayService, {
    config: { eventNamespace: namespace },
    settings: {
      identityPrivateKey: keys.privateKey,
      services: { directory: bases.join(',') },
      secureCookies: false,
      shells: {
        shells: {},
        remotes: {},
        remoteUrls: {},
        ssoHosts: [],
        ssoLoginUrl: undefined,
        environment: 'test',
      },
    },
  });
  gateway = built as never;
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  await gateway?.cleanup();
  for (const replica of replicas) await replica.cleanup().catch(() => undefined);
});

// No session: the directory itself answers 401, which proves the request reached a replica.
const read = () => fetch(`${url}/api/systemalerts`).then((r) => r.status);
const write = () =>
  fetch(`${url}/api/support/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).then((r) => r.status);

describe('a service with two replicas behind the gateway', () => {
  it('sends requests to both in turn', async () => {
    for (let i = 0; i < 10; i++) expect(await read()).toBe(401);
    expect(seen[0]).toBe(5);
    expect(seen[1]).toBe(5);
  });

  it('answers every write and every read when one replica is gone', async () => {
    await replicas[0]!.app.close();
    const before = seen[1]!;
    // the first write finds the replica gone (refused): it is sent to the other, not answered 502
    const writes = [];
    for (let i = 0; i < 4; i++) writes.push(await write());
    expect(writes).toEqual(Array(4).fill(401));
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push(await read());
    expect(statuses).toEqual(Array(10).fill(401));
    expect(seen[1]! - before).toBe(14);
    // the readiness of the gateway's services: ready while one replica is
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });
});
