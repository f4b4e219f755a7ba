// The status engine over the whole shipment, given / when / then with no server: the leg the update is
// about, cancel and reinstate fanned out to every leg once, the lost quote, dates and references set with
// the move, the credit hold refusing a move beyond Committed, and a refusal that changes nothing.
import { PaymentPreference, ShipmentStatus, TransitLegType } from '@loadline/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import type { CreditPosition } from '../../src/domain/credit-hold.ts';
import type { Shipment, TransitLeg } from '../../src/domain/shipment.ts';
import {
  decide,
  evolve,
  needsCreditPosition,
  type StatusUpdate,
  statusEventOf,
} from '../../src/domain/status-update.ts';

const S = ShipmentStatus.values;
const L = TransitLegType.values;
const now = new Date('2026-11-23T15:00:00Z');

const leg = (id: string, transitType: number, status: number, active = false): TransitLeg => ({
  transitLegId: id,
  sequence: 0,
  transitType,
  status,
  active,
  carrierMasterId: null,
  carrierMasterName: null,
  carrierPhone: null,
  serviceLevel: null,
  scac: null,
  trackingUrl: null,
  integrationEnableAPITracking: false,
  trackingIntegrationEnableAPITracking: false,
  trackingIntegrationSourceId: null,
  integrationSourceId: null,
});

const stop = (stopId: string, stopType: string) => ({
  stopId,
  sequence: stopType === 'FirstPick' ? 0 : 1,
  stopType,
  companyName: null,
  streetAddress: null,
  streetAddressTwo: null,
  city: null,
  state: null,
  zipCode: null,
  country: null,
  scheduledReadyDateTime: null,
  scheduledCloseDateTime: null,
  appointmentReadyDateTime: null,
  appointmentEndDateTime: null,
  actualArrivalDateTime: null,
  actualDepartureDateTime: null,
});

/** An LTL shipment with a pickup leg, the active linehaul and a delivery leg, all at `status`. */
const given = (status: number, legs?: TransitLeg[]): Shipment => ({
  shipmentId: 10001,
  version: 3,
  brokerId: 'org_demo_broker',
  customerOrganizationId: 'org_demo_acme',
  customerName: 'Acme Manufacturing',
  shipmentType: 2,
  status,
  transitDays: 2,
  weightUnit: 0,
  totalWeight: 1200,
  dimensionUnit: 0,
  totalHandlingUnits: null,
  originBaseUTCOffset: -5,
  lockdownMarketplaceBuyer: false,
  noAccountingInvoice: false,
  lostQuote: false,
  consolidationParentId: null,
  consolidationChildIds: [],
  createdDate: '2026-11-20T10:00:00.000Z',
  createdBy: 'Omar Operations',
  lastOpsUpdate: '2026-11-20T10:00:00.000Z',
  transitLegs: legs ?? [
    leg('leg_pick', L.PickupLocal, status),
    leg('leg_line', L.Linehaul, status, true),
    leg('leg_drop', L.DeliveryLocal, status),
  ],
  stops: [stop('stp_first', 'FirstPick'), stop('stp_last', 'LastDrop')],
  referenceNumbers: [],
  billTo: null,
  alerts: [],
  commodities: [],
  accessorials: [],
  specialInstructions: null,
});

const update = (status: number, more: Partial<StatusUpdate> = {}): StatusUpdate => ({
  status,
  times: {},
  ...more,
});
const context = { now, newReferenceIds: ['ref_1', 'ref_2', 'ref_3'], credit: null };
const approved: CreditPosition = {
  paymentPreference: PaymentPreference.values.Approved,
  creditLimit: null,
  openBalance: 0,
  creditLimitExceededAlert: false,
};

function when(shipment: Shipment, u: StatusUpdate, credit: CreditPosition | null = null) {
  const decision = decide(shipment, u, { ...context, credit });
  if (!decision.ok) throw new Error(`refused: ${decision.problems.map((p) => p.message).join(' ')}`);
  return { events: decision.value, after: evolve(shipment, decision.value) };
}
const statuses = (s: Shipment) => s.transitLegs.map((l) => l.status);

