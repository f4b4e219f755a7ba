import { describe, expect, it } from 'vitest';
import {
  CANCEL_STATUS_CHOICE,
  CreditHoldAlternativeStatuses,
  canMarkLostQuote,
  DomesticShipmentStatuses,
  InternationalShipmentStatuses,
  isPastDelivered,
  isStepColoured,
  legAuditShown,
  ManualStatusChoices,
  ShipmentStatus,
  type ShipmentStatusCode,
  type ShipmentStatusValue,
  showsDispatchOutcome,
  statusBarStep,
  statusColour,
  suggestedNextStatuses,
} from '../shipment-status.ts';

// Spec 000 §4 / 002 §3.1: Quote 5, Committed 10, Ready 210, Sent 220, Dispatched 300, In Transit 410,
// Out for Delivery 420, Delivered 1000, Complete 1030, Canceled 1100.
const spec: [string, number, string][] = [
  ['Quote', 5, 'Quote'],
  ['Committed', 10, 'Committed'],
  ['Ready', 210, 'Ready'],
  ['Sent', 220, 'Sent'],
  ['Dispatched', 300, 'Dispatched'],
  ['InTransit', 410, 'In Transit'],
  ['OutForDelivery', 420, 'Out for Delivery'],
  ['Delivered', 1000, 'Delivered'],
  ['Complete', 1030, 'Complete'],
  ['Canceled', 1100, 'Canceled'],
];

describe('ShipmentStatus', () => {
  it('matches the spec table', () => {
    expect(ShipmentStatus.entries.map((e) => [e.code, e.value, e.name])).toEqual(spec);
    expect(ShipmentStatus.byCode.InTransit.value).toBe(410);
    expect(ShipmentStatus.values.OutForDelivery).toBe(420);
  });

  it('derives literal union types from the table', () => {
    const ok: ShipmentStatusValue = 1030;
    // @ts-expect-error 1031 is not a shipment status
    const bad: ShipmentStatusValue = 1031;
    const code: ShipmentStatusCode = 'OutForDelivery';
    const inTransit: 410 = ShipmentStatus.byCode.InTransit.value;
    expect([ok, bad, code, inTransit]).toEqual([1030, 1031, 'OutForDelivery', 410]);
  });

  it('has the domestic and international sets', () => {
    expect(DomesticShipmentStatuses).toEqual([5, 10, 210, 220, 300, 410, 420, 1000, 1030, 1100]);
    expect(InternationalShipmentStatuses).toEqual([5, 10, 300, 410, 420, 1000, 1030, 1100]);
  });

  it('counts 1000 or more as past delivered', () => {
    expect(isPastDelivered(420)).toBe(false);
    expect(isPastDelivered(999)).toBe(false);
    expect(isPastDelivered(1000)).toBe(true);
    expect(isPastDelivered(1030)).toBe(true);
    expect(isPastDelivered(1100)).toBe(true);
  });

  it('offers the manual list without Canceled and Complete, and -1 for cancel', () => {
    expect(ManualStatusChoices).toEqual([5, 10, 210, 220, 300, 410, 420, 1000]);
    expect(CANCEL_STATUS_CHOICE).toBe(-1);
  });

  it('allows lost quote only for Quote, Committed or Ready', () => {
    expect([5, 10, 210, 220, 300, 1100].map(canMarkLostQuote)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(CreditHoldAlternativeStatuses).toEqual([10, 5]);
  });

  it('shows a dispatch outcome for Dispatched, Ready and Sent', () => {
    expect([300, 210, 220, 10, 410].map(showsDispatchOutcome)).toEqual([true, true, true, false, false]);
  });
});

describe('suggested next statuses (000 §4)', () => {
  it('follows the table', () => {
    const table: [number, number | null, number | null, number | null][] = [
      [5, null, 10, 210],
      [10, 5, 210, 300],
      [210, 10, 300, 220],
      [220, 210, 300, 410],
      [300, 10, 410, 420],
      [410, 300, 1000, 420],
      [420, 410, 1000, null],
      [1000, 420, null, null],
      [1030, 10, 410, 1000],
      [1100, 10, 1000, 210],
      [12345, 10, 1000, 210],
    ];
    for (const [current, previous, next, other] of table) {
      expect(suggestedNextStatuses(current)).toEqual({ previous, next, other });
    }
  });
});

describe('status colours', () => {
  it('matches 000 §4 / 001 §4', () => {
    expect(
      [5, 10, 210, 220, 300, 410, 420, 1000, 1030, 1100, 0, 999, -1].map((s) => statusColour(s)),
    ).toEqual([
      'lightGreen',
      'green',
      'green',
      'green',
      'amber',
      'blue',
      'blue',
      'brightBlue',
      'brightBlue',
      'red',
      'grey',
      'grey',
      'grey',
    ]);
  });
});

describe('status bar steps', () => {
  it('matches 000 §4 / 001 §4', () => {
    expect(statusBarStep(5)).toEqual({ step: 1, canceled: false });
    for (const s of [10, 210, 220]) expect(statusBarStep(s)).toEqual({ step: 2, canceled: false });
    expect(statusBarStep(300)).toEqual({ step: 3, canceled: false });
    for (const s of [410, 420, 0, 777]) expect(statusBarStep(s)).toEqual({ step: 4, canceled: false });
    for (const s of [1000, 1030]) expect(statusBarStep(s)).toEqual({ step: 5, canceled: false });
    expect(statusBarStep(1100)).toEqual({ step: 5, canceled: true });
  });

  it('colours steps at or below the current one', () => {
    expect([1, 2, 3, 4, 5].map((step) => isStepColoured(step, 3))).toEqual([true, true, true, false, false]);
    expect(isStepColoured(5, 5)).toBe(true);
  });
});

describe('leg audit visibility (000 §4)', () => {
  it('shows the pickup audit on linehaul legs from In Transit, the delivery audit from Delivered', () => {
    const linehaul = 1;
    const shown = (status: number, transitType = linehaul) => [
      legAuditShown('Pickup', { transitType, status }),
      legAuditShown('Delivery', { transitType, status }),
    ];
    expect(shown(300)).toEqual([false, false]);
    expect(shown(410)).toEqual([true, false]);
    expect(shown(420)).toEqual([true, false]);
    expect(shown(1000)).toEqual([true, true]);
    expect(shown(1030)).toEqual([true, true]);
    expect(shown(1100)).toEqual([false, false]);
    expect(shown(1000, 0)).toEqual([false, false]);
    expect(shown(1000, 2)).toEqual([false, false]);
  });
});
