// Geocoding and ZIP codes from the bundled dataset (000 §3 "Zip lookup", §5, §7; issue 4 item 2):
// GET /api/location (address → position), /api/location/zipCodes, /searchZipCodes (25 at most),
// /validateZipCodes. Any signed-in user; answered from memory.
import { ZIP_SEARCH_LIMIT } from '@loadline/contracts/catalogue';
import { type App, notFound, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { timeZoneAt } from '../domain/time-zones.ts';
import type { ZipIndex, ZipPlace } from '../domain/zip-index.ts';
import { errors, GeocodeQuery, ZipSearchAnswer, ZipSearchQuery } from './schemas.ts';

const zipOut = (p: ZipPlace) => ({
  zip: p.zip,
  city: p.city,
  state: p.state,
  country: p.country,
  latitude: p.latitude,
  longitude: p.longitude,
  timeZone: timeZoneAt(p.latitude, p.longitude, p.state) ?? null,
});

export async function registerZipRoutes(app: App, zips: () => ZipIndex): Promise<void> {
  app.get(
    '/api/location',
    {
      preHandler: requireUser,
      schema: {
        tags: ['zip codes'],
        summary:
          'Geocodes an address (000 §7): the centre of its ZIP code, else of its city and state; 404 when neither is known',
        querystring: GeocodeQuery,
        response: { 200: Type.Ref('Geocoded'), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const byZip = q.zipCode ? zips().lookup(q.zipCode) : undefined;
      const place =
        byZip?.latitude != null
          ? byZip
          : q.city
            ? zips()
                .inCity(q.city, q.state)
                .find((p) => p.latitude !== null)
            : undefined;
      if (!place || place.latitude === null || place.longitude === null)
        throw notFound('No place was found for this address. Check the ZIP code, or the city and state.');
      return {
        latitude: place.latitude,
        longitude: place.longitude,
        city: place.city,
        state: place.state,
        zipCode: place.zip,
        country: place.country,
        precision: place === byZip ? ('zip' as const) : ('city' as const),
      };
    },
  );

  app.get(
    '/api/location/zipCodes',
    {
      preHandler: requireUser,
      schema: {
        tags: ['zip codes'],
        summary: 'The city, state and country of a ZIP code (000 §3); null when the code is unknown',
        querystring: Type.Object(
          { zipCode: Type.String({ maxLength: 20 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Union([Type.Ref('ZipLookup'), Type.Null()]), ...errors },
      },
    },
    async (request) => {
      const place = zips().lookup(request.query.zipCode);
      return place ? zipOut(place) : null;
    },
  );

  app.get(
    '/api/location/searchZipCodes',
    {
      preHandler: requireUser,
      schema: {
        tags: ['zip codes'],
        summary: `ZIP codes starting with the query, or places of a city starting with it; at most ${ZIP_SEARCH_LIMIT} (000 §9)`,
        querystring: ZipSearchQuery,
        response: { 200: ZipSearchAnswer, ...errors },
      },
    },
    async (request) => zips().search(request.query.query, ZIP_SEARCH_LIMIT).map(zipOut),
  );

  app.get(
    '/api/location/validateZipCodes',
    {
      preHandler: requireUser,
      schema: {
        tags: ['zip codes'],
        summary: 'Quick quote (000 §5): true when both the origin and the destination ZIP codes are known',
        querystring: Type.Object(
          { originZip: Type.String({ maxLength: 20 }), destinationZip: Type.String({ maxLength: 20 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    async (request) =>
      Boolean(zips().lookup(request.query.originZip) && zips().lookup(request.query.destinationZip)),
  );
}
