import { describe, expect, it } from 'vitest';
import { liveChangeOf } from './liveEvents.ts';

describe('live events of the shipment group (000 §7)', () => {
  it('tells a location, an activity entry and a status change apart; ignores other shipments and shapes', () => {
    expect(liveChangeOf({ locationId: 1, shipmentId: 10017 }, 10017)).toBe('location');
    expect(liveChangeOf({ activityId: 2, shipmentId: 10017, activityType: 5, change: 'added' }, 10017)).toBe(
      'activity',
    );
    expect(liveChangeOf({ activityId: 3, shipmentId: 10017, activityType: 6, change: 'added' }, 10017)).toBe(
      'status',
    );
    expect(liveChangeOf({ activityId: 3, shipmentId: 10017, activityType: 6, change: 'pinned' }, 10017)).toBe(
      'activity',
    );
    expect(liveChangeOf({ locationId: 1, shipmentId: 10018 }, 10017)).toBeUndefined();
    expect(liveChangeOf({ organizationId: 'x' }, 10017)).toBeUndefined();
    expect(liveChangeOf(null, 10017)).toBeUndefined();
  });
});
