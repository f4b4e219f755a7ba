// POST /api/creditHoldShipment/canUpdateTransitLegStatus (000 §4, §7): false opens the screen's
// credit-hold warning modal, which offers Committed or Quote instead.
import { type App, callerOf, fieldError, requireStaff, type ServiceRuntime } from '@loadline/platform';
import Type from 'typebox';
import { checkCreditHold } from '../domain/credit-hold.ts';
import { shipmentScope } from '../domain/visibility.ts';
import { creditPosition } from '../store/credit.ts';
import { loadShipment } from '../store/shipments.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import { CreditHoldCheck } from './schemas.ts';
import { errors, shipmentNotFound } from './shipments.ts';

export async function registerCreditHoldRoutes(
  app: App,
  runtime: ServiceRuntime<ShipmentsTables>,
): Promise<void> {
  const db = runtime.db;

  app.post(
    '/api/creditHoldShipment/canUpdateTransitLegStatus',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['status'],
        summary:
          'Whether a leg may move to a status for this customer: false for a move beyond Committed of a load not yet moving when the customer is on credit hold or over its credit limit',
        body: CreditHoldCheck,
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const newStatus = body.newtransitLegStatus ?? body.newTransitLegStatus;
      if (newStatus === undefined)
        throw fieldError('newtransitLegStatus', 'newtransitLegStatus is required.');
      const transitType = body.trainsitType ?? body.transitType ?? null;
      const shipment = await loadShipment(db, body.shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(body.shipmentId);
      const active = shipment.transitLegs.find((l) => l.active);
      const leg =
        transitType === null || active?.transitType === transitType
          ? active
          : shipment.transitLegs.find((l) => l.transitType === transitType);
      const current = leg?.status ?? shipment.status;
      const credit = await creditPosition(db, shipment.customerOrganizationId, shipment.shipmentId);
      return checkCreditHold(current, newStatus, credit).allowed;
    },
  );
}
