// The order page's calls (issue 17), through the shell's one gateway client; each answers an Outcome.
import { type Outcome, outcomeOf } from '@loadline/ui';
import type { ShipmentsClient } from '../api/client.ts';
import type {
  AccessorialChecklist,
  AccessorialChecklistQuery,
  CustomerTrends,
  Shipment,
  ShipmentCreateBody,
  ZipLookup,
} from '../api/types.ts';

/** POST /api/shipments: the one way a shipment is created (the API, this page, the bulk importer). */
export function createShipment(
  client: ShipmentsClient,
  body: ShipmentCreateBody,
): Promise<Outcome<Shipment>> {
  return outcomeOf(client.POST('/api/shipments', { body }));
}

/** GET /api/shipments/accessorials: the checklist for the lane, as the caller may choose from it. */
export function getAccessorialChecklist(
  client: ShipmentsClient,
  query: AccessorialChecklistQuery,
  signal?: AbortSignal,
): Promise<Outcome<AccessorialChecklist>> {
  return outcomeOf(
    client.GET('/api/shipments/accessorials', { params: { query }, ...(signal ? { signal } : {}) }),
  );
}

/** GET /api/shipments/customerTrends/{organizationId}. */
export function getCustomerTrends(
  client: ShipmentsClient,
  organizationId: string,
  signal?: AbortSignal,
): Promise<Outcome<CustomerTrends>> {
  return outcomeOf(
    client.GET('/api/shipments/customerTrends/{organizationId}', {
      params: { path: { organizationId } },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** The ZIP lookup that exists (GET /api/location/searchZipCodes): the entry of exactly this ZIP, if any. */
export async function lookUpZip(client: ShipmentsClient, zip: string): Promise<Outcome<ZipLookup | null>> {
  const found = await outcomeOf(
    client.GET('/api/location/searchZipCodes', { params: { query: { query: zip } } }),
  );
  if (!found.ok) return found;
  return { ok: true, data: found.data.find((z) => z.zip === zip.trim()) ?? null };
}
