// The calls of this remote, through the shell's one gateway client (useApi): same origin, cookies, the
// no-cache headers, 401 handling. Its type is widened to the activity service's generated paths.
import { STAFF_TYPEAHEAD_RECORD_COUNT } from '@loadline/contracts';
import { type ApiClient, type GatewayPaths, outcomeOf, useRemoteApi } from '@loadline/ui';
import { useMemo } from 'react';
import type {
  ActivityLogQuery,
  NewCarrierActivity,
  NewOrganizationActivity,
  NewShipmentActivity,
  RemotePaths,
  StaffFavoriteClick,
} from './types.ts';

export type ActivityClient = ApiClient<GatewayPaths & RemotePaths>;

export function useActivityApi(): ActivityClient {
  return useRemoteApi<RemotePaths>();
}

const shipmentPath = (shipmentId: number) => ({ params: { path: { shipmentId } } });

/** The calls of 000 §7 this remote makes, each answering an Outcome; the screens pick the catalogue's texts. */
export const activityCalls = (client: ActivityClient) => ({
  /** GET /api/activitylog: the latest page, or with getRemaining everything from startIndex on. */
  shipmentLog: (query: ActivityLogQuery) => outcomeOf(client.GET('/api/activitylog', { params: { query } })),
  operationNotes: (shipmentId: number) =>
    outcomeOf(
      client.GET('/api/ShipmentUpdateStatus/getOperationNotes/{shipmentId}', shipmentPath(shipmentId)),
    ),
  archive: (shipmentId: number) =>
    outcomeOf(client.GET('/api/shipmentActivityLogArchive/{shipmentId}', shipmentPath(shipmentId))),
  add: (body: NewShipmentActivity) => outcomeOf(client.POST('/api/activitylog', { body })),
  setAccessLevel: (id: number, accessLevel: number) =>
    outcomeOf(
      client.POST('/api/activitylog/setaccesslevel/{id}/{accessLevel}', {
        params: { path: { id, accessLevel } },
      }),
    ),
  togglePinned: (shipmentActivityLogId: number, shipmentId: number, pinned: boolean) =>
    outcomeOf(
      client.PUT('/api/shipmentActivityLog/togglePinned', {
        body: { shipmentActivityLogId, shipmentId, pinned },
      }),
    ),
  /** The shipment's consolidation links (the shipments service), to offer the push to its children. */
  shipmentFacts: (shipmentId: number) =>
    outcomeOf(client.GET('/api/shipmentDomestic/{shipmentId}', shipmentPath(shipmentId))),
  pushToChildren: (shipmentId: number) =>
    outcomeOf(client.GET('/api/consolidation/activity/{shipmentId}', shipmentPath(shipmentId))),
  staffTypeahead: (query: string) =>
    outcomeOf(
      client.GET('/api/brokerStaff/typeahead', {
        params: { query: { query, recordCount: STAFF_TYPEAHEAD_RECORD_COUNT } },
      }),
    ),
  reassignEmail: (emailAutomationDetailId: string, shipmentId: number) =>
    outcomeOf(
      client.PUT('/api/emailautomationlog/{emailAutomationDetailId}/reassign', {
        params: { path: { emailAutomationDetailId } },
        body: { shipmentId },
      }),
    ),
  dismissEmail: (emailAutomationDetailId: string) =>
    outcomeOf(
      client.PUT('/api/emailautomationlog/{emailAutomationDetailId}/dismiss', {
        params: { path: { emailAutomationDetailId } },
      }),
    ),
  organizationLog: (organizationId: string) =>
    outcomeOf(client.GET('/api/organizationactivityLog', { params: { query: { organizationId } } })),
  addOrganizationActivity: (body: NewOrganizationActivity) =>
    outcomeOf(client.POST('/api/organizationactivityLog', { body })),
  carrierLog: (carrierMasterId: string) =>
    outcomeOf(client.GET('/api/brokercarrieractivityLog', { params: { query: { carrierMasterId } } })),
  addCarrierActivity: (body: NewCarrierActivity) =>
    outcomeOf(client.POST('/api/brokercarrieractivityLog', { body })),
  /** GET /api/staffFavorites/{shipmentId} (001 §7): every staff member's and the team's favorite. */
  staffFavorites: (shipmentId: number) =>
    outcomeOf(client.GET('/api/staffFavorites/{shipmentId}', shipmentPath(shipmentId))),
  /** POST /api/staffFavorites (001 §7): one click of the toggle; the answer is the favorite after it. */
  toggleStaffFavorite: (body: StaffFavoriteClick) => outcomeOf(client.POST('/api/staffFavorites', { body })),
});

export type ActivityCalls = ReturnType<typeof activityCalls>;

/** The calls, made once per client (stable across renders, so effects can depend on them). */
export function useActivityCalls(): ActivityCalls {
  const client = useActivityApi();
  return useMemo(() => activityCalls(client), [client]);
}
