// The one JetStream stream that carries every `tms.>` subject.
import { type JetStreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { streamName, wireSubject } from './envelope.ts';

/** Duplicate window: a relay retry within it is dropped by the server (Nats-Msg-Id). */
export const duplicateWindowMs = 10 * 60 * 1000;

/**
 * Creates the stream, or brings an existing one to the configured number of replicas (NATS_STREAM_REPLICAS:
 * JetStream moves a stream between 1 and 3 replicas in place). A cluster smaller than the replicas asked
 * for refuses, and the service does not start: better than believing events are kept three times.
 */
export async function ensureStream(jsm: JetStreamManager, namespace: string, replicas = 1): Promise<string> {
  const name = streamName(namespace);
  const config = {
    name,
    num_replicas: replicas,
    subjects: [wireSubject(namespace, 'tms.>')],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    duplicate_window: nanos(duplicateWindowMs),
    max_age: nanos(30 * 24 * 3600 * 1000),
  };
  const existing = await jsm.streams.info(name).catch(() => null);
  if (existing) {
    if (existing.config.num_replicas !== replicas)
      await jsm.streams.update(name, { ...existing.config, num_replicas: replicas });
  } else {
    try {
      await jsm.streams.add(config);
    } catch (error) {
      // Another service created it between our look and our add.
      if (!/already in use|exists/i.test(String(error))) throw error;
    }
  }
  // A single server accepts an update to three replicas and keeps one copy: count the copies it keeps.
  const info = await jsm.streams.info(name);
  const copies = info.cluster ? 1 + (info.cluster.replicas?.length ?? 0) : 1;
  if (copies < replicas) {
    // leave the stream as it was, so a later start with the right setting finds nothing changed
    if (existing)
      await jsm.streams.update(name, { ...info.config, num_replicas: existing.config.num_replicas });
    throw new Error(
      `the stream ${name} is kept ${copies} time(s) where NATS_STREAM_REPLICAS asks for ${replicas}: is NATS a cluster of ${replicas} nodes?`,
    );
  }
  return name;
}
