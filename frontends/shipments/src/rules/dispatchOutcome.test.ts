import { ShipmentStatus } from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import { dispatchOutcome } from './dispatchOutcome.ts';

const S = ShipmentStatus.values;
const answer = (over: Partial<Parameters<typeof dispatchOutcome>[0]> = {}) => ({
  status: S.Dispatched as number,
  shipmentDispatchTried: false,
  shipmentDispatched: false,
  shipmentDispatchErrors: [] as { errorMessage: string }[],
  ...over,
});

describe('dispatch outcome (000 §4, §8)', () => {
  it('dispatched', () => {
    expect(dispatchOutcome(answer({ shipmentDispatchTried: true, shipmentDispatched: true }))).toEqual({
      kind: 'success',
      text: 'Shipment has been dispatched. View activity log for details.',
    });
  });

  it("attempted but failed: 'Shipment dispatch failed.' and each error", () => {
    expect(
      dispatchOutcome(
        answer({
          shipmentDispatchTried: true,
          shipmentDispatchErrors: [{ errorMessage: 'Carrier API down.' }, { errorMessage: 'Retry later.' }],
        }),
      ),
    ).toEqual({ kind: 'error', text: 'Shipment dispatch failed. Carrier API down. Retry later.' });
  });

  it('attempted, failed, no errors: the activity-log variant', () => {
    expect(dispatchOutcome(answer({ shipmentDispatchTried: true }))).toEqual({
      kind: 'error',
      text: 'Shipment dispatch failed. View activity log for details.',
    });
  });

  it('not attempted: a warning', () => {
    expect(dispatchOutcome(answer())).toEqual({
      kind: 'warning',
      text: 'Electronic dispatch is not available for this shipment.',
    });
  });

  it('only after Dispatched, Ready or Sent', () => {
    for (const status of [S.Dispatched, S.Ready, S.Sent])
      expect(dispatchOutcome(answer({ status }))).not.toBeNull();
    for (const status of [S.Quote, S.Committed, S.InTransit, S.Delivered, S.Canceled]) {
      expect(dispatchOutcome(answer({ status, shipmentDispatched: true }))).toBeNull();
    }
  });
});
