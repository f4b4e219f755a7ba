// The status engine, given / when / then: the 000 §4 table row by row, the manual list, cancel,
// reinstate, lost quote, the international set, and every transition we decided (README.md).
import {
  CANCEL_STATUS_CHOICE,
  ShipmentStatus,
  type ShipmentStatusCode,
  type ShipmentStatusValue,
} from '@loadline/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import {
  allowedTargets,
  canCancel,
  commandFromChoice,
  type Decision,
  decide,
  fold,
  manualChoices,
  type StatusState,
  suggestions,
} from '../../src/domain/status-engine.ts';

const S = ShipmentStatus.values;
const code = (value: number | null) => (value === null ? null : ShipmentStatus.codeOf(value));
const codes = (values: readonly number[]) => values.map((v) => ShipmentStatus.codeOf(v));

const given = (status: number, international = false): StatusState => ({ status, international });
const when = (state: StatusState, choice: number, flags: Parameters<typeof commandFromChoice>[1] = {}) =>
  decide(state, commandFromChoice(choice, flags));
const thenStatus = (state: StatusState, decision: Decision) => {
  if (!decision.ok) throw new Error(`refused: ${decision.message}`);
  return fold(state, decision.events).status;
};

// 000 §4, "Suggested next statuses", by current active leg status: previous / next / other.
const table: [ShipmentStatusCode | 'unknown', string | null, string | null, string | null][] = [
  ['Quote', null, 'Committed', 'Ready'],
  ['Committed', 'Quote', 'Ready', 'Dispatched'],
  ['Ready', 'Committed', 'Dispatched', 'Sent'],
  ['Sent', 'Ready', 'Dispatched', 'InTransit'],
  ['Dispatched', 'Committed', 'InTransit', 'OutForDelivery'],
  ['InTransit', 'Dispatched', 'Delivered', 'OutForDelivery'],
  ['OutForDelivery', 'InTransit', 'Delivered', null],
  ['Delivered', 'OutForDelivery', null, null],
  ['Complete', 'Committed', 'InTransit', 'Delivered'],
  ['Canceled', 'Committed', 'Delivered', 'Ready'],
  ['unknown', 'Committed', 'Delivered', 'Ready'],
];
const statusOf = (c: ShipmentStatusCode | 'unknown') => (c === 'unknown' ? 999 : S[c]);

describe('the 000 §4 suggestion table', () => {
  for (const [current, previous, next, other] of table) {
    it(`${current}: previous ${previous}, next ${next}, other ${other}`, () => {
      const row = suggestions(statusOf(current), false);
      expect([code(row.previous), code(row.next), code(row.other)]).toEqual([previous, next, other]);
    });

    it(`${current}: every suggestion is an allowed move`, () => {
      const state = given(statusOf(current));
      for (const target of [previous, next, other]) {
        if (target === null) continue;
        const decision = when(state, S[target as ShipmentStatusCode]);
        expect(decision.ok, `${current} → ${target}`).toBe(true);
        expect(code(thenStatus(state, decision))).toBe(target);
      }
    });
  }

  it('drops Ready and Sent from an international shipment’s suggestions', () => {
    expect(suggestions(S.Quote, true)).toEqual({ previous: null, next: S.Committed, other: null });
    expect(suggestions(S.Committed, true)).toEqual({ previous: S.Quote, next: null, other: S.Dispatched });
    expect(suggestions(S.Canceled, true)).toEqual({ previous: S.Committed, next: S.Delivered, other: null });
  });
});

describe('the manual list (000 §4)', () => {
  it('offers every domestic status except Canceled and Complete', () => {
    expect(codes(manualChoices(false))).toEqual([
      'Quote',
      'Committed',
      'Ready',
      'Sent',
      'Dispatched',
      'InTransit',
      'OutForDelivery',
      'Delivered',
    ]);
  });

  it('offers no Ready or Sent for an international shipment', () => {
    expect(codes(manualChoices(true))).toEqual([
      'Quote',
      'Committed',
      'Dispatched',
      'InTransit',
      'OutForDelivery',
      'Delivered',
    ]);
  });
});

