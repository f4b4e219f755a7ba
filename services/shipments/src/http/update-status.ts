// The edit-status modal's calls (000 §7): GET /api/ShipmentUpdateStatus/shipmentdetails/{id} and
// PUT /api/ShipmentUpdateStatus/updatestatus, which applies the whole 000 §3 payload (app/update-status.ts).
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { getStatusDetails } from '../app/status.ts';
import { updateStatus } from '../app/update-status.ts';
import type { ShipmentsDeps } from '../service.ts';
import { ShipmentDetails, ShipmentIdParam, StatusUpdate, StatusUpdateAnswer } from './schemas.ts';
import { errors } from './shipments.ts';

export function registerUpdateStatusRoutes(app: App, deps: ShipmentsDeps): void {
  app.get(
    '/api/ShipmentUpdateStatus/shipmentdetails/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['status'],
        summary: 'The shipment as the edit-status modal shows it (000 §3), with the statuses it may move to',
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: ShipmentDetails, ...errors },
      },
    },
    async (request) => {
      const details = await getStatusDetails(deps, callerOf(request), request.params.shipmentId);
      const { shipment, leg } = details;
      return {
        shipmentId: shipment.shipmentId,
        status: shipment.status,
        shipmentType: shipment.shipmentType,
        transitDays: shipment.transitDays,
        weightUnit: shipment.weightUnit,
        totalWeight: shipment.totalWeight,
        dimensionUnit: shipment.dimensionUnit,
        brokerId: shipment.brokerId,
        originBaseUTCOffset: shipment.originBaseUTCOffset,
        lockdownMarketplaceBuyer: shipment.lockdownMarketplaceBuyer,
        shipmentAlertTypes: details.shipmentAlertTypes,
        activeTransitLeg: leg && {
          transitLegId: leg.transitLegId,
          status: leg.status,
          transitType: leg.transitType,
          carrierMasterId: leg.carrierMasterId,
          carrierMasterName: leg.carrierMasterName,
          carrierPhone: leg.carrierPhone,
          serviceLevel: leg.serviceLevel,
          scac: leg.scac,
          trackingUrl: leg.trackingUrl,
          shipmentTransitlegTariff: {
            integrationEnableAPITracking: leg.integrationEnableAPITracking,
            trackingIntegrationEnableAPITracking: leg.trackingIntegrationEnableAPITracking,
            trackingIntegrationSourceId: leg.trackingIntegrationSourceId,
            integrationSourceId: leg.integrationSourceId,
          },
        },
        shipmentTransitStops: shipment.stops,
        shipmentTransitReferenceNumbers: shipment.referenceNumbers,
        suggestedStatuses: details.suggestedStatuses,
        manualStatuses: details.manualStatuses,
        allowedStatuses: details.allowedStatuses,
        canCancel: details.canCancel,
      };
    },
  );

  app.put(
    '/api/ShipmentUpdateStatus/updatestatus',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['status'],
        summary:
          'Applies a status update (000 §3 payload) in one transaction: status by the status engine, dates, pro number, references, the note; answers the 000 §3 response',
        body: StatusUpdate,
        response: { 200: StatusUpdateAnswer, ...errors, 409: errors[400] },
      },
    },
    (request) => updateStatus(deps, callerOf(request), request.body),
  );
}
