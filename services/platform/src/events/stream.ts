// The one JetStream stream that carries every `tms.>` subject.
import { type JetStreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { streamName, wireSubject } from './envelope.ts';

/** Duplicate window: a relay retry within it is dropped by the server (Nats-Msg-Id). */
export const duplicateWindowMs = 10 * 60 * 1000;

export async function ensureStream(jsm: JetStreamManager, namespace: string): Promise<string> {
  const name = streamName(namespace);
  const config = {
    name,
    subjects: [wireSubject(namespace, 'tms.>')],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    duplicate_window: nanos(duplicateWindowMs),
    max_age: nanos(30 * 24 * 3600 * 1000),
  };
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (error) {
      // Another service created it between our look and our add.
      if (!/already in use|exists/i.test(String(error))) throw error;
    }
  }
  return name;
}
