// Shipment alerts (000 §7): GET /api/shipmentAlerts/search/ (the alert types the screens show)
// and GET /api/shipmentAlerts/{id} (a shipment's alerts).
import { type App, callerOf, forbidden, requireUser, type ServiceRuntime } from '@loadline/platform';
import Type from 'typebox';
import { alertDefinition, alertDefinitions, lostQuoteAlert } from '../domain/alerts.ts';
import { shipmentScope } from '../domain/visibility.ts';
import { lostQuoteDate, openAlertCounts, resolvedDates } from '../store/alerts.ts';
import { loadShipment } from '../store/shipments.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import { AlertDefinitionOut, AlertSearchQuery, ShipmentAlertOut, ShipmentIdParam } from './schemas.ts';
import { errors, shipmentNotFound } from './shipments.ts';

export async function registerAlertRoutes(app: App, runtime: ServiceRuntime<ShipmentsTables>): Promise<void> {
  const db = runtime.db;

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
    async (request) => {
      const caller = callerOf(request);
      const definitions = alertDefinitions();
      if (!request.query.isAdminPage) return definitions;
      if (caller.kind !== 'staff') throw forbidden('The alerts admin page is for broker staff.');
      const counts = await openAlertCounts(db, caller.brokerId);
      return definitions.map((d) => ({ ...d, openCount: counts.get(d.type) ?? 0 }));
    },
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
    async (request) => {
      const { shipmentId } = request.params;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      const resolvedAt = await resolvedDates(db, shipmentId);
      const lostQuoteAt = shipment.lostQuote ? await lostQuoteDate(db, shipmentId) : null;
      const lostQuote = lostQuoteAt
        ? [
            {
              ...lostQuoteAlert(shipmentId),
              resolved: false,
              createdDate: lostQuoteAt.toISOString(),
              resolvedDate: null,
            },
          ]
        : [];
      return [
        ...lostQuote,
        ...[...shipment.alerts]
          .sort((a, b) => Number(a.resolved) - Number(b.resolved))
          .map((a) => {
            const { displayName, settings, systemRaised } = alertDefinition(a.alertType);
            return {
              alertId: a.alertId,
              type: a.alertType,
              code: null,
              displayName,
              settings,
              systemRaised,
              resolved: a.resolved,
              createdDate: a.createdDate,
              resolvedDate: resolvedAt.get(a.alertId) ?? null,
            };
          }),
      ];
    },
  );
}
