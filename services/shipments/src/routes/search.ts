// GET /api/shipmentsearch/details/{id} (a shipment's type: which page opens it, 000 §2, §7) and
// GET /api/universalSearch/shipments (001 §5, §7).
import {
  type App,
  callerOf,
  fieldError,
  requireStaff,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import { typeData } from '../domain/shipment-type.ts';
import {
  isLongEnough,
  maxResults,
  mergeHits,
  queryTooShortMessage,
  searchResult,
  shipmentNumberOf,
  startsWithPattern,
} from '../domain/universal-search.ts';
import { shipmentScope } from '../domain/visibility.ts';
import { findByNumber, findByReferencePrefix } from '../store/search.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import {
  ShipmentIdParam,
  ShipmentSearchDetailsAnswer,
  UniversalSearchQuery,
  UniversalSearchResult,
} from './schemas.ts';
import { errors, shipmentNotFound } from './shipments.ts';

export async function registerSearchRoutes(
  app: App,
  runtime: ServiceRuntime<ShipmentsTables>,
): Promise<void> {
  const db = runtime.db;

  app.get(
    '/api/shipmentsearch/details/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['search'],
        summary: "A shipment's type (000 §7), to open it on its page (000 §2)",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: ShipmentSearchDetailsAnswer, ...errors },
      },
    },
    async (request) => {
      const { shipmentId } = request.params;
      const hit = await db
        .selectFrom('shipment')
        .select(['shipment_id', 'shipment_type', 'status', 'broker_id', 'customer_organization_id'])
        .where('shipment_id', '=', shipmentId)
        .executeTakeFirst();
      const scope = shipmentScope(callerOf(request));
      if (
        !hit ||
        hit.broker_id !== scope.brokerId ||
        (scope.customerOrganizationId !== null &&
          hit.customer_organization_id !== scope.customerOrganizationId)
      ) {
        throw shipmentNotFound(shipmentId);
      }
      return { shipmentId: hit.shipment_id, ...typeData(hit.shipment_type), status: hit.status };
    },
  );

  app.get(
    '/api/universalSearch/shipments',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['search'],
        summary:
          'Universal search over shipments (001 §5: queries longer than 3 characters, at most 12 results): a shipment number, or the start of a reference value',
        querystring: UniversalSearchQuery,
        response: { 200: Type.Array(UniversalSearchResult), ...errors },
      },
    },
    async (request) => {
      const { query } = request.query;
      if (!isLongEnough(query)) throw fieldError('query', queryTooShortMessage);
      const limit = Math.min(request.query.maxResults ?? maxResults, maxResults);
      const scope = shipmentScope(callerOf(request));
      const number = shipmentNumberOf(query);
      const [exact, byReference] = await Promise.all([
        number === undefined ? undefined : findByNumber(db, scope, number),
        // More rows than results: a shipment with several matching references counts once.
        findByReferencePrefix(db, scope, startsWithPattern(query), limit * 4),
      ]);
      return mergeHits(exact, byReference, limit).map(searchResult);
    },
  );
}
