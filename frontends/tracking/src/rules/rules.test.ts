import '../../test/setup.ts';
import { messages, ShipmentLocationType } from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import { history, location } from '../../test/fixtures.ts';
import { isYearOld, locationOfEvent, splitLocations, usesWideLayout, withLiveLocation } from './locations.ts';
import { locationTimeLabel, timeLabel, wallClockNow, wallClockNowIn, zoneLabel } from './time.ts';
import { onZipEntered, onZipLookedUp } from './zip.ts';

const T = ShipmentLocationType.values;

describe('time labels (000 §3: MM/DD HH:mm A)', () => {
  it('formats a wall clock, AM before noon and PM from noon', () => {
    expect(timeLabel('2026-11-23T06:30:00')).toBe('11/23 06:30 AM');
    expect(timeLabel('2026-11-23T14:05:00')).toBe('11/23 14:05 PM');
    expect(timeLabel('2026-01-02T12:00')).toBe('01/02 12:00 PM');
  });

  it('switches between UTC and the place’s own time', () => {
    const l = location();
    expect(locationTimeLabel(l, 'utc')).toBe('11/23 12:30 PM UTC');
    expect(locationTimeLabel(l, 'local')).toBe('11/23 06:30 AM UTC−06:00');
    expect(locationTimeLabel({ ...l, localDateTime: null }, 'local')).toBe('11/23 12:30 PM UTC');
  });

  it('defaults the add form to now at the place, in its own zone with daylight saving, and labels it (issue 14 item 10)', () => {
    expect(wallClockNow(-300, new Date('2026-11-23T15:04:00Z'))).toBe('2026-11-23T10:04');
    // Long Beach in July is on Pacific daylight time, whatever the browser's zone.
    expect(wallClockNowIn('America/Los_Angeles', new Date('2026-07-10T17:05:00Z'))).toBe('2026-07-10T10:05');
    expect(wallClockNowIn('America/Los_Angeles', new Date('2026-11-23T17:05:00Z'))).toBe('2026-11-23T09:05');
    expect(zoneLabel('America/Los_Angeles', '2026-07-10T10:05')).toBe('Pacific Daylight Time (UTC−07:00)');
    expect(zoneLabel('America/Chicago', '2026-11-23T10:00')).toBe('Central Standard Time (UTC−06:00)');
  });
});

describe('lists and layout (000 §2 item 3, §9)', () => {
  it('splits origin, destination and the others', () => {
    const lists = splitLocations([...history, location({ locationId: 9, locationType: T.Destination })]);
    expect(lists.origin.map((l) => l.locationId)).toEqual([2]);
    expect(lists.destination.map((l) => l.locationId)).toEqual([9]);
    expect(lists.other.map((l) => l.locationId)).toEqual([4, 3]);
  });

  it('uses the wide layout above 2 locations', () => {
    expect(usesWideLayout(2)).toBe(false);
    expect(usesWideLayout(3)).toBe(true);
  });

  it('a shipment created a year ago to the day is year-old', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isYearOld('2025-11-23T12:00:00Z', now)).toBe(true);
    expect(isYearOld('2025-11-23T12:00:01Z', now)).toBe(false);
  });

  it('adds a live location once, newest first, moving the most recent flag to it', () => {
    const added = location({
      locationId: 5,
      mostRecentLocation: true,
      locationDateTime: '2026-11-23T16:00:00.000Z',
    });
    const merged = withLiveLocation(history, added);
    expect(merged.map((l) => l.locationId)).toEqual([5, 4, 3, 2]);
    expect(merged.filter((l) => l.mostRecentLocation).map((l) => l.locationId)).toEqual([5]);
    expect(withLiveLocation(merged, added)).toHaveLength(4);
    const older = location({
      locationId: 6,
      mostRecentLocation: false,
      locationDateTime: '2026-11-22T20:00:00.000Z',
    });
    const withOlder = withLiveLocation(history, older);
    expect(withOlder.map((l) => l.locationId)).toEqual([4, 3, 6, 2]);
    expect(withOlder.filter((l) => l.mostRecentLocation).map((l) => l.locationId)).toEqual([4]);
    // The flag follows the time, whatever the event said.
    const newerButUnflagged = location({
      locationId: 8,
      mostRecentLocation: false,
      locationDateTime: '2026-11-24T00:00:00.000Z',
    });
    expect(withLiveLocation(history, newerButUnflagged)[0]).toMatchObject({
      locationId: 8,
      mostRecentLocation: true,
    });
  });

  it('reads a location.added event as a location, and nothing else', () => {
    const event = {
      locationId: 7,
      shipmentId: 10017,
      locationType: 30,
      locationDateTime: '2026-11-23T16:00:00.000Z',
      utcOffsetMinutes: -360,
      locationStringFull: 'Joliet, IL 60435',
      latitude: 41.5,
      longitude: -88.1,
      mostRecentLocation: true,
      source: 'checkCall',
      addedBy: { userId: 'u', name: 'Omar' },
    };
    expect(locationOfEvent(event)).toMatchObject({
      locationId: 7,
      localDateTime: '2026-11-23T10:00:00',
      addedBy: 'Omar',
      mostRecentLocation: true,
    });
    expect(locationOfEvent({ organizationId: 'org_1' })).toBeUndefined();
  });
});

describe('the ZIP input (000 §5)', () => {
  const fields = { zipCode: '', city: 'Dayton', state: 'OH', country: 'Canada' };
  it('an empty ZIP clears city and state and sets the USA, without a lookup', () => {
    expect(onZipEntered(fields)).toEqual({
      fields: { zipCode: '', city: '', state: '', country: 'USA' },
      warning: null,
      lookUp: false,
    });
  });
  it('an unknown ZIP warns and clears, unless invalid ZIPs are allowed', () => {
    const typed = { ...fields, zipCode: '00000' };
    expect(onZipEntered(typed).lookUp).toBe(true);
    expect(onZipLookedUp(typed, null)).toEqual({
      fields: { ...typed, zipCode: '', city: '', state: '' },
      warning: messages.zip.invalid,
      lookUp: false,
    });
    expect(onZipLookedUp(typed, null, true).fields).toEqual(typed);
  });
  it('a known ZIP fills city, state and country', () => {
    const typed = { ...fields, zipCode: '60435' };
    expect(
      onZipLookedUp(typed, {
        zip: '60435',
        city: 'Joliet',
        state: 'IL',
        country: 'USA',
        latitude: 41.5,
        longitude: -88.1,
        timeZone: 'America/Chicago',
      }).fields,
    ).toEqual({ zipCode: '60435', city: 'Joliet', state: 'IL', country: 'USA' });
  });
});
