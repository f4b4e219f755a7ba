// Geocoding and ZIP codes from the bundled dataset (000 §3 "Zip lookup", §5, §7; issue 4 item 2):
// GET /api/location (address → position), /api/location/zipCodes, /searchZipCodes (25 at most),
// /validateZipCodes. Any signed-in user; answered from memory.
import { ZIP_SEARCH_LIMIT } from '@loadline/contracts/catalogue';
import { type App, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { geocode, lookupZip, searchZips, zipsAreKnown } from '../app/zips.ts';
import type { TrackingDeps } from '../service.ts';
import { zipOut } from './present.ts';
import { errors, GeocodeQuery, ZipSearchAnswer, ZipSearchQuery } from './schemas.ts';

export function zipRoutes(app: App, deps: TrackingDeps): void {
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
    async (request) => geocode(deps, request.query),
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
      const place = lookupZip(deps, request.query.zipCode);
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
    async (request) => searchZips(deps, request.query.query).map(zipOut),
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
    async (request) => zipsAreKnown(deps, request.query.originZip, request.query.destinationZip),
  );
}
