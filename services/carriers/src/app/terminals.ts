// The terminal information page (000 §2 item 7, 000 §7): the carrier terminals serving a shipment's
// origin and destination. Values not given are taken from the shipment (its active leg's carrier and
// service level, its first pickup's and last drop's ZIP codes); a customer sees the page of its own
// shipments only. Every value is escaped by the renderer; the page runs no script.
import { type Identity, notFound, problem, problemsError, shipmentScope } from '@loadline/platform';
import { activeLegOf } from '../domain/legs.ts';
import { countryName, renderTerminalPage, terminalServing } from '../domain/terminals.ts';
import type { CarriersDeps } from '../service.ts';
import { loadShipmentRef } from '../store/shipments.ts';
import { carrierByCode, terminalsOf } from '../store/terminals.ts';

export interface TerminalPageQuery {
  shipmentId?: number;
  carrierCode?: string;
  serviceLevel?: number;
  originZip?: string;
  originCountry?: string;
  destinationZip?: string;
  destinationCountry?: string;
}

/** The page's HTML. */
export async function terminalPage(
  deps: CarriersDeps,
  caller: Identity,
  q: TerminalPageQuery,
): Promise<string> {
  const db = deps.runtime.db;
  const shipment = q.shipmentId ? await loadShipmentRef(db, q.shipmentId, shipmentScope(caller)) : undefined;
  if (q.shipmentId && !shipment) throw notFound(`Shipment ${q.shipmentId} was not found.`);
  const leg = shipment ? activeLegOf(shipment.legs) : undefined;
  const carrierCode = q.carrierCode?.trim().toUpperCase() || leg?.scac || null;
  if (!carrierCode)
    throw problemsError([problem('carrierCode', 'carrierCode is required (or a shipment with a carrier).')]);
  const originCountry = countryName(q.originCountry ?? shipment?.originCountry);
  const destinationCountry = countryName(q.destinationCountry ?? shipment?.destinationCountry);
  const unknown = Object.entries({ originCountry, destinationCountry }).filter(([, v]) => v === null);
  if (unknown.length > 0)
    throw problemsError(unknown.map(([field]) => problem(field, `${field} is not a known country.`)));
  const carrier = await carrierByCode(db, carrierCode);
  const terminals = carrier ? await terminalsOf(db, carrier.carrierMasterId) : [];
  const originZip = q.originZip?.trim() || shipment?.originZip || null;
  const destinationZip = q.destinationZip?.trim() || shipment?.destinationZip || null;
  return renderTerminalPage({
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
}
