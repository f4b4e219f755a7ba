// The one stream's replicas come from configuration (NATS_STREAM_REPLICAS): checked against the real NATS,
// which here is a single server — so 3 replicas must be refused rather than silently kept once.
import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, natsServers, streamReplicasOf } from '../src/config.ts';
import { streamName } from '../src/events/envelope.ts';
import { ensureStream } from '../src/events/stream.ts';

describe('NATS_STREAM_REPLICAS', () => {
  it('is 1 unless set, and a whole number from 1 to 5', () => {
    expect(loadConfig('x', 0, {}).streamReplicas).toBe(1);
    expect(loadConfig('x', 0, { NATS_STREAM_REPLICAS: '3' }).streamReplicas).toBe(3);
    expect(streamReplicasOf('')).toBe(1);
    for (const bad of ['0', '6', '2.5', 'three', '-1'])
      expect(() => streamReplicasOf(bad), bad).toThrow(
        /NATS_STREAM_REPLICAS must be a whole number from 1 to 5/,
      );
  });
});

describe('NATS_URL', () => {
  it('names one server or every node of a cluster, comma-separated', () => {
    expect(natsServers('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
    expect(natsServers('nats://nats-1:4222, nats://nats-2:4222,nats://nats-3:4222')).toEqual([
      'nats://nats-1:4222',
      'nats://nats-2:4222',
      'nats://nats-3:4222',
    ]);
  });
});

describe('ensureStream on a single NATS server', () => {
  let nc: NatsConnection;
  const namespace = `t_replicas_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  });
  afterAll(async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(streamName(namespace)).catch(() => undefined);
    await nc.close();
  });

  it('creates the stream with one replica, and refuses three (a cluster smaller than asked)', async () => {
    const jsm = await jetstreamManager(nc);
    await expect(ensureStream(jsm, namespace, 3)).rejects.toThrow(/replica|cluster/i);
    await expect(jsm.streams.info(streamName(namespace))).rejects.toThrow();

    const name = await ensureStream(jsm, namespace, 1);
    expect((await jsm.streams.info(name)).config.num_replicas).toBe(1);
    // an existing stream is brought to the configured count: a single server still refuses three
    await expect(ensureStream(jsm, namespace, 3)).rejects.toThrow(/replica|cluster/i);
    expect((await jsm.streams.info(name)).config.num_replicas).toBe(1);
    await ensureStream(jsm, namespace, 1);
  });
});
