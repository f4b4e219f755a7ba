// The shipments service's other pure rules: stop date-times (000 §5), reference types (002 §3.3),
// a new shipment's type, status, legs and stops, the list's paging, notes, and who sees what.
import {
  AccessLevel,
  DEFAULT_PAGER_PAGE_SIZE,
  ShipmentActivityType,
  ShipmentReferenceType,
  ShipmentStatus,
  ShipmentType,
  StaffPermission,
  TransitLegType,
} from '@loadline/contracts/catalogue';
import { SHIPMENT_GRID_MAX_PAGE_SIZE } from '@loadline/contracts/rules/shipments';
import { testIdentity } from '@loadline/platform/testing';
import { describe, expect, it } from 'vitest';
import { containsPattern, paging, shipmentNumberIn } from '../../src/domain/listing.ts';
import { noteAccessProblem, noteFromUpdate, statusUpdateNoteType } from '../../src/domain/notes.ts';
import {
  proNumberTypeForLeg,
  referenceTypeNumber,
  resolveReferenceType,
} from '../../src/domain/references.ts';
import {
  checkInitialStatus,
  checkShipmentType,
  checkStopOrder,
  chooseActiveLeg,
} from '../../src/domain/shipment-rules.ts';
import {
  checkDelivery,
  checkPickup,
  estimatedDelivery,
  normalizeLocalDateTime,
  noStopTimes,
  planStopTimes,
  type StopTimes,
} from '../../src/domain/stop-times.ts';
import { canSeeShipment, customerForNewShipment, shipmentScope } from '../../src/domain/visibility.ts';

const S = ShipmentStatus.values;
const T = ShipmentType.values;
const L = TransitLegType.values;

describe('stop date-times (000 §5)', () => {
  it('takes ISO date-times without zone; a missing time counts as 00:00', () => {
    expect(normalizeLocalDateTime('2026-11-23')).toBe('2026-11-23T00:00:00');
    expect(normalizeLocalDateTime('2026-11-23T08:05')).toBe('2026-11-23T08:05:00');
    expect(normalizeLocalDateTime('2026-11-23T08:05:09.123')).toBe('2026-11-23T08:05:09');
  });

  it('refuses zones, impossible dates and times', () => {
    for (const bad of [
      '2026-11-23T08:00:00Z',
      '2026-11-23T08:00+01:00',
      '2026-02-30',
      '2026-11-23T24:00',
      '23/11/2026',
    ]) {
      expect(normalizeLocalDateTime(bad), bad).toBeUndefined();
    }
  });

  it('flags the pickup close when ready is later, and needs a ready with a close', () => {
    const times = {
      ...noStopTimes,
      scheduledReady: '2026-11-23T10:00:00',
      scheduledClose: '2026-11-23T09:00:00',
    };
    expect(checkPickup(times)).toEqual([
      {
        field: 'pickupCloseDateTime',
        message: 'Pickup close (11/23/2026 09:00) must not be before pickup ready (11/23/2026 10:00).',
      },
    ]);
    expect(checkPickup({ ...times, scheduledReady: '2026-11-23T09:00:00' })).toEqual([]);
    expect(checkPickup({ ...noStopTimes, scheduledClose: '2026-11-23T09:00:00' })[0]?.field).toBe(
      'pickupReadyDateTime',
    );
  });

  it('flags a delivery estimate after the close (on the close itself is fine)', () => {
    const times = {
      ...noStopTimes,
      scheduledReady: '2026-11-24T17:00:00',
      scheduledClose: '2026-11-24T16:00:00',
    };
    expect(checkDelivery(times)[0]?.field).toBe('deliveryEstimatedDateTime');
    expect(checkDelivery({ ...times, scheduledReady: '2026-11-24T16:00:00' })).toEqual([]);
  });

  it('flags appointments that end before they begin and departures before arrivals', () => {
    const problems = checkDelivery({
      ...noStopTimes,
      appointmentReady: '2026-11-24T10:00:00',
      appointmentEnd: '2026-11-24T09:00:00',
      actualArrival: '2026-11-24T10:00:00',
      actualDeparture: '2026-11-24T09:00:00',
    });
    expect(problems.map((p) => p.field)).toEqual([
      'deliveryAppointmentEndDateTime',
      'proofOfDeliveryDepartureDateTime',
    ]);
  });

  it('applies a payload: left out keeps, null clears, clearing the POD arrival clears the departure', () => {
    const current = {
      ...noStopTimes,
      actualArrival: '2026-11-24T09:00:00',
      actualDeparture: '2026-11-24T09:30:00',
    };
    const plan = (pickup: StopTimes, delivery: StopTimes, body: object) =>
      planStopTimes({ pickup, delivery, body, transitDays: null, today: '2026-11-23' });
    expect(plan(noStopTimes, current, {}).delivery).toEqual(current);
    expect(plan(noStopTimes, current, { proofOfDeliveryArrivalDateTime: null }).delivery).toMatchObject({
      actualArrival: null,
      actualDeparture: null,
    });
    expect(
      plan(noStopTimes, noStopTimes, { actualPickupArrivalDateTime: '2026-11-23' }).pickup.actualArrival,
    ).toBe('2026-11-23T00:00:00');
    expect(plan(noStopTimes, noStopTimes, { pickupReadyDateTime: '2026-13-01' }).problems).toEqual([
      { field: 'pickupReadyDateTime', message: 'pickupReadyDateTime is not a valid date and time.' },
    ]);
  });

  it('estimates delivery by weekdays only, at 08:00 closing 16:00', () => {
    // Thursday 2026-11-19 + 2 weekdays = Monday 2026-11-23.
    expect(estimatedDelivery('2026-11-19T08:00:00', 2)).toEqual({
      scheduledReady: '2026-11-23T08:00:00',
      scheduledClose: '2026-11-23T16:00:00',
    });
    expect(estimatedDelivery('2026-11-20T08:00:00', 1).scheduledReady).toBe('2026-11-23T08:00:00');
    expect(estimatedDelivery('2026-11-23T08:00:00', 0).scheduledReady).toBe('2026-11-23T08:00:00');
  });
});

