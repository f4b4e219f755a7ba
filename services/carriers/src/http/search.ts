// GET /api/universalSearch/carriers (001 §1, §2 LSPCarrier, §5, §9; the path is ours, decision 0017): the
// header's search box finds the broker's carriers as it finds shipments, organizations and staff.
import { UNIVERSAL_SEARCH_MAX_RESULTS } from '@loadline/contracts/catalogue';
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { searchCarriers } from '../app/search.ts';
import type { CarriersDeps } from '../service.ts';
import { errors } from './schemas.ts';

const CarrierSearchResult = Type.Object({
  universalSearchResultType: Type.Integer({ description: '6: broker carrier (LSPCarrier, decision 0017)' }),
  // 001 §3's result fields, null for a carrier
  organizationId: Type.Union([Type.String(), Type.Null()]),
  staffId: Type.Union([Type.String(), Type.Null()]),
  shipmentId: Type.Union([Type.String(), Type.Null()]),
  carrierMasterId: Type.String({ description: 'the carrier master to open' }),
  updateStatusText: Type.String({ description: 'the line shown for the result' }),
});

export function searchRoutes(app: App, deps: CarriersDeps): void {
  app.get(
    '/api/universalSearch/carriers',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['search'],
        summary:
          "Universal search over the broker's carriers (queries longer than 3 characters, at most 12 results): name, SCAC, MC or DOT number",
        querystring: Type.Object({
          query: Type.String({ maxLength: 200 }),
          maxResults: Type.Optional(Type.Integer({ minimum: 1, maximum: UNIVERSAL_SEARCH_MAX_RESULTS })),
        }),
        response: { 200: Type.Array(CarrierSearchResult), ...errors },
      },
    },
    (request) => searchCarriers(deps, callerOf(request), request.query),
  );
}
