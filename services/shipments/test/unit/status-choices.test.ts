// The edit-status modal's choices as the service answers them (000 §4): the suggested previous / next /
// other statuses by the active leg's status, within the shipment's set, and the custom picker's list.
// These tests came from the screen (frontends/shipments), which no longer computes the choices: it shows
// suggestedStatuses and manualStatuses from GET /api/ShipmentUpdateStatus/shipmentdetails/{id}.
import { ShipmentStatus, ShipmentType } from '@loadline/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { isInternational } from '../../src/domain/shipment-rules.ts';
import { manualChoices, suggestions } from '../../src/domain/status-engine.ts';

const S = ShipmentStatus.values;
const LTL = ShipmentType.values.LTL;
const Ocean = ShipmentType.values.Ocean;
const suggestionsFor = (current: number, shipmentType: number) =>
  suggestions(current, isInternational(shipmentType));
const manualChoicesFor = (shipmentType: number) => manualChoices(isInternational(shipmentType));

describe('suggested statuses (000 §4 table)', () => {
  it.each([
    [S.Quote, null, S.Committed, S.Ready],
    [S.Committed, S.Quote, S.Ready, S.Dispatched],
    [S.Ready, S.Committed, S.Dispatched, S.Sent],
    [S.Sent, S.Ready, S.Dispatched, S.InTransit],
    [S.Dispatched, S.Committed, S.InTransit, S.OutForDelivery],
    [S.InTransit, S.Dispatched, S.Delivered, S.OutForDelivery],
    [S.OutForDelivery, S.InTransit, S.Delivered, null],
    [S.Delivered, S.OutForDelivery, null, null],
    [S.Complete, S.Committed, S.InTransit, S.Delivered],
    [S.Canceled, S.Committed, S.Delivered, S.Ready],
    [4242, S.Committed, S.Delivered, S.Ready],
  ])('from %i: previous %s, next %s, other %s', (current, previous, next, other) => {
    expect(suggestionsFor(current, LTL)).toEqual({ previous, next, other });
  });

  it('an international shipment is offered no Ready or Sent', () => {
    expect(suggestionsFor(S.Quote, Ocean)).toEqual({ previous: null, next: S.Committed, other: null });
    expect(manualChoicesFor(Ocean)).not.toContain(S.Ready);
  });

  it('the manual list: every domestic status but Canceled and Complete', () => {
    expect(manualChoicesFor(LTL).map((s) => ShipmentStatus.nameOf(s))).toEqual([
      'Quote',
      'Committed',
      'Ready',
      'Sent',
      'Dispatched',
      'In Transit',
      'Out for Delivery',
      'Delivered',
    ]);
  });
});
