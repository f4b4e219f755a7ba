import { HAZARDOUS_ACCESSORIAL_ID } from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import {
  commodityClass,
  emptyCommodity,
  emptyPlace,
  newOrder,
  orderBody,
  orderProblems,
  problemsFromErrors,
  toggleAccessorial,
  withCommodityHazardous,
  withPickupReadyDate,
  withZipLookup,
} from './orderForm.ts';

const today = '2026-11-23';
const pallet = {
  ...emptyCommodity(),
  description: 'Parts',
  pieces: '2',
  weight: '900',
  length: '48',
  width: '40',
  height: '48',
};

describe('the order form (issue 17)', () => {
  it('opens with Quick quote’s ZIPs (000 §2 item 13) as an LTL quote with one line', () => {
    const form = newOrder(' 45414 ', '60632');
    expect(form.origin.zipCode).toBe('45414');
    expect(form.destination.zipCode).toBe('60632');
    expect(form.commodities).toHaveLength(1);
    expect(newOrder(null, null).origin.country).toBe('USA');
  });

  it('fills the place from the ZIP lookup; empty clears city and state and sets the USA; unknown clears (000 §5)', () => {
    const place = { ...newOrder(null, null).origin, city: 'Old', state: 'XX' };
    expect(
      withZipLookup(place, '45414', { zip: '45414', city: 'Dayton', state: 'OH', country: 'USA' }),
    ).toMatchObject({
      zipCode: '45414',
      city: 'Dayton',
      state: 'OH',
    });
    expect(withZipLookup(place, '', null)).toMatchObject({
      zipCode: '',
      city: '',
      state: '',
      country: 'USA',
    });
    expect(withZipLookup(place, '99999', null)).toMatchObject({ zipCode: '99999', city: '', state: '' });
  });

  it('gives the class from density on the broker’s scale, unless one is chosen (000 §5, 002 §9)', () => {
    const units = newOrder(null, null);
    expect(commodityClass(pallet, units, 'standard').freightClass).toBe(100);
    expect(commodityClass(pallet, units, 'alternate').freightClass).toBe(110);
    expect(commodityClass({ ...pallet, freightClass: '85' }, units, 'alternate')).toMatchObject({
      freightClass: 85,
      fromDensity: false,
    });
    expect(commodityClass({ ...pallet, length: '' }, units, 'standard').freightClass).toBeNull();
  });

  it('accessorial 46 marks a line hazardous; the back office opens the hazmat modal, the front office does not (001 §2)', () => {
    const form = { ...newOrder(null, null), commodities: [pallet, { ...pallet, description: 'Paint' }] };
    const front = toggleAccessorial(form, HAZARDOUS_ACCESSORIAL_ID, true, 'frontOffice');
    expect(front.hazmatFor).toBeNull();
    expect(front.form.commodities.map((c) => c.hazardous)).toEqual([true, false]);
    expect(front.form.accessorials).toEqual([HAZARDOUS_ACCESSORIAL_ID]);
    const back = toggleAccessorial(form, HAZARDOUS_ACCESSORIAL_ID, true, 'backOffice');
    expect(back.hazmatFor).toBe(0);
    const off = toggleAccessorial(back.form, HAZARDOUS_ACCESSORIAL_ID, false, 'backOffice');
    expect(off.form.commodities.every((c) => !c.hazardous && c.hazmat === null)).toBe(true);
    expect(off.form.accessorials).toEqual([]);
    expect(toggleAccessorial(form, 12, true, 'backOffice')).toMatchObject({
      hazmatFor: null,
      form: { accessorials: [12] },
    });
  });

  it('a hazardous line brings accessorial 46; none left takes it away', () => {
    const form = { ...newOrder(null, null), commodities: [pallet], accessorials: [12] };
    const marked = withCommodityHazardous(form, 0, true);
    expect(marked.accessorials).toEqual([12, HAZARDOUS_ACCESSORIAL_ID]);
    expect(withCommodityHazardous(marked, 0, false).accessorials).toEqual([12]);
  });

  it('a pickup ready moved after the close takes the close to its date (000 §5)', () => {
    const form = { ...newOrder(null, null), pickupClose: { date: '2026-11-24', time: '16:00' } };
    const moved = withPickupReadyDate(form, { date: '2026-11-26', time: '08:00' }, today);
    expect(moved.pickupClose.date).toBe('2026-11-26');
  });

  it('names the fields to fix before calling, like the service', () => {
    const form = {
      ...newOrder('', '60632'),
      commodities: [{ ...emptyCommodity(), pieces: '0', hazardous: true }],
      references: [{ referenceType: 5, value: ' ' }],
      pickupReady: { date: '2026-11-25', time: '17:00' },
      pickupClose: { date: '2026-11-25', time: '08:00' },
    };
    expect(Object.keys(orderProblems(form, 'backOffice', today)).sort()).toEqual(
      [
        'customerOrganizationId',
        'origin.zipCode',
        'pickupClose',
        'commodities.0.description',
        'commodities.0.pieces',
        'commodities.0.weight',
        'commodities.0.hazmat',
        'referenceNumbers.0.value',
      ].sort(),
    );
    expect(orderProblems(form, 'frontOffice', today)).not.toHaveProperty('commodities.0.hazmat');
  });

  it('builds POST /api/shipments: stops with their windows, lines with their class, the customer for staff only', () => {
    const form = {
      ...newOrder('45414', '60632'),
      customerOrganizationId: 'org_demo_acme',
      pickupReady: { date: '2026-12-01', time: '08:00' },
      commodities: [{ ...pallet, hazardous: true }],
      accessorials: [HAZARDOUS_ACCESSORIAL_ID],
      specialInstructions: '  Call first ',
    };
    const body = orderBody(form, 'frontOffice', today, 'standard');
    expect(body).not.toHaveProperty('customerOrganizationId');
    expect(body.stops[0]).toMatchObject({
      stopType: 'FirstPick',
      zipCode: '45414',
      scheduledReadyDateTime: '2026-12-01T08:00:00',
    });
    expect(body.stops[1]).toMatchObject({
      stopType: 'LastDrop',
      zipCode: '60632',
      scheduledReadyDateTime: null,
    });
    expect(body.commodities[0]).toMatchObject({
      pieces: 2,
      weight: 900,
      freightClass: 100,
      hazardous: true,
      hazmat: null,
    });
    expect(body).toMatchObject({
      accessorials: [HAZARDOUS_ACCESSORIAL_ID],
      specialInstructions: 'Call first',
      billTo: null,
    });
    expect(orderBody(form, 'backOffice', today, 'standard')).toMatchObject({
      customerOrganizationId: 'org_demo_acme',
    });
  });

  it("gives the shipment its origin's UTC offset at pickup, from the ZIP's zone (000 §4)", () => {
    const looked = withZipLookup(emptyPlace(), '45414', {
      zip: '45414',
      city: 'Dayton',
      state: 'OH',
      country: 'USA',
      timeZone: 'America/New_York',
    });
    expect(looked.timeZone).toBe('America/New_York');
    const form = { ...newOrder(null, '60632'), origin: looked };
    const at = (date: string) =>
      orderBody({ ...form, pickupReady: { date, time: '08:00' } }, 'frontOffice', today, 'standard');
    expect(at('2026-12-01').originBaseUTCOffset).toBe(-5);
    expect(at('2026-07-01').originBaseUTCOffset).toBe(-4);
    // no pickup time yet: the offset of today's date; no zone (an unknown ZIP): unknown, as before
    expect(orderBody(form, 'frontOffice', '2026-06-15', 'standard').originBaseUTCOffset).toBe(-4);
    expect(
      orderBody({ ...form, origin: withZipLookup(looked, '00000', null) }, 'frontOffice', today, 'standard'),
    ).not.toHaveProperty('originBaseUTCOffset');
  });

  it('puts the service’s field errors on the form’s fields', () => {
    expect(
      problemsFromErrors({
        'stops.0.scheduledCloseDateTime': ['Pickup close must not be before pickup ready.'],
        'stops.1.zipCode': ['bad'],
        'commodities.0.weight': ['Weight must be more than 0.'],
        // the platform's limits name the field, which the form shows the message under
        'stops.0.companyName': ['stops.0.companyName must be at most 200 characters.'],
        'commodities.0.length': ['commodities.0.length must be at least 0.'],
      }),
    ).toEqual({
      pickupClose: 'Pickup close must not be before pickup ready.',
      'destination.zipCode': 'bad',
      'commodities.0.weight': 'Weight must be more than 0.',
      'origin.companyName': 'Must be at most 200 characters.',
      'commodities.0.length': 'Must be at least 0.',
    });
  });
});
