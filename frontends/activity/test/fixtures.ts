// Test data in the shapes of the generated contract (contracts/types/activity.ts) and msw handlers that record
// what the activity remote asks for.
import { AccessLevel, ShipmentActivityType } from '@loadline/contracts';
import { HttpResponse, http } from 'msw';
import type {
  CarrierActivity,
  OrganizationActivity,
  ShipmentActivity,
  StaffFavorite,
} from '../src/api/types.ts';

const T = ShipmentActivityType.values;

export function entry(over: Partial<ShipmentActivity> = {}): ShipmentActivity {
  const id = over.id ?? 1;
  const description = over.description ?? `Note ${id}`;
  return {
    id,
    shipmentId: 10005,
    activityType: T.General,
    activityTypeName: 'General',
    accessLevel: AccessLevel.values.Private,
    description,
    activityDescription: description,
    presetPayableNote: null,
    presetAuditNote: null,
    isAssignment: false,
    assignmentDelayMinutes: null,
    assignToStaffId: null,
    assignToStaffName: null,
    isTeam: false,
    assignmentDueDate: null,
    isAssigned: false,
    isScheduled: false,
    pinned: false,
    userName: 'Omar Operations',
    createdDate: new Date(Date.UTC(2026, 10, 23, 15, 0) - id * 60_000).toISOString(),
    isArchived: false,
    pushedFromShipmentId: null,
    email: null,
    ...over,
  };
}

/** `count` entries, newest first, ids from `from`. */
export const entries = (count: number, from = 1): ShipmentActivity[] =>
  Array.from({ length: count }, (_, i) => entry({ id: from + i }));

export const orgEntry = (over: Partial<OrganizationActivity> = {}): OrganizationActivity => ({
  id: 1,
  organizationId: 'org_acme',
  activityType: 1,
  activityTypeName: 'Collections',
  presetCollectionNote: 3,
  presetOnboardingNote: null,
  activityDescription: 'Emailed statement. Net 30 reminder',
  accessLevel: AccessLevel.values.Private,
  createdDate: '2026-11-20T14:00:00.000Z',
  lastUpdated: '2026-11-20T14:00:00.000Z',
  userName: 'Ana Admin',
  ...over,
});

export const carrierEntry = (over: Partial<CarrierActivity> = {}): CarrierActivity => ({
  id: 1,
  carrierMasterId: 'car_demo_summit',
  activityType: 'Variance',
  activityTypeName: 'Variance',
  activityDescription: 'Fuel surcharge billed above the quote',
  accessLevel: AccessLevel.values.Private,
  createdDate: '2026-11-21T09:00:00.000Z',
  userName: 'Omar Operations',
  ...over,
});

/** The query of a recorded request, as strings. */
export const queryOf = (request: Request): Record<string, string> =>
  Object.fromEntries(new URL(request.url).searchParams);

export interface Recorded {
  logQueries: Record<string, string>[];
  bodies: { path: string; body: unknown }[];
}

/**
 * The shipment log's calls: GET /api/activitylog answers `page` then `remaining` (with getRemaining), the
 * shipment's consolidation children, and POSTs/PUTs that echo what the server would answer. Records queries
 * and bodies.
 */
export function shipmentLogHandlers(
  options: { page?: ShipmentActivity[]; remaining?: ShipmentActivity[]; children?: number[] } = {},
): { handlers: ReturnType<typeof http.get>[]; recorded: Recorded } {
  const recorded: Recorded = { logQueries: [], bodies: [] };
  const current = new Map<number, ShipmentActivity>();
  for (const e of [...(options.page ?? []), ...(options.remaining ?? [])]) current.set(e.id, e);
  const handlers = [
    http.get('*/api/activitylog', ({ request }) => {
      const query = queryOf(request);
      recorded.logQueries.push(query);
      return HttpResponse.json(
        query.getRemaining === 'true' ? (options.remaining ?? []) : (options.page ?? []),
      );
    }),
    http.get('*/api/shipmentDomestic/:shipmentId', () =>
      HttpResponse.json({
        shipmentId: 10005,
        createdDate: '2026-11-01T10:00:00.000Z',
        yearOld: false,
        consolidationChildIds: options.children ?? [],
        consolidationParentId: null,
      }),
    ),
    http.post('*/api/activitylog/setaccesslevel/:id/:accessLevel', ({ params }) => {
      recorded.bodies.push({ path: `setaccesslevel/${params.id}/${params.accessLevel}`, body: null });
      const was = current.get(Number(params.id)) ?? entry({ id: Number(params.id) });
      const updated = { ...was, accessLevel: Number(params.accessLevel) };
      current.set(updated.id, updated);
      return HttpResponse.json(updated);
    }),
    http.put('*/api/shipmentActivityLog/togglePinned', async ({ request }) => {
      const body = (await request.json()) as { shipmentActivityLogId: number; pinned: boolean };
      recorded.bodies.push({ path: 'togglePinned', body });
      const was = current.get(body.shipmentActivityLogId) ?? entry({ id: body.shipmentActivityLogId });
      return HttpResponse.json({ ...was, pinned: body.pinned });
    }),
  ];
  return { handlers, recorded };
}

export const serverError = () =>
  HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, { status: 500 });

/** A staff favorite as GET/POST /api/staffFavorites answer it (001 §3): by default usr_1's, assigned now. */
export function favorite(over: Partial<StaffFavorite> = {}): StaffFavorite {
  const isTeam = over.isTeam ?? false;
  return {
    shipmentId: 10005,
    staffId: isTeam ? null : 'usr_1',
    staffName: isTeam ? 'Team' : 'Ana Diaz',
    isTeam,
    staffAssignmentStatus: 'Active',
    createdDate: '2026-11-23T15:00:00.000Z',
    dueDate: '2026-11-23T15:00:00.000Z',
    activityRef: null,
    organizationId: 'org_acme',
    delay: 0,
    isAssigned: true,
    isCompleted: false,
    isScheduled: false,
    ...over,
  };
}

export const completed = (over: Partial<StaffFavorite> = {}): StaffFavorite =>
  favorite({ staffAssignmentStatus: 'Complete', isAssigned: false, isCompleted: true, ...over });

export const notAssigned = (over: Partial<StaffFavorite> = {}): StaffFavorite =>
  favorite({ staffAssignmentStatus: 'Inactive', isAssigned: false, ...over });

/**
 * GET /api/staffFavorites/{id} answers `list`; each POST answers the next of `answers` (a favorite, or a
 * response such as an error). Records the POST bodies.
 */
export function favoriteHandlers(list: StaffFavorite[], answers: (StaffFavorite | (() => Response))[] = []) {
  const posted: unknown[] = [];
  const handlers = [
    http.get('*/api/staffFavorites/:shipmentId', () => HttpResponse.json(list)),
    http.post('*/api/staffFavorites', async ({ request }) => {
      posted.push(await request.json());
      const next = answers.shift();
      if (next === undefined) throw new Error('no answer left for POST /api/staffFavorites');
      return typeof next === 'function' ? next() : HttpResponse.json(next);
    }),
  ];
  return { handlers, posted };
}
