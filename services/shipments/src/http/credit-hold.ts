// POST /api/creditHoldShipment/canUpdateTransitLegStatus (000 §4, §7): false opens the screen's
// credit-hold warning modal, which offers Committed or Quote instead.
import { type App, callerOf, fieldError, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { canUpdateTransitLegStatus } from '../app/status.ts';
import type { ShipmentsDeps } from '../service.ts';
import { CreditHoldCheck } from './schemas.ts';
import { errors } from './shipments.ts';

export function registerCreditHoldRoutes(app: App, deps: ShipmentsDeps): void {
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
      // The screen spells two fields two ways (000 §7).
      const newStatus = body.newtransitLegStatus ?? body.newTransitLegStatus;
      if (newStatus === undefined)
        throw fieldError('newtransitLegStatus', 'newtransitLegStatus is required.');
      const transitType = body.trainsitType ?? body.transitType ?? null;
      return canUpdateTransitLegStatus(deps, callerOf(request), {
        shipmentId: body.shipmentId,
        newStatus,
        transitType,
      });
    },
  );
}
