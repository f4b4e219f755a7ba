// Electronic dispatch: the local adapter's configuration, the rules of when a load is tendered,
// and status updates to Dispatched, Ready and Sent against the real servers, with the outcome in
// the response (000 §3) and as an activity note.
import { messages, ShipmentStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierDispatchAdapter, DispatchRequest } from '../../src/adapters/carrier-dispatch.ts';
import {
  defaultRefusalMessage,
  LocalDispatchAdapter,
  localDispatchConfig,
} from '../../src/adapters/local-dispatch.ts';
import { tender } from '../../src/adapters/tender.ts';
import { abandonedAfterMs, recoverTenders } from '../../src/app/dispatch.ts';
import { dispatchAnswer, dispatchNoteText, notTried, shouldTryDispatch } from '../../src/domain/dispatch.ts';
import { dispatchRequestFor } from '../../src/domain/dispatch-request.ts';
import { evolve } from '../../src/domain/status-update.ts';
import { pendingTenders } from '../../src/store/dispatch-tenders.ts';
import { loadShipment, saveShipment } from '../../src/store/shipments.ts';
import {
  clearGlobexCredit,
  lastPosition,
  newShipment,
  ops,
  outboxAfter,
  type Service,
  startService,
} from './fixtures.ts';

const S = ShipmentStatus.values;

const request = (scac: string | null, overrides: Partial<DispatchRequest> = {}): DispatchRequest => ({
  idempotencyKey: '10005:leg_x:3',
  shipmentId: 10005,
  brokerId: 'org_demo_broker',
  transitLegId: 'leg_x',
  transitType: 1,
  status: S.Dispatched,
  carrier: { carrierMasterId: 'car_x', name: 'X Freight', scac },
  serviceLevel: 0,
  proNumber: null,
  pickup: null,
  delivery: null,
  totalWeight: 1000,
  weightUnit: 0,
  totalHandlingUnits: 2,
  ...overrides,
});

describe('the local dispatch adapter', () => {
  it('reads which carriers have electronic dispatch and which refuse', () => {
    expect(localDispatchConfig({})).toEqual({ scacs: '*', refusals: {} });
    expect(
      localDispatchConfig({ DISPATCH_SCACS: 'olft, prxp,', DISPATCH_REFUSE: 'smcr=No capacity.|ABCD| =x' }),
    ).toEqual({ scacs: ['OLFT', 'PRXP'], refusals: { SMCR: 'No capacity.', ABCD: defaultRefusalMessage } });
    expect(localDispatchConfig({ DISPATCH_SCACS: '' })).toEqual({ scacs: [], refusals: {} });
  });

  it('supports carriers with a SCAC on its list, accepts with a stable confirmation, refuses with the message', async () => {
    const all = new LocalDispatchAdapter(localDispatchConfig({ DISPATCH_REFUSE: 'SMCR=No capacity.' }));
    expect(all.supports({ carrierMasterId: 'c', name: 'n', scac: 'olft' })).toBe(true);
    expect(all.supports({ carrierMasterId: 'c', name: 'n', scac: null })).toBe(false);
    const listed = new LocalDispatchAdapter(localDispatchConfig({ DISPATCH_SCACS: 'OLFT' }));
    expect(listed.supports({ carrierMasterId: null, name: null, scac: 'PRXP' })).toBe(false);

    const signal = new AbortController().signal;
    const accepted = await all.dispatch(request('OLFT'), signal);
    expect(accepted).toMatchObject({ dispatched: true, errors: [] });
    expect(accepted.confirmationNumber).toMatch(/^OLFT-[0-9A-F]{10}$/);
    expect((await all.dispatch(request('OLFT'), signal)).confirmationNumber).toBe(
      accepted.confirmationNumber,
    );
    expect(await all.dispatch(request('SMCR'), signal)).toEqual({
      dispatched: false,
      errors: ['No capacity.'],
      confirmationNumber: null,
    });
  });
});

