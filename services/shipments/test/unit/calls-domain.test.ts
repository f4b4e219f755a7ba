// Pure rules behind the other 000 §7 calls: tracking link, pro-number duplicates, credit hold,
// alerts, bill-to, shipment type and year-old, universal search.
import {
  CANCEL_STATUS_CHOICE,
  PaymentPreference,
  ShipmentAlertType,
  ShipmentStatus,
  ShipmentType,
  UniversalSearchResultType,
} from '@loadline/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { alertDefinition, alertDefinitions } from '../../src/domain/alerts.ts';
import { checkBillTo, normalizeBillTo } from '../../src/domain/bill-to.ts';
import { type CreditPosition, checkCreditHold, isBeyondCommitted } from '../../src/domain/credit-hold.ts';
import { checksDuplicates, proTypesToCompare } from '../../src/domain/pro-number.ts';
import { isYearOld, typeData } from '../../src/domain/shipment-type.ts';
import { trackingLink } from '../../src/domain/tracking-link.ts';
import {
  isLongEnough,
  mergeHits,
  searchResult,
  shipmentNumberOf,
  startsWithPattern,
} from '../../src/domain/universal-search.ts';

const S = ShipmentStatus.values;

describe('tracking link (000 §5)', () => {
  it('adds https when there is no scheme and replaces the pro-number placeholder', () => {
    expect(trackingLink('carrier.example/track?pro={ProNumber}', 'AB 123/4')).toBe(
      'https://carrier.example/track?pro=AB%20123%2F4',
    );
    expect(trackingLink('http://carrier.example/{pro}/{PRONUMBER}', 'X1')).toBe(
      'http://carrier.example/X1/X1',
    );
    expect(trackingLink('//carrier.example/t', 'X1')).toBe('https://carrier.example/t');
    expect(trackingLink(' https://carrier.example/t ', 'X1')).toBe('https://carrier.example/t');
  });

  it('gives no link without a URL or without a pro number', () => {
    expect(trackingLink('https://carrier.example/{ProNumber}', null)).toBeNull();
    expect(trackingLink('https://carrier.example/{ProNumber}', '  ')).toBeNull();
    expect(trackingLink(null, 'X1')).toBeNull();
    expect(trackingLink('', 'X1')).toBeNull();
  });
});

describe('pro-number duplicates (000 §5)', () => {
  it('checks only with a carrier and 6 or more characters', () => {
    expect(checksDuplicates('car_1', 'ABC123')).toBe(true);
    expect(checksDuplicates('car_1', ' ABC12 ')).toBe(false);
    expect(checksDuplicates('', 'ABC123')).toBe(false);
    expect(checksDuplicates(undefined, 'ABC123')).toBe(false);
    expect(checksDuplicates('car_1', undefined)).toBe(false);
  });

  it('compares the pro type named, else all three', () => {
    expect(proTypesToCompare(undefined)).toEqual([
      'PickupCarrierProNumber',
      'DeliveryCarrierProNumber',
      'LinehaulCarrierProNumber',
    ]);
    expect(proTypesToCompare('LinehaulCarrierProNumber')).toEqual(['LinehaulCarrierProNumber']);
    expect(proTypesToCompare('5')).toHaveLength(3);
    expect(proTypesToCompare('Colour')).toHaveLength(3);
  });
});

describe('credit hold (000 §4, §7)', () => {
  const approved: CreditPosition = {
    paymentPreference: PaymentPreference.values.Approved,
    creditLimit: 10000,
    openBalance: 0,
    creditLimitExceededAlert: false,
  };
  const onHold = { ...approved, paymentPreference: PaymentPreference.values.CreditHold };

  it('refuses a move beyond Committed for a customer on hold or over its limit', () => {
    expect(checkCreditHold(S.Committed, S.Ready, onHold)).toEqual({ allowed: false, reason: 'CreditHold' });
    expect(checkCreditHold(S.Quote, S.Dispatched, { ...approved, creditLimitExceededAlert: true })).toEqual({
      allowed: false,
      reason: 'OverCreditLimit',
    });
    expect(checkCreditHold(S.Quote, S.Dispatched, { ...approved, openBalance: 10000.01 })).toMatchObject({
      allowed: false,
    });
    expect(checkCreditHold(S.Canceled, S.Ready, onHold)).toMatchObject({ allowed: false });
  });

  it('lets Committed, Quote and cancel through, loads already moving keep moving, good customers go', () => {
    for (const to of [S.Committed, S.Quote, S.Canceled, CANCEL_STATUS_CHOICE]) {
      expect(isBeyondCommitted(to)).toBe(false);
      expect(checkCreditHold(S.Committed, to, onHold)).toEqual({ allowed: true });
    }
    expect(checkCreditHold(S.Dispatched, S.InTransit, onHold)).toEqual({ allowed: true });
    expect(checkCreditHold(S.Committed, S.Ready, approved)).toEqual({ allowed: true });
    expect(checkCreditHold(S.Committed, S.Ready, { ...approved, creditLimit: null })).toEqual({
      allowed: true,
    });
    expect(checkCreditHold(S.Committed, S.Ready, { ...approved, creditLimit: 0 })).toEqual({ allowed: true });
  });
});

