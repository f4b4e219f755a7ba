// Events the platform's tests send: a customer user of a broker, as the directory announces one; and a relay
// of a test runtime that only a released outbox write wakes.
import type { UserChangedV1 } from '@loadline/contracts/events';
import { OutboxRelay, type PlatformTables } from '../src/index.ts';
import type { TestRuntime } from '../src/testing/index.ts';

export const userChanged = (overrides: Partial<UserChangedV1> = {}): UserChangedV1 => ({
  userId: 'usr_1',
  version: 1,
  organizationId: 'org_1',
  organizationType: 70,
  brokerId: 'org_b',
  kind: 'customer',
  email: 'a@b.test',
  firstName: 'Ann',
  lastName: 'Lee',
  permissions: 0,
  customerSettings: 0,
  active: true,
  ...overrides,
});

/** A relay whose poll (60 s) is longer than any test waits: only a released write can wake it. */
export const relayThatNeverPolls = (t: TestRuntime<PlatformTables>, options: { lingerMs?: number } = {}) =>
  new OutboxRelay({
    db: t.runtime.db,
    pool: t.runtime.database.pool,
    js: t.runtime.js,
    namespace: t.runtime.config.eventNamespace,
    logger: t.runtime.logger,
    pollIntervalMs: 60_000,
    ...options,
  });
