// The calls of this remote, through the shell's one gateway client (useRemoteApi): same origin, cookies, the
// no-cache headers, 401 handling. Its type is widened to the tracking service's generated paths.
import { type ApiClient, type GatewayPaths, outcomeOf, useRemoteApi } from '@loadline/ui';
import { useMemo } from 'react';
import type { AddLocationBody, RemotePaths } from './types.ts';

export type TrackingClient = ApiClient<GatewayPaths & RemotePaths>;

export function useTrackingApi(): TrackingClient {
  return useRemoteApi<RemotePaths>();
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
