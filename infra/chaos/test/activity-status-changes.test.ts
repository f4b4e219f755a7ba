// The fault test of infra/chaos/activity-status-changes.ts, small enough for `npm test`: a few hundred
// status updates through the gateway while the activity service is SIGKILLed once and its own NATS once;
// every status change must end as exactly one Status Change activity.
import { describe, expect, it } from 'vitest';
import { formatCounts, runActivityChaos } from '../activity-status-changes.ts';

describe('activity under faults', () => {
  it('turns every status change into exactly one Status Change activity across a SIGKILL of the activity service and of NATS', async () => {
    const counts = await runActivityChaos({
      updates: 300,
      activityKills: 1,
      natsKills: 1,
      concurrency: 8,
      // +3000: below Linux's ephemeral range (32768–60999), where an outgoing connection of another
      // test may already hold a port (it did once: 39102 at +31000).
      portOffset: Number(process.env.CHAOS_PORT_OFFSET ?? 3_000),
      settleTimeoutMs: 60_000,
      log: () => undefined,
    });
    console.log(formatCounts(counts));
    expect(counts.activityKills).toBe(1);
    expect(counts.natsKills).toBe(1);
    expect(counts.accepted).toBeGreaterThan(0);
    expect(counts.statusChanges).toBeGreaterThanOrEqual(counts.accepted);
    expect(counts.lost).toBe(0);
    expect(counts.doubled).toBe(0);
    expect(counts.statusChangeEntries).toBe(counts.statusChanges);
    // No handled marks to count (decision 0048): the entry's unique key on its event's id is the mark.
  }, 180_000);
});