describe('alerts (000 §3)', () => {
  it('names the catalogue’s alert types with their settings, and leaves others unnamed', () => {
    expect(alertDefinitions().map((d) => d.type)).toEqual([218, 222, 223, 224, 265, 269, 270]);
    expect(alertDefinition(ShipmentAlertType.values.Hold)).toEqual({
      alertId: 265,
      type: 265,
      displayName: 'Hold',
      settings: { color: 'red', icon: 'hand-stop' },
      systemRaised: false,
    });
    expect(alertDefinition(240)).toMatchObject({ displayName: null, settings: { color: 'amber' } });
    expect(alertDefinition(231).settings.color).toBe('red');
    expect(alertDefinition(267).settings.color).toBe('blue');
    expect(alertDefinition(5).settings.color).toBe('grey');
  });
});

describe('bill-to', () => {
  it('trims, takes the USA when no country is given, and asks for street, city, state and ZIP there', () => {
    const address = normalizeBillTo({
      streetAddress: ' 1 Main St ',
      city: 'Dayton',
      state: 'oh',
      zipCode: '',
    });
    expect(address).toEqual({
      companyName: null,
      streetAddress: '1 Main St',
      streetAddressTwo: null,
      city: 'Dayton',
      state: 'OH',
      zipCode: null,
      country: 'USA',
    });
    expect(checkBillTo(address)).toEqual([{ field: 'zipCode', message: 'ZIP code is required.' }]);
    expect(checkBillTo({ ...address, zipCode: '4541' })).toEqual([
      { field: 'zipCode', message: 'ZIP code must be 5 digits (or ZIP+4).' },
    ]);
    expect(checkBillTo({ ...address, zipCode: '45414-1234' })).toEqual([]);
    expect(checkBillTo(normalizeBillTo({}))).toEqual([
      { field: 'streetAddress', message: 'Street address is required.' },
      { field: 'city', message: 'City is required.' },
      { field: 'state', message: 'State is required.' },
      { field: 'zipCode', message: 'ZIP code is required.' },
    ]);
    expect(checkBillTo(normalizeBillTo({ streetAddress: '1 Rue', city: 'Lyon', country: 'France' }))).toEqual(
      [],
    );
  });
});

describe('shipment type and year-old (000 §2, §4)', () => {
  it('tells domestic, international and ocean apart', () => {
    expect(typeData(ShipmentType.values.LTL)).toEqual({
      shipmentType: 2,
      shipmentTypeCodes: ['LTL'],
      isInternational: false,
      isDomestic: true,
      isOcean: false,
    });
    expect(typeData(ShipmentType.values.Ocean)).toMatchObject({
      isInternational: true,
      isOcean: true,
      isDomestic: false,
    });
  });

  it('counts a shipment created a year ago or more as year-old', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isYearOld('2025-11-23T12:00:00Z', now)).toBe(true);
    expect(isYearOld('2025-11-23T12:00:01Z', now)).toBe(false);
    expect(isYearOld('2024-02-29T00:00:00Z', new Date('2025-03-01T00:00:00Z'))).toBe(true);
  });
});

describe('universal search over shipments (001 §5)', () => {
  it('searches above 3 characters; digits name a shipment number', () => {
    expect(isLongEnough('1000')).toBe(true);
    expect(isLongEnough(' 100 ')).toBe(false);
    expect(shipmentNumberOf('10005')).toBe(10005);
    expect(shipmentNumberOf('PO-1')).toBeUndefined();
    expect(startsWithPattern(' PO_7% ')).toBe('po\\_7\\%%');
  });

  it('puts the exact number first, one result per shipment, at most the limit, shaped like the directory’s', () => {
    const hit = (shipmentId: number, reference: { code: string; value: string } | null = null) => ({
      shipmentId,
      customerOrganizationId: 'org_demo_acme',
      customerName: 'Acme Manufacturing',
      status: S.Dispatched,
      reference,
    });
    const merged = mergeHits(
      hit(10005),
      [hit(10005, { code: 'PONumber', value: '10005' }), hit(10006), hit(10007)],
      2,
    );
    expect(merged.map((h) => h.shipmentId)).toEqual([10005, 10006]);
    expect(searchResult(hit(10002, { code: 'LinehaulCarrierProNumber', value: 'PRXP123' }))).toEqual({
      universalSearchResultType: UniversalSearchResultType.values.Shipment,
      organizationId: 'org_demo_acme',
      staffId: null,
      shipmentId: '10002',
      updateStatusText:
        'Shipment 10002 · Dispatched · Acme Manufacturing · Linehaul Carrier Pro Number PRXP123',
    });
  });
});
