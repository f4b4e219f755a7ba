// The edit-status modal's pro-number duplicate check and tracking link (000 §5, §7):
// GET /api/ShipmentUpdateStatus/proNumberHasDuplicates, GET /api/ShipmentUpdateStatus/getTrackingLink/{id}.
import { type App, callerOf, requireStaff, requireUser, type ServiceRuntime } from '@loadline/platform';
import Type from 'typebox';
import { checksDuplicates, proTypesToCompare } from '../domain/pro-number.ts';
import { proNumberTypeForLeg } from '../domain/references.ts';
import { trackingLink } from '../domain/tracking-link.ts';
import { shipmentScope } from '../domain/visibility.ts';
import { proNumberUsedElsewhere } from '../store/search.ts';
import { loadShipment } from '../store/shipments.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import { ProDuplicatesQuery, ShipmentIdParam, TrackingLinkAnswer } from './schemas.ts';
import { errors, shipmentNotFound } from './shipments.ts';

export async function registerProAndTrackingRoutes(
  app: App,
  runtime: ServiceRuntime<ShipmentsTables>,
): Promise<void> {
  const db = runtime.db;

  app.get(
    '/api/ShipmentUpdateStatus/proNumberHasDuplicates',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['status'],
        summary:
          "Whether another of the broker's shipments has this pro number with this carrier (000 §5: checked only with a carrier and 6 or more characters; otherwise false)",
        querystring: ProDuplicatesQuery,
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      if (!checksDuplicates(q.carrierId, q.proNumber)) return false;
      return proNumberUsedElsewhere(db, {
        brokerId: callerOf(request).brokerId,
        shipmentId: q.shipmentId ?? null,
        carrierMasterId: q.carrierId!.trim(),
        proNumber: q.proNumber!,
        types: proTypesToCompare(q.referenceType),
      });
    },
  );

  app.get(
    '/api/ShipmentUpdateStatus/getTrackingLink/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['status'],
        summary:
          "The carrier's tracking link for the shipment's active leg (000 §5: https added, pro-number placeholder replaced, none without a pro number)",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: TrackingLinkAnswer, ...errors },
      },
    },
    async (request) => {
      const { shipmentId } = request.params;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      const leg = shipment.transitLegs.find((l) => l.active);
      if (!leg) return { trackingLink: null };
      const code = proNumberTypeForLeg(leg.transitType);
      const pro = shipment.referenceNumbers.find(
        (r) => r.transitLegId === leg.transitLegId && r.referenceTypeCode === code,
      );
      return { trackingLink: trackingLink(leg.trackingUrl, pro?.value ?? null) };
    },
  );
}
