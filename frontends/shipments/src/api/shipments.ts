// The shipments service's calls this remote makes (000 §7, issue 3), through the shell's gateway client.
// Each answers an Outcome; the screens pick the catalogue's texts for failures.

import { type Outcome, outcomeOf } from '@loadline/ui';
import type { ShipmentsClient } from './client.ts';
import type {
  BillToAnswer,
  BillToUpdate,
  CarrierAssignment,
  CarrierChoice,
  CarrierChoicesQuery,
  CreditHoldCheck,
  GridColumnsAnswer,
  LastLocation,
  ProNumberDuplicatesQuery,
  RemotePaths,
  Shipment,
  ShipmentAlerts,
  ShipmentExportQuery,
  ShipmentList,
  ShipmentListQuery,
  StatusDetails,
  StatusUpdate,
  StatusUpdateAnswer,
} from './types.ts';

/** GET /api/shipments: the shipments the caller may see, filtered and paged. */
export function listShipments(
  client: ShipmentsClient,
  query: ShipmentListQuery,
  signal?: AbortSignal,
): Promise<Outcome<ShipmentList>> {
  return outcomeOf(client.GET('/api/shipments', { params: { query }, ...(signal ? { signal } : {}) }));
}

/** GET /api/shipments/{id}: the whole shipment (header, legs, stops, references, bill-to, alerts). */
export function getShipment(client: ShipmentsClient, shipmentId: number): Promise<Outcome<Shipment>> {
  return outcomeOf(client.GET('/api/shipments/{shipmentId}', { params: { path: { shipmentId } } }));
}

/** GET /api/shipmentAlerts/{id}: the shipment's alerts, open ones first, with colour and icon (000 §3, §7). */
export function getShipmentAlerts(
  client: ShipmentsClient,
  shipmentId: number,
): Promise<Outcome<ShipmentAlerts>> {
  return outcomeOf(client.GET('/api/shipmentAlerts/{shipmentId}', { params: { path: { shipmentId } } }));
}

/** GET /api/ShipmentUpdateStatus/shipmentdetails/{id}: the edit-status view (000 §3). */
export function getStatusDetails(
  client: ShipmentsClient,
  shipmentId: number,
): Promise<Outcome<StatusDetails>> {
  return outcomeOf(
    client.GET('/api/ShipmentUpdateStatus/shipmentdetails/{shipmentId}', {
      params: { path: { shipmentId } },
    }),
  );
}

/** PUT /api/ShipmentUpdateStatus/updatestatus (000 §3 payload and response). */
export function updateStatus(
  client: ShipmentsClient,
  body: StatusUpdate,
): Promise<Outcome<StatusUpdateAnswer>> {
  return outcomeOf(client.PUT('/api/ShipmentUpdateStatus/updatestatus', { body }));
}

