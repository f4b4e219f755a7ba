// The local ingress in front of several gateway replicas (infra/dev/ingress.ts): connections handed to the
// replicas in turn, a replica that is gone left out without a failed connection, an upgraded connection (the
// live hub's WebSocket) passed through both ways.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ingress, startIngress } from '../ingress.ts';

const backends: Server[] = [];
const ports: number[] = [];
let ingress: Ingress;

/** A backend that answers its own index, and echoes what an upgraded connection sends. */
function backend(index: number): Server {
  const server = createServer((_req, res) => res.end(String(index)));
  server.on('upgrade', (_req, socket: Socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
    socket.on('data', (chunk) => socket.write(`${index}:${chunk}`));
    socket.on('end', () => socket.end());
  });
  return server;
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );

/** One request on a connection of its own: which backend answered. */
const ask = async (): Promise<string> => {
  const answer = await fetch(`http://127.0.0.1:${ingress.port}/`, { headers: { connection: 'close' } });
  return answer.text();
};

beforeAll(async () => {
  for (const i of [0, 1]) {
    backends.push(backend(i));
    ports.push(await listen(backends[i]!));
  }
  // the ingress on a free port of its own
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  ingress = await startIngress({ port, backends: ports });
});

afterAll(async () => {
  await ingress?.close();
  for (const b of backends) {
    b.closeAllConnections();
    if (b.listening) await new Promise((r) => b.close(r));
  }
});

describe('the local ingress in front of the gateway replicas', () => {
  it('hands each connection to the next replica in turn', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(await ask());
    expect(answers.sort()).toEqual(['0', '0', '0', '1', '1', '1']);
    expect(ingress.handed).toEqual([3, 3]);
  });

  it('passes an upgraded connection through, both ways', async () => {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: ingress.port,
        headers: { connection: 'Upgrade', upgrade: 'echo' },
      });
      req.on('upgrade', (_res, s: Socket) => resolve(s));
      req.on('error', reject);
      req.end();
    });
    const echoed = new Promise<string>((resolve) => socket.once('data', (d) => resolve(String(d))));
    socket.write('ping');
    expect(await echoed).toMatch(/^[01]:ping$/);
    socket.destroy();
  });

  it('leaves out a replica that is gone: no connection fails, and it is taken back when it returns', async () => {
    backends[0]!.closeAllConnections();
    await new Promise((r) => backends[0]!.close(r));
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(await ask());
    expect(answers).toEqual(Array(6).fill('1'));
    // Back on its port: taken again once the 5 s it was left out for are over.
    backends[0] = backend(0);
    await listen(backends[0], ports[0]);
    await new Promise((r) => setTimeout(r, 5_100));
    const later: string[] = [];
    for (let i = 0; i < 4; i++) later.push(await ask());
    expect(later.sort()).toEqual(['0', '0', '1', '1']);
  }, 20_000);
});
