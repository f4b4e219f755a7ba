import { ShipmentStatus, ShipmentType } from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import type { StatusDetails } from '../api/types.ts';
import {
  accessLevelChoices,
  buildStatusUpdate,
  choiceName,
  formOf,
  needsCreditHoldCheck,
  statusFields,
} from './statusUpdate.ts';

const S = ShipmentStatus.values;
const LTL = ShipmentType.values.LTL;

describe('status fields of an update (000 §4)', () => {
  it('cancel is -1 and requests the lost-quote system alert', () => {
    expect(statusFields(S.Committed, -1)).toEqual({ status: -1, addSystemAlertLostQuote: true });
    expect(choiceName(-1)).toBe('Canceled');
  });

  it('a Canceled shipment set back to Quote sends reinstateShipment', () => {
    expect(statusFields(S.Canceled, S.Quote)).toEqual({ status: S.Quote, reinstateShipment: true });
    expect(statusFields(S.Canceled, S.Committed)).toEqual({ status: S.Committed });
    expect(statusFields(S.Committed, S.Quote)).toEqual({ status: S.Quote });
  });

  it('asks the credit-hold check for a change of status, not for cancel or the same status', () => {
    expect(needsCreditHoldCheck(S.Committed, S.Ready)).toBe(true);
    expect(needsCreditHoldCheck(S.Committed, S.Committed)).toBe(false);
    expect(needsCreditHoldCheck(S.Committed, -1)).toBe(false);
  });
});

const details: StatusDetails = {
  shipmentId: 10002,
  status: S.Committed,
  shipmentType: LTL,
  transitDays: 1,
  weightUnit: 0,
  totalWeight: 1000,
  dimensionUnit: 0,
  brokerId: 'org_b',
  originBaseUTCOffset: -5,
  lockdownMarketplaceBuyer: false,
  shipmentAlertTypes: [],
  activeTransitLeg: {
    transitLegId: 'leg_1',
    status: S.Committed,
    transitType: 1,
    carrierMasterId: 'car_1',
    carrierMasterName: 'Old Line Freight',
    carrierPhone: null,
    serviceLevel: null,
    scac: 'OLFT',
    trackingUrl: null,
    shipmentTransitlegTariff: {
      integrationEnableAPITracking: false,
      integrationSourceId: null,
      trackingIntegrationEnableAPITracking: false,
      trackingIntegrationSourceId: null,
    },
  },
  shipmentTransitStops: [
    {
      stopId: 'stp_1',
      stopType: 'FirstPick',
      sequence: 1,
      companyName: 'Acme Plant 2',
      streetAddress: null,
      streetAddressTwo: null,
      city: 'Dayton',
      state: 'OH',
      zipCode: '45414',
      country: 'USA',
      scheduledReadyDateTime: '2026-11-24T08:00:00',
      scheduledCloseDateTime: '2026-11-24T16:00:00',
      appointmentReadyDateTime: null,
      appointmentEndDateTime: null,
      actualArrivalDateTime: null,
      actualDepartureDateTime: null,
    },
  ],
  shipmentTransitReferenceNumbers: [
    {
      referenceId: 'ref_1',
      referenceType: null,
      referenceTypeCode: 'LinehaulCarrierProNumber',
      transitLegId: 'leg_1',
      value: 'OLFT100001',
    },
  ],
  suggestedStatuses: { previous: S.Quote, next: S.Ready, other: S.Dispatched },
  manualStatuses: [
    S.Quote,
    S.Committed,
    S.Ready,
    S.Sent,
    S.Dispatched,
    S.InTransit,
    S.OutForDelivery,
    S.Delivered,
  ],
  allowedStatuses: [S.Quote, S.Ready],
  canCancel: true,
};

describe('the status-update payload (000 §3)', () => {
  it('reads the form from the edit-status view: the active leg pro number by leg type, dates, Private note', () => {
    const form = formOf(details);
    expect(form.proNumber).toBe('OLFT100001');
    expect(form.pickup.ready).toEqual({ date: '2026-11-24', time: '08:00' });
    expect(form.accessLevel).toBe(1);
    expect(form.choice).toBeNull();
  });

  it('sends the status and only what changed', () => {
    const initial = formOf(details);
    expect(buildStatusUpdate(details, initial, { ...initial, choice: S.Ready }, '2026-11-23')).toEqual({
      shipmentId: 10002,
      status: S.Ready,
    });
    const edited = {
      ...initial,
      choice: -1,
      proNumber: ' OLFT100002 ',
      location: 'Dayton, OH',
      activity: 'Customer called',
      pinActivity: true,
      pickup: { ...initial.pickup, close: { date: '2026-11-24', time: '17:00' } },
    };
    expect(buildStatusUpdate(details, initial, edited, '2026-11-23')).toEqual({
      shipmentId: 10002,
      status: -1,
      addSystemAlertLostQuote: true,
      pickupCloseDateTime: '2026-11-24T17:00:00',
      proNumber: 'OLFT100002',
      location: 'Dayton, OH',
      activity: 'Customer called',
      accessLevel: 1,
      pinActivity: true,
    });
  });

  it('no choice keeps the current status; a cleared pro number is null', () => {
    const initial = formOf(details);
    expect(buildStatusUpdate(details, initial, { ...initial, proNumber: '' }, '2026-11-23')).toEqual({
      shipmentId: 10002,
      status: S.Committed,
      proNumber: null,
    });
  });

  it('offers the Admin access level to IT support admins only (000 §6)', () => {
    expect(accessLevelChoices(false)).toEqual([0, 1]);
    expect(accessLevelChoices(true)).toEqual([0, 1, 2]);
  });
});
