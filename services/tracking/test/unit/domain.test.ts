// The pure rules of services/tracking/src/domain, one by one.
import { createRequire } from 'node:module';
import { ShipmentLocationType, ShipmentStatus, ZIP_SEARCH_LIMIT } from '@loadline/contracts/catalogue';
import { demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import { describe, expect, it } from 'vitest';
import { readZipRecords, zipIndex } from '../../src/adapters/zip-data.ts';
import { demoHistory } from '../../src/domain/demo-history.ts';
import {
  driverLinkToken,
  isValidDriverLocationStatus,
  linkState,
  normalizeCellPhone,
  requestIdOfToken,
} from '../../src/domain/driver-location.ts';
import {
  checkCallLocationType,
  isYearOld,
  parseCheckCallText,
  placeLocation,
} from '../../src/domain/locations.ts';
import { along, shareGone } from '../../src/domain/route-position.ts';
import { instantOfWallClock, offsetMinutesAt, timeZoneAt, timeZoneOf } from '../../src/domain/time-zones.ts';
import { distanceKm, toZipPlace, ZipIndex, zipKey } from '../../src/domain/zip-index.ts';

const S = ShipmentStatus.values;
const L = ShipmentLocationType.values;
const zips = zipIndex();

describe('the ZIP index', () => {
  it('holds the real dataset: US ZIP codes and Canadian areas with coordinates', () => {
    expect(zips.size).toBeGreaterThan(40_000);
    expect(zips.lookup('94607')).toMatchObject({ city: 'Oakland', state: 'CA', country: 'USA' });
    expect(zips.lookup('T2P')).toMatchObject({ state: 'AB', country: 'Canada' });
  });

  it('reads ZIP+4 and full Canadian codes, nothing else', () => {
    expect(zipKey('45414-1234')).toBe('45414');
    expect(zipKey(' h3z 2y7 ')).toBe('H3Z');
    expect(zipKey('4541')).toBeUndefined();
    expect(zipKey('')).toBeUndefined();
  });

  it('names a Canadian area’s province from its first letter when the record does not', () => {
    const place = toZipPlace({
      zip: 'E4K',
      city: 'Sackville',
      state: 'Shediac Bridge',
      country: 'Canada',
      latitude: 45.9,
      longitude: -64.4,
    });
    expect(place).toMatchObject({ state: 'NB', country: 'Canada' });
  });

  it('searches at most 25, by ZIP prefix or city prefix with an optional state', () => {
    const index = new ZipIndex(
      Array.from({ length: 40 }, (_, i) => ({
        zip: `100${String(i).padStart(2, '0')}`,
        city: 'New York',
        state: 'NY',
        country: 'USA',
        latitude: 40,
        longitude: -74,
      })),
    );
    expect(index.search('100')).toHaveLength(ZIP_SEARCH_LIMIT);
    expect(index.search('new york, ny', 5).map((p) => p.zip)).toEqual([
      '10000',
      '10001',
      '10002',
      '10003',
      '10004',
    ]);
    expect(index.search('new york, nj')).toEqual([]);
  });

  it('finds the nearest place to a position, none far out at sea', () => {
    expect(zips.nearest(41.525, -88.08)?.city).toBe('Joliet');
    expect(zips.nearest(30, -40)).toBeUndefined();
  });

  it('finds the place a scan of every place finds nearest, within 150 km (the grid search is exact)', () => {
    const located = readZipRecords()
      .map(toZipPlace)
      .filter((p) => p.latitude !== null && p.longitude !== null);
    for (let i = 0; i < 300; i++) {
      // spread over the lower 48 and southern Canada, deserts and coasts included
      const latitude = 25 + ((i * 7919) % 2500) / 100;
      const longitude = -125 + ((i * 104729) % 6000) / 100;
      const closest = Math.min(
        ...located.map((p) => distanceKm(latitude, longitude, p.latitude!, p.longitude!)),
      );
      const found = zips.nearest(latitude, longitude);
      if (closest > 150) expect(found).toBeUndefined();
      else expect(distanceKm(latitude, longitude, found!.latitude!, found!.longitude!)).toBe(closest);
    }
  });

  it('finds what a scan finds in dense places too, and at a place shared by several ZIPs the first of the dataset', () => {
    // One place per ZIP, the last record winning, in the dataset's order (as the index keeps them).
    const byZip = new Map(readZipRecords().map((r) => [toZipPlace(r).zip, toZipPlace(r)]));
    const located = [...byZip.values()].filter((p) => p.latitude !== null && p.longitude !== null);
    // The first place at each position, in the dataset's order: what a tie at that position settles on.
    const firstAt = new Map<string, string>();
    for (const p of located)
      if (!firstAt.has(`${p.latitude},${p.longitude}`)) firstAt.set(`${p.latitude},${p.longitude}`, p.zip);
    for (let i = 0; i < 400; i++) {
      const place = located[(i * 7919) % located.length]!;
      // every fourth exactly at the place, the others a few hundred metres to a few kilometres off
      const at = i % 4 === 0;
      const latitude = place.latitude! + (at ? 0 : (((i * 31) % 41) - 20) / 1000);
      const longitude = place.longitude! + (at ? 0 : (((i * 17) % 37) - 18) / 1000);
      const closest = Math.min(
        ...located.map((p) => distanceKm(latitude, longitude, p.latitude!, p.longitude!)),
      );
      const found = zips.nearest(latitude, longitude)!;
      expect(distanceKm(latitude, longitude, found.latitude!, found.longitude!)).toBe(closest);
      if (at) expect(found.zip).toBe(firstAt.get(`${latitude},${longitude}`));
    }
  });
});

describe('the ZIP dataset read through a child process', () => {
  it('hands over every record of the zipcodes package with its six fields intact', () => {
    const { codes } = createRequire(import.meta.url)('zipcodes') as {
      codes: Record<
        string,
        { zip: string; city: string; state: string; country: string; latitude: number; longitude: number }
      >;
    };
    const direct = Object.values(codes);
    const records = readZipRecords();
    expect(records).toHaveLength(direct.length);
    expect(records.length).toBeGreaterThan(40_000);
    const byZip = new Map(records.map((r) => [r.zip, r]));
    for (const r of direct) {
      const got = byZip.get(r.zip)!;
      expect(got, r.zip).toBeDefined();
      expect([got.city, got.state, got.country]).toEqual([r.city, r.state, r.country]);
      expect(got.latitude).toBe(Number.isFinite(Number(r.latitude)) ? Number(r.latitude) : 0);
      expect(got.longitude).toBe(Number.isFinite(Number(r.longitude)) ? Number(r.longitude) : 0);
    }
  });
});

describe('time at the place', () => {
  it('finds the zone by state, split states by longitude, and the offset with daylight saving', () => {
    expect(timeZoneOf('OH')).toBe('America/New_York');
    expect(timeZoneOf('TX', -106.4)).toBe('America/Denver');
    expect(timeZoneOf('TX', -96.8)).toBe('America/Chicago');
    expect(timeZoneOf('ZZ')).toBeUndefined();
    expect(offsetMinutesAt('America/Chicago', new Date('2026-01-15T12:00:00Z'))).toBe(-360);
    expect(offsetMinutesAt('America/Chicago', new Date('2026-07-15T12:00:00Z'))).toBe(-300);
    expect(offsetMinutesAt('America/Phoenix', new Date('2026-07-15T12:00:00Z'))).toBe(-420);
  });

  it("finds a place's zone by its position where its state keeps another (issue 14 item 10)", () => {
    // Hammond, IN (Lake County) keeps Central time; Indianapolis Eastern; Iron Mountain, MI Central.
    const hammond = zips.lookup('46320')!;
    expect(
      offsetMinutesAt(
        timeZoneAt(hammond.latitude, hammond.longitude, 'IN')!,
        new Date('2026-01-15T12:00:00Z'),
      ),
    ).toBe(-360);
    expect(offsetMinutesAt(timeZoneAt(39.77, -86.16, 'IN')!, new Date('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(offsetMinutesAt(timeZoneAt(45.82, -88.06, 'MI')!, new Date('2026-07-15T12:00:00Z'))).toBe(-300);
    // No position: the state decides.
    expect(timeZoneAt(null, null, 'CA')).toBe('America/Los_Angeles');
    expect(timeZoneAt(null, null, null)).toBeUndefined();
  });

  it('reads a wall clock as an instant, also across a daylight-saving change', () => {
    expect(instantOfWallClock('2026-11-23T06:30:00', 'America/Chicago').toISOString()).toBe(
      '2026-11-23T12:30:00.000Z',
    );
    // 2026-03-08: clocks go forward at 02:00 in Chicago; 03:30 is CDT.
    expect(instantOfWallClock('2026-03-08T03:30:00', 'America/Chicago').toISOString()).toBe(
      '2026-03-08T08:30:00.000Z',
    );
  });
});

describe('placing a location', () => {
  const now = new Date('2026-11-23T18:00:00Z');
  it('by coordinates: the nearest ZIP names the place; the time is an instant', () => {
    const placed = placeLocation(
      {
        locationType: L.InTransit,
        latitude: 41.525,
        longitude: -88.08,
        locationDateTime: '2026-11-23T17:00:00Z',
      },
      zips,
      now,
      null,
    );
    expect(placed).toMatchObject({
      ok: true,
      location: {
        city: 'Joliet',
        state: 'IL',
        locationStringFull: expect.stringMatching(/^Joliet, IL 604\d\d$/),
        utcOffsetMinutes: -360,
      },
    });
  });

  it("a wall clock is read in the place's own zone: Hammond, IN in Central time, Long Beach in Pacific daylight time", () => {
    const hammond = placeLocation(
      { locationType: L.InTransit, zipCode: '46320', locationDateTime: '2026-11-23T10:00' },
      zips,
      now,
      -300,
    );
    expect(hammond).toMatchObject({ ok: true, location: { utcOffsetMinutes: -360 } });
    expect(hammond.ok && hammond.location.locationDateTime.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    const longBeach = placeLocation(
      { locationType: L.InTransit, zipCode: '90802', locationDateTime: '2026-07-10T09:00' },
      zips,
      new Date('2026-07-10T17:00:00Z'),
      -300,
    );
    expect(longBeach).toMatchObject({ ok: true, location: { utcOffsetMinutes: -420 } });
    expect(longBeach.ok && longBeach.location.locationDateTime.toISOString()).toBe(
      '2026-07-10T16:00:00.000Z',
    );
  });

  it('a wall clock without a place zone is read at the shipment’s origin offset', () => {
    const placed = placeLocation(
      {
        locationType: L.Informational,
        locationStringFull: 'Near the border',
        locationDateTime: '2026-11-23T10:00',
      },
      zips,
      now,
      -300,
    );
    expect(placed.ok && placed.location.locationDateTime.toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });

  it('lists every problem', () => {
    const placed = placeLocation(
      { locationType: 35, zipCode: '00000', locationDateTime: 'tomorrow' },
      zips,
      now,
      null,
      'locations.0.',
    );
    expect(placed.ok ? [] : placed.problems.map((p) => p.field)).toEqual([
      'locations.0.locationType',
      'locations.0.zipCode',
      'locations.0.locationDateTime',
    ]);
  });

  it('reads a check call’s text by ZIP, by city and state, else keeps the text', () => {
    expect(parseCheckCallText('Joliet IL 60435', zips)).toMatchObject({ zipCode: '60435' });
    expect(parseCheckCallText('Toledo, OH', zips)).toMatchObject({ city: 'Toledo', state: 'OH' });
    expect(parseCheckCallText('at the truck stop', zips)).toEqual({
      locationType: 0,
      locationStringFull: 'at the truck stop',
    });
    expect(checkCallLocationType(S.InTransit)).toBe(L.InTransit);
    expect(checkCallLocationType(S.Dispatched)).toBe(L.Informational);
  });

  it('a shipment created a year ago to the day is year-old (000 §4, §9)', () => {
    expect(isYearOld(new Date('2025-11-23T18:00:00Z'), now)).toBe(true);
    expect(isYearOld(new Date('2025-11-24T00:00:00Z'), now)).toBe(false);
  });
});

describe('driver location rules', () => {
  it('a driver is asked only while the load is dispatched, in transit or out for delivery', () => {
    expect([S.Dispatched, S.InTransit, S.OutForDelivery].every(isValidDriverLocationStatus)).toBe(true);
    expect(
      [S.Quote, S.Committed, S.Ready, S.Sent, S.Delivered, S.Complete, S.Canceled].some(
        isValidDriverLocationStatus,
      ),
    ).toBe(false);
  });

  it('reads 10-digit North American numbers', () => {
    expect(normalizeCellPhone('(555) 020-3016')).toBe('5550203016');
    expect(normalizeCellPhone('+1 555 020 3016')).toBe('5550203016');
    expect(normalizeCellPhone('155502030')).toBeUndefined();
    expect(normalizeCellPhone('0550203016')).toBeUndefined();
  });

  it('a link token is signed: another secret or an edited id is refused', () => {
    const token = driverLinkToken('drq_abc', 'secret-1');
    expect(requestIdOfToken(token, 'secret-1')).toBe('drq_abc');
    expect(requestIdOfToken(token, 'secret-2')).toBeUndefined();
    expect(requestIdOfToken(token.replace('drq_abc', 'drq_abd'), 'secret-1')).toBeUndefined();
    expect(requestIdOfToken('nonsense', 'secret-1')).toBeUndefined();
  });

  it('a link is used once and expires', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(linkState({ usedAt: null, expiresAt: new Date('2026-11-23T13:00:00Z') }, now)).toBe('open');
    expect(linkState({ usedAt: now, expiresAt: new Date('2026-11-23T13:00:00Z') }, now)).toBe('used');
    expect(linkState({ usedAt: null, expiresAt: now }, now)).toBe('expired');
  });
});

describe('positions along a lane and the demo histories', () => {
  it('interpolates between origin and destination by the share of time gone', () => {
    expect(along({ latitude: 40, longitude: -80 }, { latitude: 42, longitude: -84 }, 0.5)).toEqual({
      latitude: 41,
      longitude: -82,
    });
    expect(shareGone(new Date(0), new Date(1000), new Date(250))).toBe(0.25);
    expect(shareGone(new Date(0), new Date(1000), new Date(5000))).toBe(1);
  });

  it('gives every demo shipment that left its origin a history, delivered ones a destination, the rest none', () => {
    const plans = demoShipmentPlans('2026-11-23');
    const now = new Date('2026-11-23T12:00:00Z');
    for (const plan of plans) {
      const history = demoHistory(plan, zips, now);
      if (!plan.pickedUp) expect(history).toEqual([]);
      else {
        expect(history[0]!.locationType).toBe(L.Origin);
        if (plan.delivered) expect(history.at(-1)!.locationType).toBe(L.Destination);
        else expect(history.some((l) => l.locationType === L.Destination)).toBe(false);
        expect(history.every((l) => l.locationDateTime.getTime() <= now.getTime() + 86400_000 * 14)).toBe(
          true,
        );
      }
    }
    expect(plans.filter((p) => p.pickedUp).length).toBeGreaterThan(10);
  });
});

describe('what a location carries stays within the location.added contract', () => {
  it('shortens a Canadian area’s long list of neighbourhoods, and bounds free text', () => {
    expect(zips.lookup('M5V')!.city.length).toBeLessThanOrEqual(60);
    const placed = placeLocation(
      {
        locationType: 0,
        city: 'X'.repeat(100),
        state: 'ON',
        locationStringFull: 'Y'.repeat(500),
        latitude: 43.64,
        longitude: -79.39,
      },
      zips,
      new Date(),
      null,
    );
    expect(placed.ok && placed.location.locationStringFull.length).toBe(400);
    // Downtown Toronto's area: the position is named by it, and the event accepts it.
    const toronto = placeLocation(
      { locationType: 30, latitude: 43.6455, longitude: -79.3807 },
      zips,
      new Date(),
      null,
    );
    expect(toronto.ok && toronto.location.city!.length).toBeLessThanOrEqual(100);
  });
});
