// GET /api/shipmentDomestic/{id} (created date and type data, 000 §7) and the bill-to calls:
// GET and PUT /api/shipmentdomestic/shipmentbillto, DELETE /api/shipmentdomestic/shipmentBillTo/{id}.
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { deleteBillTo, getBillTo, getShipmentDomestic, setBillTo } from '../app/bill-to.ts';
import type { Shipment } from '../domain/shipment.ts';
import type { ShipmentsDeps } from '../service.ts';
import { BillToIn, BillToOut, BillToQuery, ShipmentDomesticAnswer, ShipmentIdParam } from './schemas.ts';
import { errors } from './shipments.ts';

const billToOf = (shipment: Shipment) => {
  const b = shipment.billTo;
  return {
    shipmentId: shipment.shipmentId,
    transitLegId: b?.transitLegId ?? null,
    companyName: b?.companyName ?? null,
    streetAddress: b?.streetAddress ?? null,
    streetAddressTwo: b?.streetAddressTwo ?? null,
    city: b?.city ?? null,
    state: b?.state ?? null,
    zipCode: b?.zipCode ?? null,
    country: b?.country ?? null,
    exists: b !== null,
  };
};

export function registerDomesticRoutes(app: App, deps: ShipmentsDeps): void {
  app.get(
    '/api/shipmentDomestic/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary:
          'A shipment’s created date and type data (000 §7: the year-old check and which page opens it)',
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: ShipmentDomesticAnswer, ...errors },
      },
    },
    (request) => getShipmentDomestic(deps, callerOf(request), request.params.shipmentId),
  );

  app.get(
    '/api/shipmentdomestic/shipmentbillto',
    {
      preHandler: requireUser,
      schema: {
        tags: ['bill-to'],
        summary: "A shipment's bill-to (000 §3); the address fields are null when it has none",
        querystring: BillToQuery,
        response: { 200: BillToOut, ...errors },
      },
    },
    async (request) => billToOf(await getBillTo(deps, callerOf(request), request.query.shipmentId)),
  );

  app.put(
    '/api/shipmentdomestic/shipmentbillto',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['bill-to'],
        summary:
          "Sets a shipment's bill-to (staff): street and city required, state and ZIP too in the USA; writes shipment.updated and billto.changed",
        body: BillToIn,
        response: { 200: BillToOut, ...errors },
      },
    },
    async (request) => billToOf(await setBillTo(deps, callerOf(request), request.body)),
  );

  app.delete(
    '/api/shipmentdomestic/shipmentBillTo/:shipmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['bill-to'],
        summary: "Deletes a shipment's bill-to (staff); 204 also when it had none",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteBillTo(deps, callerOf(request), request.params.shipmentId);
      return reply.status(204).send(null);
    },
  );
}
