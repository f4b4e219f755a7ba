// The order page's other calls: the accessorials checklist for a lane (GET /api/shipments/accessorials) and
// the customer trends widget (GET /api/shipments/customerTrends/{organizationId}). Route names are ours
// (decision 0093).
import { type App, callerOf, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { checklistFor, customerTrends } from '../app/order-entry.ts';
import type { ShipmentsDeps } from '../service.ts';
import { ChecklistOut, ChecklistQuery, CustomerTrendsOut } from './schemas.ts';
import { errors } from './shipments.ts';

export function registerOrderEntryRoutes(app: App, deps: ShipmentsDeps): void {
  app.get(
    '/api/shipments/accessorials',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary:
          'The accessorials checklist (001 §2) for a lane, split by accessorial type: Puerto Rico-only ones only when the origin or destination is in Puerto Rico; hidden, not available, back-office and managers’ ones by who asks',
        querystring: ChecklistQuery,
        response: { 200: ChecklistOut, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return checklistFor(
        callerOf(request),
        { zipCode: q.originZip, state: q.originState, country: q.originCountry },
        { zipCode: q.destinationZip, state: q.destinationState, country: q.destinationCountry },
      );
    },
  );

  app.get(
    '/api/shipments/customerTrends/:organizationId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary:
          'The customer trends widget (001 §2): shipments booked and their spend for Last 7 Days, This Month and Last Month; a customer user for its own organization, staff for a customer of their broker',
        params: Type.Object({ organizationId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: CustomerTrendsOut, ...errors },
      },
    },
    async (request) => customerTrends(deps, callerOf(request), request.params.organizationId),
  );
}