describe('reference types (002 §3.3)', () => {
  it('resolves by number or by code, and shows no number where the spec shows none', () => {
    expect(resolveReferenceType({ referenceType: ShipmentReferenceType.values.PONumber })).toEqual({
      ok: true,
      code: 'PONumber',
      referenceType: ShipmentReferenceType.values.PONumber,
    });
    expect(resolveReferenceType({ referenceTypeCode: 'DriverName' })).toEqual({
      ok: true,
      code: 'DriverName',
      referenceType: null,
    });
    expect(referenceTypeNumber('LinehaulCarrierProNumber')).toBeNull();
  });

  it('refuses unknown types and disagreeing number and code', () => {
    expect(resolveReferenceType({ referenceType: 12 })).toEqual({
      ok: false,
      message: '12 is not a known reference type.',
    });
    expect(resolveReferenceType({ referenceTypeCode: 'Shoe' }).ok).toBe(false);
    expect(resolveReferenceType({}).ok).toBe(false);
    expect(
      resolveReferenceType({
        referenceType: ShipmentReferenceType.values.PONumber,
        referenceTypeCode: 'DriverName',
      }).ok,
    ).toBe(false);
  });

  it('keeps a pro number per leg type (000 §3)', () => {
    expect(proNumberTypeForLeg(L.PickupLocal)).toBe('PickupCarrierProNumber');
    expect(proNumberTypeForLeg(L.DeliveryLocal)).toBe('DeliveryCarrierProNumber');
    expect(proNumberTypeForLeg(L.Linehaul)).toBe('LinehaulCarrierProNumber');
    expect(proNumberTypeForLeg(L.Ocean)).toBe('LinehaulCarrierProNumber');
  });
});

describe('a new shipment', () => {
  it('has known type bits, and is not international and domestic at once', () => {
    expect(checkShipmentType(T.LTL)).toBeUndefined();
    expect(checkShipmentType(ShipmentType.combine('LTL', 'Truckload'))).toBeUndefined();
    expect(checkShipmentType(0)).toMatch(/at least one/);
    expect(checkShipmentType(8192)).toMatch(/not shipment types/);
    expect(checkShipmentType(ShipmentType.combine('LTL', 'Ocean'))).toBe(
      'shipmentType cannot be international and domestic at once.',
    );
  });

  it('starts as Quote or Committed for a customer, any manual choice of its set for staff', () => {
    expect(checkInitialStatus(S.Committed, 'customer', false)).toBeUndefined();
    expect(checkInitialStatus(S.Dispatched, 'customer', false)).toBe(
      'A new shipment can start as Quote, Committed; not as Dispatched.',
    );
    expect(checkInitialStatus(S.Delivered, 'staff', false)).toBeUndefined();
    expect(checkInitialStatus(S.Ready, 'staff', true)).toMatch(/not as Ready/);
    expect(checkInitialStatus(S.Canceled, 'staff', false)).toMatch(/not as Canceled/);
  });

  it('chooses the active leg: the marked one, else the linehaul, else the first', () => {
    expect(chooseActiveLeg([{ transitType: L.PickupLocal }, { transitType: L.Linehaul }]).index).toBe(1);
    expect(
      chooseActiveLeg([
        { transitType: L.PickupLocal },
        { transitType: L.Linehaul },
        { transitType: L.DeliveryLocal, active: true },
      ]).index,
    ).toBe(2);
    expect(chooseActiveLeg([{ transitType: L.Ocean }]).index).toBe(0);
    expect(
      chooseActiveLeg([
        { transitType: L.Ocean, active: true },
        { transitType: L.Air, active: true },
      ]).problem,
    ).toBe('Only one transit leg can be active.');
  });

  it('runs its stops from a FirstPick to a LastDrop', () => {
    expect(checkStopOrder(['FirstPick', 'Pick', 'Drop', 'LastDrop'])).toEqual([]);
    expect(checkStopOrder(['Pick', 'LastDrop'])).toEqual([
      { field: 'stops', message: 'The first stop must be the FirstPick.' },
    ]);
    expect(checkStopOrder(['FirstPick', 'Drop'])).toEqual([
      { field: 'stops', message: 'The last stop must be the LastDrop.' },
    ]);
    expect(checkStopOrder(['FirstPick', 'FirstPick', 'LastDrop'])).toEqual([
      { field: 'stops.1.stopType', message: 'A shipment has one FirstPick.' },
    ]);
  });
});

