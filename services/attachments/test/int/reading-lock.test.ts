// The reading lock of a mailbox (store/inbound-mail.ts) keeps two runs of one system from reading the same
// mailbox at once, and only those: PostgreSQL's advisory locks belong to the database, and another system in
// the same database (its own schemas, the same demo user ids: `npm start` beside the tests) must still read.
import { createTestRuntime, demoCallers, type TestRuntime } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileReading } from '../../src/store/inbound-mail.ts';
import { migrations } from '../../src/store/migrations.ts';
import type { AttachmentsTables } from '../../src/store/tables.ts';

const { ops, admin } = demoCallers;
let one: TestRuntime<AttachmentsTables>;
let other: TestRuntime<AttachmentsTables>;

beforeAll(async () => {
  one = await createTestRuntime<AttachmentsTables>({ service: 'attachments', migrations });
  other = await createTestRuntime<AttachmentsTables>({ service: 'attachments', migrations });
});

afterAll(async () => {
  await one?.cleanup();
  await other?.cleanup();
});

describe("a mailbox's reading lock", () => {
  it('turns away a second run of the same system only; another system in the database reads the same user', async () => {
    const read = async () => 'read';
    const whileHeld = await whileReading(one.runtime.db, ops.userId, async () => ({
      sameSystem: await whileReading(one.runtime.db, ops.userId, read),
      otherUser: await whileReading(one.runtime.db, admin.userId, read),
      otherSystem: await whileReading(other.runtime.db, ops.userId, read),
    }));
    expect(whileHeld).toEqual({ sameSystem: undefined, otherUser: 'read', otherSystem: 'read' });
    // released at the end of the run
    expect(await whileReading(one.runtime.db, ops.userId, read)).toBe('read');
  });
});
