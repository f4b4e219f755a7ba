// GET /api/shipmentDomestic/{id} (created date and type data, 000 §7) and the bill-to calls:
// GET and PUT /api/shipmentdomestic/shipmentbillto, DELETE /api/shipmentdomestic/shipmentBillTo/{id}.
import {
  type App,
  callerOf,
  fieldError,
  problemsError,
  requireStaff,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import { checkBillTo, normalizeBillTo } from '../domain/bill-to.ts';
import { isYearOld, typeData } from '../domain/shipment-type.ts';
import { shipmentScope } from '../domain/visibility.ts';
import { deleteBillTo, saveBillTo } from '../store/bill-to.ts';
import { loadShipment, type Shipment } from '../store/shipments.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import { BillToIn, BillToOut, BillToQuery, ShipmentDomesticAnswer, ShipmentIdParam } from './schemas.ts';
import { errors, shipmentNotFound } from './shipments.ts';

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

export async function registerDomesticRoutes(
  app: App,
  runtime: ServiceRuntime<ShipmentsTables>,
): Promise<void> {
  const db = runtime.db;

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
    async (request) => {
      const { shipmentId } = request.params;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      return {
        shipmentId: shipment.shipmentId,
        ...typeData(shipment.shipmentType),
        status: shipment.status,
        createdDate: shipment.createdDate,
        yearOld: isYearOld(shipment.createdDate, new Date()),
        brokerId: shipment.brokerId,
        customerOrganizationId: shipment.customerOrganizationId,
        customerName: shipment.customerName,
        transitDays: shipment.transitDays,
        consolidationParentId: shipment.consolidationParentId,
        consolidationChildIds: shipment.consolidationChildIds,
      };
    },
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
    async (request) => {
      const { shipmentId } = request.query;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      return billToOf(shipment);
    },
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
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const address = normalizeBillTo(body);
      const problems = checkBillTo(address);
      if (problems.length > 0) throw problemsError(problems);
      return db.transaction().execute(async (trx) => {
        const shipment = await loadShipment(trx, body.shipmentId, shipmentScope(caller), { forUpdate: true });
        if (!shipment) throw shipmentNotFound(body.shipmentId);
        const transitLegId = body.transitLegId ?? null;
        if (transitLegId !== null && !shipment.transitLegs.some((l) => l.transitLegId === transitLegId)) {
          throw fieldError(
            'transitLegId',
            `${transitLegId} is not a transit leg of shipment ${shipment.shipmentId}.`,
          );
        }
        await saveBillTo(runtime, trx, {
          shipmentId: shipment.shipmentId,
          transitLegId,
          address,
          actor: { userId: caller.userId, name: caller.displayName },
        });
        const saved = (await loadShipment(trx, shipment.shipmentId, null))!;
        return billToOf(saved);
      });
    },
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
      const caller = callerOf(request);
      const { shipmentId } = request.params;
      await db.transaction().execute(async (trx) => {
        const shipment = await loadShipment(trx, shipmentId, shipmentScope(caller), { forUpdate: true });
        if (!shipment) throw shipmentNotFound(shipmentId);
        await deleteBillTo(runtime, trx, shipmentId, { userId: caller.userId, name: caller.displayName });
      });
      return reply.status(204).send(null);
    },
  );
}