describe('dispatch rules', () => {
  it('tenders a move to Dispatched, Ready or Sent, and nothing else', () => {
    expect(shouldTryDispatch(S.Committed, S.Ready)).toBe(true);
    expect(shouldTryDispatch(S.Ready, S.Sent)).toBe(true);
    expect(shouldTryDispatch(S.Sent, S.Dispatched)).toBe(true);
    expect(shouldTryDispatch(S.Dispatched, S.Dispatched)).toBe(false);
    expect(shouldTryDispatch(S.Dispatched, S.InTransit)).toBe(false);
    expect(shouldTryDispatch(S.Ready, S.Canceled)).toBe(false);
  });

  it('answers the 000 §3 fields, which give the screen its 000 §8 message', () => {
    expect(dispatchAnswer(notTried)).toEqual({
      shipmentDispatchTried: false,
      shipmentDispatched: false,
      shipmentDispatchErrors: [],
    });
    const failed = dispatchAnswer({
      tried: true,
      dispatched: false,
      errors: ['No capacity.'],
      confirmationNumber: null,
    });
    expect(failed.shipmentDispatchErrors).toEqual([{ errorMessage: 'No capacity.' }]);
    expect(messages.dispatch.failedWithErrors(failed.shipmentDispatchErrors.map((e) => e.errorMessage))).toBe(
      'Shipment dispatch failed. No capacity.',
    );
  });

  it('writes the note with the carrier, the move, who asked and the answer', () => {
    const base = {
      status: S.Dispatched,
      carrierName: 'Old Line Freight',
      scac: 'OLFT',
      adapterName: 'local dispatch',
      requestedBy: 'Omar Operations',
    };
    expect(
      dispatchNoteText({
        ...base,
        outcome: { tried: true, dispatched: true, errors: [], confirmationNumber: 'OLFT-1' },
      }),
    ).toBe(
      'Electronic dispatch to Old Line Freight (OLFT) through local dispatch, on the move to Dispatched by Omar Operations: accepted, confirmation OLFT-1.',
    );
    expect(
      dispatchNoteText({
        ...base,
        carrierName: null,
        scac: null,
        outcome: {
          tried: true,
          dispatched: false,
          errors: ['No capacity.', 'Try later.'],
          confirmationNumber: null,
        },
      }),
    ).toBe(
      'Electronic dispatch to the carrier through local dispatch, on the move to Dispatched by Omar Operations: failed. No capacity. Try later.',
    );
  });

  it('counts an adapter that throws or hangs as a failed dispatch', async () => {
    const throwing: CarrierDispatchAdapter = {
      name: 'broken',
      supports: () => true,
      dispatch: async () => {
        throw new Error('connection refused');
      },
    };
    expect(await tender(throwing, request('OLFT'))).toEqual({
      tried: true,
      dispatched: false,
      errors: ["The carrier's dispatch service did not answer (connection refused)."],
      confirmationNumber: null,
    });
    const hanging: CarrierDispatchAdapter = {
      name: 'slow',
      supports: () => true,
      dispatch: () => new Promise(() => {}),
    };
    const outcome = await tender(hanging, request('OLFT'), 50);
    expect(outcome.errors).toEqual([
      "The carrier's dispatch service did not answer (no answer within 0.05 s).",
    ]);
  });
});

