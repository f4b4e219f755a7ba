// The local stand-in for what sits in front of several gateway replicas in a deployment (a Kubernetes
// Service, a load balancer): one port that hands each incoming TCP connection to the next gateway replica in
// turn. It balances connections, not requests, as a Kubernetes Service (kube-proxy) does: a browser's
// keep-alive connections and its live WebSocket each land on a replica of their own, so a page commonly talks
// to one gateway and receives its live events from the other. It reads nothing of what passes, so a
// WebSocket upgrade, a streamed upload and HTTP/1.1 keep-alive pass as they are.
//
// A replica that refuses the connection (it is gone) is left out for 5 s and the connection is handed to
// the next one: nothing was sent yet, so nothing is lost or sent twice. A connection already handed to a
// replica that dies is cut, as the requests in flight on it are at any balancer.
import { connect, createServer, type Socket } from 'node:net';

export interface Ingress {
  /** the port it listens on (127.0.0.1) */
  port: number;
  /** connections handed to each backend, in the order given */
  handed: number[];
  close(): Promise<void>;
}

/** How long a backend that refused a connection is left out. */
export const leftOutMs = 5_000;

export async function startIngress(options: { port: number; backends: readonly number[] }): Promise<Ingress> {
  const { backends } = options;
  const handed = backends.map(() => 0);
  const downUntil = backends.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;

  /** The backends in the order to try for this connection: those not left out first, from the next in turn. */
  const order = (): number[] => {
    const start = next;
    next = (next + 1) % backends.length;
    const all = backends.map((_, i) => (start + i) % backends.length);
    const now = Date.now();
    return [...all.filter((i) => downUntil[i]! <= now), ...all.filter((i) => downUntil[i]! > now)];
  };

  const server = createServer({ allowHalfOpen: true, pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    // A client that goes away before a backend answered: nothing to hand on.
    client.on('error', () => client.destroy());
    const tries = order();
    const attempt = () => {
      const i = tries.shift();
      if (i === undefined || client.destroyed) {
        client.destroy();
        return;
      }
      const upstream = connect({ host: '127.0.0.1', port: backends[i]!, allowHalfOpen: true });
      const refused = (error: NodeJS.ErrnoException) => {
        // Nothing reached this backend: the connection goes to the next one.
        if (error.code === 'ECONNREFUSED') downUntil[i] = Date.now() + leftOutMs;
        attempt();
      };
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        downUntil[i] = 0;
        handed[i]!++;
        open.add(upstream);
        upstream.once('close', () => open.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        // A side that is cut cuts the other; one that ends ends the other once its data is through (pipe).
        upstream.once('close', (hadError) => {
          if (hadError) client.destroy();
        });
        client.once('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: options.port,
    handed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
