// The carriers service's calls this remote makes (000 §7, 001 §7 carriers), through the shell's gateway
// client. Each answers an Outcome; the screens pick the catalogue's texts for failures.
import type { BrokerCarrierStatusValue } from '@loadline/contracts';
import { type Outcome, outcomeOf } from '@loadline/ui';
import type { CarriersClient } from './client.ts';
import type {
  AuditBody,
  AuditQuestion,
  AuditRecorded,
  CarrierCompliance,
  CarrierDetails,
  CarrierList,
  CarrierListExportQuery,
  CarrierListQuery,
  CarrierScore,
  MasterStateRegions,
  PortalLink,
  PreferredRegionsBody,
  ShipmentAudits,
} from './types.ts';

/** `{brokerId or 0}`: 0 is the caller's own broker. */
const ownBroker = '0';

/** GET /api/brokerCarrier/{carrierMasterId}/{brokerId or 0}: carrier details. */
export const getCarrierDetails = (
  client: CarriersClient,
  carrierMasterId: string,
): Promise<Outcome<CarrierDetails>> =>
  outcomeOf(
    client.GET('/api/brokerCarrier/{carrierMasterId}/{brokerId}', {
      params: { path: { carrierMasterId, brokerId: ownBroker } },
    }),
  );

/** GET /api/brokerCarrier/list: a page of the broker's carriers, searched and filtered (decision 0118). */
export const listCarriers = (
  client: CarriersClient,
  query: CarrierListQuery,
  signal?: AbortSignal,
): Promise<Outcome<CarrierList>> =>
  outcomeOf(client.GET('/api/brokerCarrier/list', { params: { query }, ...(signal ? { signal } : {}) }));

/** What the CSV export answered: the file, how many carriers matched and how many the file holds. */
export interface CarrierListCsv {
  file: Blob;
  total: number;
  exported: number;
}

/**
 * GET /api/brokerCarrier/list.csv: the list's search, filters and order as a CSV file (decision 0118), read
 * through the client (its session, no-cache headers and 401 handling) so a refusal can be told and a cut
 * file said.
 */
export async function exportCarriersCsv(
  client: CarriersClient,
  query: CarrierListExportQuery,
): Promise<Outcome<CarrierListCsv>> {
  try {
    const { data, error, response } = await client.GET('/api/brokerCarrier/list.csv', {
      params: { query },
      parseAs: 'blob',
    });
    if (!response.ok || error !== undefined || !data) return { ok: false, status: response.status, error };
    const exported = Number(response.headers.get('x-exported-count'));
    const total = Number(response.headers.get('x-total-count'));
    return {
      ok: true,
      data: {
        file: data,
        exported: Number.isFinite(exported) ? exported : 0,
        total: Number.isFinite(total) ? total : 0,
      },
    };
  } catch (error) {
    return { ok: false, status: 0, error };
  }
}

/** GET /api/brokerCarrier/compliance/{carrierMasterId}/{brokerId or 0}: compliance info. */
export const getCompliance = (
  client: CarriersClient,
  carrierMasterId: string,
): Promise<Outcome<CarrierCompliance>> =>
  outcomeOf(
    client.GET('/api/brokerCarrier/compliance/{carrierMasterId}/{brokerId}', {
      params: { path: { carrierMasterId, brokerId: ownBroker } },
    }),
  );

/** GET /api/brokercarrier/carrierScore/{carrierMasterId}: the carrier score. */
export const getCarrierScore = (
  client: CarriersClient,
  carrierMasterId: string,
): Promise<Outcome<CarrierScore>> =>
  outcomeOf(
    client.GET('/api/brokercarrier/carrierScore/{carrierMasterId}', {
      params: { path: { carrierMasterId } },
    }),
  );

/** GET /api/brokerCarrier/getMasterStateRegions: the regions with their states, for the map. */
export const getMasterStateRegions = (client: CarriersClient): Promise<Outcome<MasterStateRegions>> =>
  outcomeOf(client.GET('/api/brokerCarrier/getMasterStateRegions'));

/** PUT /api/brokerCarrier/favorite. */
export const setFavorite = (
  client: CarriersClient,
  brokerCarrierId: string,
  favorite: boolean,
): Promise<Outcome<{ brokerCarrierId: string; favorite: boolean }>> =>
  outcomeOf(client.PUT('/api/brokerCarrier/favorite', { body: { brokerCarrierId, favorite } }));

/** GET /api/brokerCarrierPortalLink/{id}. */
export const getPortalLink = (
  client: CarriersClient,
  brokerCarrierId: string,
): Promise<Outcome<PortalLink>> =>
  outcomeOf(client.GET('/api/brokerCarrierPortalLink/{id}', { params: { path: { id: brokerCarrierId } } }));

/** PUT /api/brokerCarrier/status (LSP Carrier Add/Edit). */
export const setStatus = (
  client: CarriersClient,
  brokerCarrierId: string,
  status: BrokerCarrierStatusValue,
): Promise<Outcome<CarrierDetails>> =>
  outcomeOf(client.PUT('/api/brokerCarrier/status', { body: { brokerCarrierId, status } }));

/** PUT /api/brokerCarrier/preferredRegions (LSP Carrier Add/Edit). */
export const setPreferredRegions = (
  client: CarriersClient,
  body: PreferredRegionsBody,
): Promise<Outcome<CarrierDetails>> => outcomeOf(client.PUT('/api/brokerCarrier/preferredRegions', { body }));

/** GET /api/brokerCarrier/auditQuestions. */
export const getAuditQuestions = (client: CarriersClient): Promise<Outcome<AuditQuestion[]>> =>
  outcomeOf(client.GET('/api/brokerCarrier/auditQuestions'));

/** GET /api/brokerCarrier/audits/{shipmentId}: the carrier legs with their audits (000 §4). */
export const getShipmentAudits = (
  client: CarriersClient,
  shipmentId: number,
): Promise<Outcome<ShipmentAudits>> =>
  outcomeOf(client.GET('/api/brokerCarrier/audits/{shipmentId}', { params: { path: { shipmentId } } }));

/** POST /api/brokerCarrier/audit. */
export const recordAudit = (client: CarriersClient, body: AuditBody): Promise<Outcome<AuditRecorded>> =>
  outcomeOf(client.POST('/api/brokerCarrier/audit', { body }));

/** The terminal information page (000 §2 item 7), server-rendered: opened in a frame. */
export const terminalPageUrl = (shipmentId: number): string =>
  `/Order/Terminals?${new URLSearchParams({ shipmentId: String(shipmentId) })}`;
