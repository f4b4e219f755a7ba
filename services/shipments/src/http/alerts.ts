// Shipment alerts (000 §7): GET /api/shipmentAlerts/search/ (the alert types the screens show)
// and GET /api/shipmentAlerts/{id} (a shipment's alerts).
import { type App, callerOf, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { alertTypes, shipmentAlerts } from '../app/alerts.ts';
import type { ShipmentsDeps } from '../service.ts';
import { AlertDefinitionOut, AlertSearchQuery, ShipmentAlertOut, ShipmentIdParam } from './schemas.ts';
import { errors } from './shipments.ts';

export function registerAlertRoutes(app: App, deps: ShipmentsDeps): void {
  app.get(
    '/api/shipmentAlerts/search',
    {
      preHandler: requireUser,
      schema: {
        tags: ['alerts'],
        summary:
          'The alert types the screens name (002 §3.4), with display settings; the admin page (staff) also gets the open count of each',
        querystring: AlertSearchQuery,
        response: { 200: Type.Array(AlertDefinitionOut), ...errors },
      },
    },
    (request) => alertTypes(deps, callerOf(request), request.query.isAdminPage),
  );

  app.get(
    '/api/shipmentAlerts/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['alerts'],
        summary:
          "A shipment's alerts, open ones first; a lost quote (000 §4) is listed first, as a system alert without a type number",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Array(ShipmentAlertOut), ...errors },
      },
    },
    (request) => shipmentAlerts(deps, callerOf(request), request.params.shipmentId),
  );
}
