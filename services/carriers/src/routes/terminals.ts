// GET /Order/Terminals (000 §2 item 7, 000 §7): the server-rendered terminal information page, with
// the query values shipment, carrier code, service level, origin and destination ZIP and country.
// Values not given are taken from the shipment (its active leg's carrier and service level, its first
// pickup's and last drop's ZIP codes). Every value is escaped; the page runs no script.
import { type App, badRequest, callerOf, notFound, requireUser, shipmentScope } from '@loadline/platform';
import Type from 'typebox';
import { activeLegOf } from '../domain/legs.ts';
import { countryName, renderTerminalPage, type Terminal, terminalServing } from '../domain/terminals.ts';
import { loadShipmentRef } from '../store/shipments.ts';
import type { RouteContext } from './index.ts';
import { errors, TerminalsQuery } from './schemas.ts';

/** The page may be framed by Loadline's own pages only, loads nothing, and runs no script. */
const contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export async function registerTerminalRoutes(app: App, { runtime }: RouteContext): Promise<void> {
  const db = runtime.db;

  app.get(
    '/Order/Terminals',
    {
      preHandler: requireUser,
      schema: {
        tags: ['terminals'],
        summary:
          'The terminal information page (000 §2 item 7): the carrier terminals serving the origin and destination, as HTML',
        querystring: TerminalsQuery,
        produces: ['text/html'],
        response: { 200: Type.String({ description: 'the page, text/html' }), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const q = request.query;
      const shipment = q.shipmentId
        ? await loadShipmentRef(db, q.shipmentId, shipmentScope(caller))
        : undefined;
      if (q.shipmentId && !shipment) throw notFound(`Shipment ${q.shipmentId} was not found.`);
      const leg = shipment ? activeLegOf(shipment.legs) : undefined;
      const carrierCode = q.carrierCode?.trim().toUpperCase() || leg?.scac || null;
      if (!carrierCode)
        throw badRequest('carrierCode is required (or a shipment with a carrier).', {
          'model.carrierCode': ['carrierCode is required (or a shipment with a carrier).'],
        });
      const originCountry = countryName(q.originCountry ?? shipment?.originCountry);
      const destinationCountry = countryName(q.destinationCountry ?? shipment?.destinationCountry);
      const unknown = Object.entries({ originCountry, destinationCountry }).filter(([, v]) => v === null);
      if (unknown.length > 0) {
        const messages = unknown.map(([k]) => `${k} is not a known country.`);
        throw badRequest(
          messages.join(' '),
          Object.fromEntries(unknown.map(([k], i) => [`model.${k}`, [messages[i]!]])),
        );
      }
      const carrier = await db
        .selectFrom('carrier_master')
        .select(['carrier_master_id', 'name', 'scac'])
        .where('scac', '=', carrierCode)
        .executeTakeFirst();
      const terminals: Terminal[] = carrier
        ? (
            await db
              .selectFrom('carrier_terminal')
              .selectAll()
              .where('carrier_master_id', '=', carrier.carrier_master_id)
              .orderBy('code')
              .execute()
          ).map((t) => ({
            code: t.code,
            name: t.name,
            streetAddress: t.street_address,
            city: t.city,
            state: t.state,
            zipCode: t.zip_code,
            phone: t.phone,
            contactName: t.contact_name,
            servedZipPrefixes: t.served_zip_prefixes,
          }))
        : [];
      const originZip = q.originZip?.trim() || shipment?.originZip || null;
      const destinationZip = q.destinationZip?.trim() || shipment?.destinationZip || null;
      const html = renderTerminalPage({
        shipmentId: shipment?.shipmentId ?? null,
        carrierCode,
        carrierName: carrier?.name ?? null,
        serviceLevel: q.serviceLevel ?? leg?.serviceLevel ?? null,
        origin: { zip: originZip, country: originCountry, terminal: terminalServing(terminals, originZip) },
        destination: {
          zip: destinationZip,
          country: destinationCountry,
          terminal: terminalServing(terminals, destinationZip),
        },
      });
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', contentSecurityPolicy)
        .header('x-content-type-options', 'nosniff');
      return html;
    },
  );
}
