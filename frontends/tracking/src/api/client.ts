// The calls of this remote, through the shell's one gateway client (useApi): same origin, cookies, the
// no-cache headers, 401 handling. Its type is widened to the tracking service's generated paths.
import { type ApiClient, type GatewayPaths, useApi } from '@loadline/ui';
import { useMemo } from 'react';
import type { AddLocationBody, RemotePaths } from './types.ts';

export type TrackingClient = ApiClient<GatewayPaths & RemotePaths>;

export function useTrackingApi(): TrackingClient {
  return useApi() as unknown as TrackingClient;
}

/** What a call gave: the body on success, else the HTTP status (0 without an answer) and the error body. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; error: unknown };

export async function outcomeOf<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok && error === undefined) return { ok: true, data: data as T };
    return { ok: false, status: response.status, error };
  } catch (error) {
    return { ok: false, status: 0, error };
  }
}

const path = (shipmentId: number) => ({ params: { path: { shipmentId } } });

export const trackingCalls = (client: TrackingClient) => ({
  locations: (shipmentId: number) => outcomeOf(client.GET('/api/location/{shipmentId}', path(shipmentId))),
  archivedLocations: (shipmentId: number) =>
    outcomeOf(client.GET('/api/shipmentLocationsArchive/{shipmentId}', path(shipmentId))),
  lastLocation: (shipmentId: number) =>
    outcomeOf(client.GET('/api/Lastlocation/{shipmentId}', path(shipmentId))),
  shipmentDomestic: (shipmentId: number) =>
    outcomeOf(client.GET('/api/shipmentDomestic/{shipmentId}', path(shipmentId))),
  addLocation: (body: AddLocationBody) => outcomeOf(client.POST('/api/location', { body })),
  geocode: (query: {
    streetAddress?: string;
    city?: string;
    state?: string;
    zipCode?: string;
    country?: string;
  }) => outcomeOf(client.GET('/api/location', { params: { query } })),
  zipCode: (zipCode: string) =>
    outcomeOf(client.GET('/api/location/zipCodes', { params: { query: { zipCode } } })),
  searchZipCodes: (query: string) =>
    outcomeOf(client.GET('/api/location/searchZipCodes', { params: { query: { query } } })),
  driverLocationModel: (shipmentId: number) =>
    outcomeOf(
      client.GET('/api/requestDriverLocation/getRequestDriverLocationModel/{shipmentId}', path(shipmentId)),
    ),
  requestDriverLocation: (shipmentId: number, driverCellPhoneNumber: string) =>
    outcomeOf(client.POST('/api/requestDriverLocation', { body: { shipmentId, driverCellPhoneNumber } })),
  trackingTest: (body: { integrationSourceId: number; shipmentId: number; proNumber: string }) =>
    outcomeOf(client.POST('/api/integrationsource/testtrackingfull', { body })),
  textMessages: () => outcomeOf(client.GET('/api/requestDriverLocation/textMessages', {})),
  config: () => outcomeOf(client.GET('/api/config')),
});

export type TrackingCalls = ReturnType<typeof trackingCalls>;

/** The calls, made once per client (stable across renders, so effects can depend on them). */
export function useTrackingCalls(): TrackingCalls {
  const client = useTrackingApi();
  return useMemo(() => trackingCalls(client), [client]);
}