describe('the list', () => {
  it('pages from 1, 100 a page when missing or below 10 (000 §5), at most 1000', () => {
    expect(paging(undefined, undefined)).toEqual({ page: 1, pageSize: DEFAULT_PAGER_PAGE_SIZE, offset: 0 });
    expect(paging(3, 5)).toEqual({ page: 3, pageSize: DEFAULT_PAGER_PAGE_SIZE, offset: 200 });
    expect(paging(2, 25)).toEqual({ page: 2, pageSize: 25, offset: 25 });
    expect(paging(0, 5000).pageSize).toBe(SHIPMENT_GRID_MAX_PAGE_SIZE);
    expect(paging(0, 10).page).toBe(1);
  });

  it('escapes LIKE wildcards and reads digits as a shipment number', () => {
    expect(containsPattern(' 50%_off ')).toBe('%50\\%\\_off%');
    expect(shipmentNumberIn(' 10005 ')).toBe(10005);
    expect(shipmentNumberIn('PO-1')).toBeUndefined();
  });
});

describe('the status update’s note', () => {
  it('is an Operations note, Private by default (000 §5), and only when there is text', () => {
    expect(statusUpdateNoteType).toBe(ShipmentActivityType.values.Operations);
    expect(noteFromUpdate({ activity: '  Driver checked in  ' })).toEqual({
      description: 'Driver checked in',
      accessLevel: AccessLevel.values.Private,
      pinned: false,
    });
    expect(noteFromUpdate({ activity: '   ' })).toBeUndefined();
    expect(noteFromUpdate({})).toBeUndefined();
  });

  it('is Admin only for IT support admins (000 §6)', () => {
    expect(noteAccessProblem(0, AccessLevel.values.Admin)).toBe(
      'Only IT support admins can write Admin notes.',
    );
    expect(
      noteAccessProblem(StaffPermission.combine('ITSupportAdmin'), AccessLevel.values.Admin),
    ).toBeUndefined();
    expect(noteAccessProblem(0, AccessLevel.values.Public)).toBeUndefined();
  });
});

describe('who sees what', () => {
  const staff = testIdentity({ brokerId: 'org_b', organizationId: 'org_b' });
  const customer = testIdentity({ kind: 'customer', brokerId: 'org_b', organizationId: 'org_c' });

  it('shows staff their broker’s shipments and a customer its own', () => {
    expect(shipmentScope(staff)).toEqual({ brokerId: 'org_b', customerOrganizationId: null });
    expect(shipmentScope(customer)).toEqual({ brokerId: 'org_b', customerOrganizationId: 'org_c' });
    expect(canSeeShipment(staff, { brokerId: 'org_b', customerOrganizationId: 'org_x' })).toBe(true);
    expect(canSeeShipment(staff, { brokerId: 'org_other', customerOrganizationId: 'org_x' })).toBe(false);
    expect(canSeeShipment(customer, { brokerId: 'org_b', customerOrganizationId: 'org_c' })).toBe(true);
    expect(canSeeShipment(customer, { brokerId: 'org_b', customerOrganizationId: 'org_x' })).toBe(false);
  });

  it('lets a customer create for its own organization only, and staff name the customer', () => {
    expect(customerForNewShipment(customer, undefined)).toMatchObject({
      ok: true,
      customerOrganizationId: 'org_c',
    });
    expect(customerForNewShipment(customer, 'org_x')).toMatchObject({ ok: false, status: 403 });
    expect(customerForNewShipment(staff, undefined)).toMatchObject({ ok: false, status: 400 });
    expect(customerForNewShipment(staff, 'org_x')).toEqual({
      ok: true,
      customerOrganizationId: 'org_x',
      needsCustomerCheck: true,
    });
  });
});