describe('a status update over the whole shipment', () => {
  it('moves the active leg, and the shipment with it, one version on', () => {
    const { events, after } = when(given(S.Dispatched), update(S.InTransit));
    expect(statusEventOf(events)).toMatchObject({
      type: 'StatusChanged',
      transitLegId: 'leg_line',
      to: S.InTransit,
    });
    expect(statuses(after)).toEqual([S.Dispatched, S.InTransit, S.Dispatched]);
    expect(after.status).toBe(S.InTransit);
    expect(after.version).toBe(4);
    expect(after.lastOpsUpdate).toBe(now.toISOString());
  });

  it('moves the leg of the transit type named, leaving the shipment at its active leg’s status', () => {
    const { after } = when(given(S.Dispatched), update(S.InTransit, { transitType: L.PickupLocal }));
    expect(statuses(after)).toEqual([S.InTransit, S.Dispatched, S.Dispatched]);
    expect(after.status).toBe(S.Dispatched);
  });

  it('refuses a transit type the shipment has no leg of', () => {
    const shipment = given(S.Dispatched, [leg('leg_line', L.Linehaul, S.Dispatched, true)]);
    const decision = decide(shipment, update(S.InTransit, { transitType: L.PickupLocal }), context);
    expect(decision).toMatchObject({ ok: false, problems: [{ field: 'transitType' }] });
  });

  it('cancels every leg not past delivered, once, with the lost quote asked for', () => {
    const shipment = given(S.Committed, [
      leg('leg_pick', L.PickupLocal, S.Delivered),
      leg('leg_line', L.Linehaul, S.Committed, true),
      leg('leg_drop', L.DeliveryLocal, S.Quote),
    ]);
    const { events, after } = when(shipment, update(-1, { addSystemAlertLostQuote: true }));
    expect(events.filter((e) => e.type === 'ShipmentCanceled')).toHaveLength(1);
    expect(statuses(after)).toEqual([S.Delivered, S.Canceled, S.Canceled]);
    expect(after.status).toBe(S.Canceled);
    expect(after.lostQuote).toBe(true);
  });

  it('reinstates every canceled leg and clears the lost quote', () => {
    const shipment = {
      ...given(S.Canceled, [
        leg('leg_pick', L.PickupLocal, S.Canceled),
        leg('leg_line', L.Linehaul, S.Canceled, true),
        leg('leg_drop', L.DeliveryLocal, S.Delivered),
      ]),
      lostQuote: true,
    };
    const { events, after } = when(shipment, update(S.Quote, { reinstateShipment: true }));
    expect(statusEventOf(events)).toMatchObject({ type: 'ShipmentReinstated', to: S.Quote });
    expect(statuses(after)).toEqual([S.Quote, S.Quote, S.Delivered]);
    expect(after.lostQuote).toBe(false);
  });

  it('refuses what the status engine refuses, with the field to flag', () => {
    const decision = decide(given(S.InTransit), update(-1), context);
    expect(decision).toMatchObject({ ok: false, problems: [{ field: 'status' }] });
  });

  it('sets the pro number on the leg and the proof-of-delivery signer on the shipment; an empty value clears', () => {
    const { after } = when(
      given(S.Delivered),
      update(S.Delivered, { proNumber: ' PRO123456 ', proofOfDeliverySignedBy: 'J. Doe' }),
    );
    expect(after.referenceNumbers).toEqual([
      expect.objectContaining({ referenceId: 'ref_1', transitLegId: 'leg_line', value: 'PRO123456' }),
      expect.objectContaining({ referenceId: 'ref_2', transitLegId: null, value: 'J. Doe' }),
    ]);
    expect(after.status).toBe(S.Delivered);
    const cleared = when(after, update(S.Delivered, { proNumber: '' })).after;
    expect(cleared.referenceNumbers.map((r) => r.value)).toEqual(['J. Doe']);
  });

  it('checks and sets the dates the update names, on the stop they belong to', () => {
    const refused = decide(
      given(S.Committed),
      update(S.Committed, {
        times: { pickupReadyDateTime: '2026-11-25T10:00', pickupCloseDateTime: '2026-11-25T09:00' },
      }),
      context,
    );
    expect(refused).toMatchObject({ ok: false, problems: [{ field: 'pickupCloseDateTime' }] });
    const { after } = when(
      given(S.Committed),
      update(S.Committed, { times: { pickupReadyDateTime: '2026-11-25T10:00' } }),
    );
    expect(after.stops[0]).toMatchObject({
      stopId: 'stp_first',
      scheduledReadyDateTime: '2026-11-25T10:00:00',
    });
  });

  it('changes nothing, not even the version, when the update changes nothing', () => {
    const shipment = given(S.InTransit);
    const { events, after } = when(shipment, update(S.InTransit));
    expect(events).toEqual([]);
    expect(after.version).toBe(shipment.version);
  });

  it('needs the credit position only for a move beyond Committed of a load not yet moving', () => {
    expect(needsCreditPosition(given(S.Committed), update(S.Dispatched))).toBe(true);
    expect(needsCreditPosition(given(S.Committed), update(S.Quote))).toBe(false);
    expect(needsCreditPosition(given(S.Dispatched), update(S.InTransit))).toBe(false);
  });

  it('refuses a move beyond Committed for a customer on credit hold, and lets it through otherwise', () => {
    const hold = { ...approved, paymentPreference: PaymentPreference.values.CreditHold };
    const refused = decide(given(S.Committed), update(S.Dispatched), { ...context, credit: hold });
    expect(refused).toMatchObject({
      ok: false,
      problems: [
        { field: 'status', message: expect.stringMatching(/^Acme Manufacturing is on credit hold/) },
      ],
    });
    expect(when(given(S.Committed), update(S.Dispatched), approved).after.status).toBe(S.Dispatched);
  });
});