// Our decision (README.md, "Status transitions"): from each status, the statuses a status
// update may move to. Everything else in the manual list is refused with a 400.
const decided: Record<ShipmentStatusCode, ShipmentStatusCode[]> = {
  Quote: ['Committed', 'Ready', 'Sent', 'Dispatched', 'InTransit', 'OutForDelivery', 'Delivered'],
  Committed: ['Quote', 'Ready', 'Sent', 'Dispatched', 'InTransit', 'OutForDelivery', 'Delivered'],
  Ready: ['Quote', 'Committed', 'Sent', 'Dispatched', 'InTransit', 'OutForDelivery', 'Delivered'],
  Sent: ['Quote', 'Committed', 'Ready', 'Dispatched', 'InTransit', 'OutForDelivery', 'Delivered'],
  Dispatched: ['Committed', 'Ready', 'Sent', 'InTransit', 'OutForDelivery', 'Delivered'],
  InTransit: ['Dispatched', 'OutForDelivery', 'Delivered'],
  OutForDelivery: ['InTransit', 'Delivered'],
  Delivered: ['InTransit', 'OutForDelivery'],
  Complete: ['Committed', 'InTransit', 'Delivered'],
  Canceled: ['Quote', 'Committed', 'Ready', 'Delivered'],
};

describe('transitions beyond the suggestions (our rules)', () => {
  for (const [from, targets] of Object.entries(decided) as [ShipmentStatusCode, ShipmentStatusCode[]][]) {
    it(`from ${from}: allows exactly ${targets.join(', ')}`, () => {
      expect(codes(allowedTargets(S[from], false))).toEqual(targets);
      for (const to of ShipmentStatus.codes) {
        if (to === from || to === 'Canceled') continue;
        const decision = when(given(S[from]), S[to]);
        expect(decision.ok, `${from} → ${to}`).toBe(targets.includes(to));
        if (!decision.ok) {
          expect(decision.field).toBe('status');
          expect(decision.message).toMatch(/\.$/);
        }
      }
    });
  }

  it('explains a refusal with the statuses that are allowed', () => {
    const decision = when(given(S.InTransit), S.Quote);
    expect(decision).toEqual({
      ok: false,
      field: 'status',
      message:
        'A shipment cannot move from In Transit to Quote. Allowed from In Transit: Dispatched, Out for Delivery, Delivered. Once In Transit, a shipment goes back no further than Dispatched.',
    });
    const requote = when(given(S.Dispatched), S.Quote);
    expect(!requote.ok && requote.message).toMatch(/canceled, not re-quoted/);
  });

  it('never sets Complete by a status update', () => {
    const decision = when(given(S.Delivered), S.Complete);
    expect(decision).toEqual({
      ok: false,
      field: 'status',
      message: 'Complete is set when the shipment is invoiced, not by a status update.',
    });
  });

  it('treats the same status as no change', () => {
    expect(when(given(S.Dispatched), S.Dispatched)).toEqual({ ok: true, events: [] });
    expect(when(given(S.Complete), S.Complete)).toEqual({ ok: true, events: [] });
  });

  it('refuses a number that is not a status', () => {
    expect(when(given(S.Quote), 7)).toMatchObject({ ok: false, message: '7 is not a shipment status.' });
  });

  it('repairs an unknown status with any manual choice', () => {
    expect(codes(allowedTargets(999, false))).toEqual(codes(manualChoices(false)));
  });
});

describe('the international set (002 §3.1)', () => {
  it('refuses Ready and Sent', () => {
    for (const to of [S.Ready, S.Sent]) {
      const decision = when(given(S.Committed, true), to);
      expect(decision).toMatchObject({ ok: false, field: 'status' });
      expect(!decision.ok && decision.message).toMatch(/is not a status of an international shipment\.$/);
    }
  });

  it('keeps the other moves', () => {
    expect(codes(allowedTargets(S.Committed, true))).toEqual([
      'Quote',
      'Dispatched',
      'InTransit',
      'OutForDelivery',
      'Delivered',
    ]);
  });
});