/** GET /api/ShipmentUpdateStatus/proNumberHasDuplicates (000 §5, §7): true when another shipment has it. */
export function proNumberHasDuplicates(
  client: ShipmentsClient,
  query: ProNumberDuplicatesQuery,
  signal?: AbortSignal,
): Promise<Outcome<boolean>> {
  return outcomeOf(
    client.GET('/api/ShipmentUpdateStatus/proNumberHasDuplicates', {
      params: { query },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** POST /api/creditHoldShipment/canUpdateTransitLegStatus (000 §4, §7): false opens the credit-hold modal. */
export function canUpdateTransitLegStatus(
  client: ShipmentsClient,
  body: CreditHoldCheck,
): Promise<Outcome<boolean>> {
  return outcomeOf(client.POST('/api/creditHoldShipment/canUpdateTransitLegStatus', { body }));
}

/** GET /api/ShipmentUpdateStatus/getTrackingLink/{id}: the carrier's tracking link, or null. */
export async function getTrackingLink(
  client: ShipmentsClient,
  shipmentId: number,
): Promise<Outcome<string | null>> {
  const answer = await outcomeOf(
    client.GET('/api/ShipmentUpdateStatus/getTrackingLink/{shipmentId}', {
      params: { path: { shipmentId } },
    }),
  );
  if (!answer.ok) return answer;
  return { ok: true, data: answer.data?.trackingLink || null };
}

/** GET /api/Lastlocation/{id} (tracking service): the last known location, or null. */
export function getLastLocation(
  client: ShipmentsClient,
  shipmentId: number,
): Promise<Outcome<LastLocation | null>> {
  return outcomeOf(client.GET('/api/Lastlocation/{shipmentId}', { params: { path: { shipmentId } } }));
}

/** GET /api/shipments/gridColumns: the user's columns, the defaults and every column they may choose. */
export function getGridColumns(client: ShipmentsClient): Promise<Outcome<GridColumnsAnswer>> {
  return outcomeOf(client.GET('/api/shipments/gridColumns'));
}

/** PUT /api/shipments/gridColumns: saves the user's columns (codes), in order. */
export function putGridColumns(
  client: ShipmentsClient,
  columns: readonly string[],
): Promise<Outcome<GridColumnsAnswer>> {
  return outcomeOf(client.PUT('/api/shipments/gridColumns', { body: { columns: [...columns] } }));
}

/** GET /api/shipmentdomestic/shipmentbillto: the shipment's bill-to (`exists` false when it has none). */
export function getBillTo(
  client: ShipmentsClient,
  shipmentId: number,
  transitLegId?: string | null,
): Promise<Outcome<BillToAnswer>> {
  return outcomeOf(
    client.GET('/api/shipmentdomestic/shipmentbillto', {
      params: { query: { shipmentId, ...(transitLegId ? { transitLegId } : {}) } },
    }),
  );
}

/** PUT /api/shipmentdomestic/shipmentbillto. */
export function putBillTo(client: ShipmentsClient, billTo: BillToUpdate): Promise<Outcome<BillToAnswer>> {
  return outcomeOf(client.PUT('/api/shipmentdomestic/shipmentbillto', { body: billTo }));
}

/** DELETE /api/shipmentdomestic/shipmentBillTo/{id} (204). */
export function deleteBillTo(client: ShipmentsClient, shipmentId: number): Promise<Outcome<unknown>> {
  return outcomeOf(
    client.DELETE('/api/shipmentdomestic/shipmentBillTo/{shipmentId}', { params: { path: { shipmentId } } }),
  );
}

/** GET /api/featureFlags (directory): the flags on for the caller's broker. */
export async function getFeatureFlags(client: ShipmentsClient): Promise<readonly string[]> {
  const answer = await outcomeOf(client.GET('/api/featureFlags'));
  return answer.ok ? (answer.data?.flags ?? []) : [];
}

/** The CSV export (000 §5 CSV helper): GET /api/shipments/export.csv with the grid's filters. */
export const SHIPMENTS_CSV_PATH = '/api/shipments/export.csv' satisfies keyof RemotePaths;

/** The CSV export link of the grid: its filters; the columns are the user's (the service's default). */
export function shipmentsCsvHref(query: ShipmentExportQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const search = params.toString();
  return search ? `${SHIPMENTS_CSV_PATH}?${search}` : SHIPMENTS_CSV_PATH;
}

/** GET /api/shipments/carrierChoices: the broker's carriers by name, each with why it may not be chosen. */
export function getCarrierChoices(
  client: ShipmentsClient,
  query: CarrierChoicesQuery,
): Promise<Outcome<{ carriers: CarrierChoice[] }>> {
  return outcomeOf(client.GET('/api/shipments/carrierChoices', { params: { query } }));
}

/** PUT /api/shipments/{id}/carrier: puts the carrier on the leg, or takes it off (null); the shipment after. */
export function putShipmentCarrier(
  client: ShipmentsClient,
  shipmentId: number,
  assignment: CarrierAssignment,
): Promise<Outcome<Shipment>> {
  return outcomeOf(
    client.PUT('/api/shipments/{shipmentId}/carrier', { params: { path: { shipmentId } }, body: assignment }),
  );
}