describe('status updates with electronic dispatch', () => {
  let service: Service;
  const tendered: DispatchRequest[] = [];
  const local = new LocalDispatchAdapter(
    localDispatchConfig({
      DISPATCH_SCACS: 'OLFT,PRXP,SMCR',
      DISPATCH_REFUSE: 'SMCR=No capacity on this lane.',
    }),
  );
  const recording: CarrierDispatchAdapter = {
    name: local.name,
    supports: (carrier) => local.supports(carrier),
    dispatch: (req, signal) => {
      tendered.push(req);
      return local.dispatch(req, signal);
    },
  };

  beforeAll(async () => {
    service = await startService({ dispatch: recording });
    // 10002 is Globex's Committed load; Globex is on credit hold in the demo.
    await clearGlobexCredit(service.t);
  });
  afterAll(async () => {
    await service?.close();
  });

  const update = (payload: object) =>
    service.app.inject({
      method: 'PUT',
      url: '/api/ShipmentUpdateStatus/updatestatus',
      headers: service.t.as(ops),
      payload,
    });
  const notesAfter = async (position: number) =>
    (await outboxAfter(service.t, position))
      .filter((e) => e.subject === subjects.shipmentNoteAdded)
      .map((e) => e.envelope.data);

  it('tenders a move to Ready to the carrier and reports it dispatched, with a system note', async () => {
    const before = await lastPosition(service.t);
    const res = await update({ shipmentId: 10002, status: S.Ready, proNumber: 'PRXP777777' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: S.Ready,
      shipmentDispatchTried: true,
      shipmentDispatched: true,
      shipmentDispatchErrors: [],
    });
    expect(tendered.at(-1)).toMatchObject({
      shipmentId: 10002,
      status: S.Ready,
      carrier: { name: 'Prairie Express', scac: 'PRXP' },
      proNumber: 'PRXP777777',
      pickup: { city: 'Savannah' },
      delivery: { city: 'Charlotte' },
      idempotencyKey: expect.stringMatching(/^10002:leg_\w+:2$/),
    });
    const notes = await notesAfter(before);
    expect(notes).toEqual([
      expect.objectContaining({
        activityType: 4,
        accessLevel: 1,
        pinned: false,
        createdBy: { userId: 'usr_system', name: 'System' },
        description: expect.stringMatching(
          /^Electronic dispatch to Prairie Express \(PRXP\) through local dispatch, on the move to Ready by Omar Operations: accepted, confirmation PRXP-[0-9A-F]{10}\.$/,
        ),
      }),
    ]);
  });

  it('reports a refusal with the carrier’s message; the status change stands', async () => {
    const before = await lastPosition(service.t);
    // 10012: Committed, Summit Carriers (SMCR).
    const res = await update({ shipmentId: 10012, status: S.Dispatched });
    expect(res.json()).toMatchObject({
      shipmentStatus: S.Dispatched,
      shipmentDispatchTried: true,
      shipmentDispatched: false,
      shipmentDispatchErrors: [{ errorMessage: 'No capacity on this lane.' }],
    });
    const row = await service.t.runtime.db
      .selectFrom('shipment')
      .select('status')
      .where('shipment_id', '=', 10012)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(S.Dispatched);
    expect((await notesAfter(before)).map((n) => n.description)).toEqual([
      expect.stringMatching(/Summit Carriers \(SMCR\).*: failed\. No capacity on this lane\.$/),
    ]);
  });

  it('does not try a carrier without electronic dispatch, a leg without a carrier, or other statuses', async () => {
    const count = tendered.length;
    const before = await lastPosition(service.t);
    // 10023: international Committed, Bluewater (BLWL) is not on the list.
    const unlisted = await update({ shipmentId: 10023, status: S.Dispatched });
    expect(unlisted.json()).toMatchObject({ shipmentDispatchTried: false, shipmentDispatched: false });
    // 10001: a Quote without a carrier.
    const noCarrier = await update({ shipmentId: 10001, status: S.Ready });
    expect(noCarrier.json()).toMatchObject({ status: S.Ready, shipmentDispatchTried: false });
    // 10005: Dispatched again (no move) and on to In Transit.
    expect((await update({ shipmentId: 10005, status: S.Dispatched })).json().shipmentDispatchTried).toBe(
      false,
    );
    expect((await update({ shipmentId: 10005, status: S.InTransit })).json().shipmentDispatchTried).toBe(
      false,
    );
    expect(tendered.length).toBe(count);
    expect(await notesAfter(before)).toEqual([]);
  });

  it('does not tender a refused update', async () => {
    const count = tendered.length;
    const res = await update({
      shipmentId: 10013,
      status: S.Dispatched,
      pickupReadyDateTime: '2026-11-25T10:00',
      pickupCloseDateTime: '2026-11-25T09:00',
    });
    expect(res.statusCode).toBe(400);
    expect(tendered.length).toBe(count);
  });

  it('settles every tender it makes: none is left pending', async () => {
    const left = await pendingTenders(service.t.runtime.db, new Date(Date.now() + 3600_000));
    expect(left).toEqual([]);
    const outcomes = await service.t.runtime.db.selectFrom('dispatch_tender').select('outcome').execute();
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['dispatched', 'refused']);
  });

  describe('a crash between the commit and the tender', () => {
    /** Commits a move to Ready that owes a tender, as the route does, and then "dies" before tendering. */
    const commitWithoutTender = async (shipmentId: number) => {
      const shipment = (await loadShipment(service.t.runtime.db, shipmentId, null))!;
      const leg = shipment.transitLegs.find((l) => l.active)!;
      const after = evolve(shipment, [
        {
          type: 'StatusChanged',
          transitLegId: leg.transitLegId,
          from: leg.status,
          to: S.Ready,
          at: new Date().toISOString(),
        },
      ]);
      const saved = await saveShipment(service.t.runtime, service.t.runtime.db, shipment, after, {
        events: [],
        tender: {
          request: dispatchRequestFor(after, after.transitLegs.find((l) => l.active)!),
          requestedBy: 'Omar Operations',
        },
      });
      expect(saved?.status).toBe(S.Ready);
      return saved!;
    };
    const created = async () => {
      const res = await service.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: service.t.as(ops),
        payload: newShipment({
          status: S.Committed,
          transitLegs: [{ transitType: 1, carrierMasterName: 'Old Line Freight', scac: 'OLFT' }],
        }),
      });
      expect(res.statusCode).toBe(201);
      return (res.json() as { shipmentId: number }).shipmentId;
    };
    const later = () => new Date(Date.now() + abandonedAfterMs + 1000);

    it('leaves the owed tender pending, and the recovery job tenders it once with the same key', async () => {
      const shipmentId = await created();
      const saved = await commitWithoutTender(shipmentId);
      const key = `${shipmentId}:${saved.transitLegs[0]!.transitLegId}:${saved.version}`;
      // A tender younger than a request can take is left to its request.
      expect(await recoverTenders(service.t.deps)).toBe(0);

      const count = tendered.length;
      const before = await lastPosition(service.t);
      expect(await recoverTenders(service.t.deps, later())).toBe(1);
      expect(tendered.slice(count)).toEqual([
        expect.objectContaining({
          idempotencyKey: key,
          shipmentId,
          status: S.Ready,
          carrier: expect.objectContaining({ scac: 'OLFT' }),
        }),
      ]);
      expect((await notesAfter(before)).map((n) => n.description)).toEqual([
        expect.stringMatching(
          /^Electronic dispatch to Old Line Freight \(OLFT\) .* by Omar Operations: accepted/,
        ),
      ]);
      // Run again (a second replica, the next minute): nothing more is tendered or written.
      const position = await lastPosition(service.t);
      expect(await recoverTenders(service.t.deps, later())).toBe(0);
      expect(tendered.length).toBe(count + 1);
      expect(await outboxAfter(service.t, position)).toEqual([]);
    });

    it('does not tender a load whose leg moved on since: the tender is no longer owed', async () => {
      const shipmentId = await created();
      await commitWithoutTender(shipmentId);
      // Someone moved it back by hand before the job ran.
      expect((await update({ shipmentId, status: S.Committed })).statusCode).toBe(200);
      const count = tendered.length;
      expect(await recoverTenders(service.t.deps, later())).toBe(0);
      expect(tendered.length).toBe(count);
      expect(await pendingTenders(service.t.runtime.db, later())).toEqual([]);
    });
  });
});
