// Test data in the shapes of the generated contract (contracts/types/tracking.ts) and msw handlers for
// the calls the tracking remote makes.
import { ShipmentLocationType } from '@loadline/contracts';
import { HttpResponse, http } from 'msw';
import type { DriverLocationModel, LastLocation, Location } from '../src/api/types.ts';

const T = ShipmentLocationType.values;

export function location(over: Partial<Location> = {}): Location {
  return {
    locationId: 1,
    shipmentId: 10017,
    locationType: T.InTransit,
    latitude: 41.5,
    longitude: -88.1,
    mostRecentLocation: false,
    locationStringFull: 'Joliet, IL 60435',
    locationDateTime: '2026-11-23T12:30:00.000Z',
    utcOffsetMinutes: -360,
    localDateTime: '2026-11-23T06:30:00',
    city: 'Joliet',
    state: 'IL',
    zipCode: '60435',
    country: 'USA',
    source: 'staff',
    addedBy: 'Omar Operations',
    isArchived: false,
    ...over,
  };
}

/** Dayton → Chicago: origin, two check calls (the newest most recent), no destination yet. */
export const history: Location[] = [
  location({
    locationId: 4,
    mostRecentLocation: true,
    locationStringFull: 'Gary, IN 46402',
    locationDateTime: '2026-11-23T15:00:00.000Z',
    localDateTime: '2026-11-23T09:00:00',
    latitude: 41.6,
    longitude: -87.3,
  }),
  location({
    locationId: 3,
    locationStringFull: 'Indianapolis, IN 46201',
    locationDateTime: '2026-11-23T03:15:00.000Z',
    localDateTime: '2026-11-22T22:15:00',
    utcOffsetMinutes: -300,
    latitude: 39.8,
    longitude: -86.1,
  }),
  location({
    locationId: 2,
    locationType: T.Origin,
    locationStringFull: 'Acme Plant 2, Dayton, OH 45414',
    locationDateTime: '2026-11-22T14:15:00.000Z',
    localDateTime: '2026-11-22T09:15:00',
    utcOffsetMinutes: -300,
    latitude: 39.8,
    longitude: -84.2,
  }),
];

export const lastLocation = (over: Partial<LastLocation> = {}): LastLocation => ({
  shipmentId: 10017,
  locationStringFull: 'Gary, IN 46402',
  locationDateTime: '2026-11-23T15:00:00.000Z',
  utcOffsetMinutes: -360,
  ...over,
});

export const driverModel = (over: Partial<DriverLocationModel> = {}): DriverLocationModel => ({
  shipmentId: 10017,
  isValidStatus: true,
  driverCellPhoneNumber: '(555) 020-3016',
  ...over,
});

/** The calls a history modal makes on opening, for shipment 10017. */
export function trackingHandlers(
  options: { locations?: Location[]; createdDate?: string; yearOld?: boolean } = {},
) {
  return [
    http.get('*/api/config', () =>
      HttpResponse.json({
        remotes: {},
        ssoEnabled: false,
        ssoLoginUrl: null,
        environment: 'test',
        mapTileUrl: null,
      }),
    ),
    http.get('*/api/location/:shipmentId', () => HttpResponse.json(options.locations ?? history)),
    http.get('*/api/shipmentDomestic/:shipmentId', () =>
      HttpResponse.json({
        shipmentId: 10017,
        createdDate: options.createdDate ?? '2026-11-20T10:00:00.000Z',
        yearOld: options.yearOld ?? false,
      }),
    ),
    http.get('*/api/Lastlocation/:shipmentId', () => HttpResponse.json(lastLocation())),
    http.get('*/api/requestDriverLocation/getRequestDriverLocationModel/:shipmentId', () =>
      HttpResponse.json(driverModel()),
    ),
  ];
}

export const serverError = () =>
  HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, { status: 500 });