describe('cancel: the choice -1 (000 §4)', () => {
  it('cancels and requests the lost-quote alert from Quote, Committed and Ready', () => {
    for (const from of [S.Quote, S.Committed, S.Ready]) {
      const state = given(from);
      const decision = when(state, CANCEL_STATUS_CHOICE, { addSystemAlertLostQuote: true });
      expect(decision).toEqual({
        ok: true,
        events: [{ type: 'ShipmentCanceled', from, lostQuoteAlertRequested: true }],
      });
      expect(thenStatus(state, decision)).toBe(S.Canceled);
    }
  });

  it('cancels a Sent or Dispatched load without a lost-quote alert (lost quote only from Quote, Committed, Ready)', () => {
    for (const from of [S.Sent, S.Dispatched]) {
      expect(when(given(from), CANCEL_STATUS_CHOICE, { addSystemAlertLostQuote: true })).toEqual({
        ok: true,
        events: [{ type: 'ShipmentCanceled', from, lostQuoteAlertRequested: false }],
      });
    }
  });

  it('does not raise the alert when it was not asked for', () => {
    expect(when(given(S.Quote), CANCEL_STATUS_CHOICE)).toEqual({
      ok: true,
      events: [{ type: 'ShipmentCanceled', from: S.Quote, lostQuoteAlertRequested: false }],
    });
  });

  it('takes Canceled itself as a cancel', () => {
    expect(commandFromChoice(S.Canceled)).toMatchObject({ type: 'Cancel' });
  });

  it('refuses picked-up freight, past-delivered shipments and a second cancel', () => {
    expect(when(given(S.InTransit), CANCEL_STATUS_CHOICE)).toEqual({
      ok: false,
      field: 'status',
      message:
        'A shipment In Transit cannot be canceled: its freight has been picked up. If it was not, move it back to Dispatched first.',
    });
    expect(when(given(S.OutForDelivery), CANCEL_STATUS_CHOICE).ok).toBe(false);
    expect(when(given(S.Delivered), CANCEL_STATUS_CHOICE)).toMatchObject({
      ok: false,
      message: 'A Delivered shipment cannot be canceled.',
    });
    expect(when(given(S.Complete), CANCEL_STATUS_CHOICE).ok).toBe(false);
    expect(when(given(S.Canceled), CANCEL_STATUS_CHOICE)).toMatchObject({
      ok: false,
      message: 'The shipment is already canceled.',
    });
  });

  it('lists the cancelable statuses', () => {
    expect(ShipmentStatus.valueList.filter(canCancel).map((v) => ShipmentStatus.codeOf(v))).toEqual([
      'Quote',
      'Committed',
      'Ready',
      'Sent',
      'Dispatched',
    ]);
  });

  it('refuses the lost-quote alert without a cancel', () => {
    expect(when(given(S.Quote), S.Committed, { addSystemAlertLostQuote: true })).toEqual({
      ok: false,
      field: 'addSystemAlertLostQuote',
      message: 'A lost-quote alert is raised only when canceling a shipment (choose Cancel).',
    });
  });
});

describe('reinstate: Canceled back to Quote (000 §4)', () => {
  it('reinstates to Quote with reinstateShipment', () => {
    const state = given(S.Canceled);
    const decision = when(state, S.Quote, { reinstateShipment: true });
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'ShipmentReinstated', from: S.Canceled, to: S.Quote }],
    });
    expect(thenStatus(state, decision)).toBe(S.Quote);
  });

  it('reinstates to the table’s suggestions for Canceled', () => {
    for (const to of [S.Committed, S.Ready, S.Delivered] as ShipmentStatusValue[]) {
      expect(when(given(S.Canceled), to)).toEqual({
        ok: true,
        events: [{ type: 'ShipmentReinstated', from: S.Canceled, to }],
      });
    }
  });

  it('refuses other moves out of Canceled, naming the allowed ones', () => {
    expect(when(given(S.Canceled), S.Dispatched)).toEqual({
      ok: false,
      field: 'status',
      message:
        'A canceled shipment can only be reinstated to Quote, Committed, Ready, Delivered; it cannot go to Dispatched.',
    });
  });

  it('refuses reinstateShipment on a shipment that is not canceled', () => {
    expect(when(given(S.Committed), S.Quote, { reinstateShipment: true })).toEqual({
      ok: false,
      field: 'reinstateShipment',
      message: 'Only a canceled shipment can be reinstated.',
    });
  });
});
