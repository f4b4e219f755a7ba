// HTTP doors of the shipment activity log (000 §7): read the latest 50 then the remaining, add, change the
// access level, pin, the edit-status modal's operation notes, the archive, and the consolidation push.
// parse → app → present.
import { AccessLevel } from '@loadline/contracts/catalogue';
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import {
  addEntry,
  archivedLog,
  operationNotes,
  pushToChildren,
  readLog,
  setAccessLevel,
  setPinned,
} from '../app/shipment-log.ts';
import type { ActivityDeps } from '../service.ts';
import { shipmentActivityOut } from './present.ts';
import {
  ActivityIdParam,
  ActivityLogQuery,
  ConsolidationPush,
  errors,
  NewShipmentActivity,
  ShipmentActivityList,
  ShipmentIdParam,
  TogglePinned,
} from './schemas.ts';

const entryRef = Type.Ref('ShipmentActivity');

export function shipmentLogRoutes(app: App, deps: ActivityDeps): void {
  app.get(
    '/api/activitylog',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipment activity'],
        summary:
          "A shipment's activity entries, newest first: the latest 50 (000 §4), then with getRemaining the rest; filters by type, System Note, pinned only and non-system notes",
        querystring: ActivityLogQuery,
        response: { 200: ShipmentActivityList, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const entries = await readLog(deps, caller, request.query);
      return entries.map((e) => shipmentActivityOut(e, caller));
    },
  );

  app.post(
    '/api/activitylog',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['shipment activity'],
        summary:
          'Adds an entry (000 §3): General by default, Private by default, presets at the start of the description (000 §5), an assignment assigned now (delay 0) or scheduled (delay above 0)',
        body: NewShipmentActivity,
        response: { 201: entryRef, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const entry = await addEntry(deps, caller, request.body);
      reply.status(201);
      return shipmentActivityOut(entry, caller);
    },
  );

  app.post(
    '/api/activitylog/setaccesslevel/:id/:accessLevel',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['shipment activity'],
        summary:
          "Sets an entry's access level (000 §4: the cycle Public, Private, Admin goes through here); the updated entry",
        params: Type.Object({
          id: ActivityIdParam,
          accessLevel: Type.Integer({
            minimum: Math.min(...AccessLevel.valueList),
            maximum: Math.max(...AccessLevel.valueList),
            description: 'Public 0, Private 1, Admin 2',
          }),
        }),
        response: { 200: entryRef, ...errors, 409: errors[400] },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const entry = await setAccessLevel(deps, caller, request.params.id, request.params.accessLevel);
      return shipmentActivityOut(entry, caller);
    },
  );

  app.put(
    '/api/shipmentActivityLog/togglePinned',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['shipment activity'],
        summary: 'Pins or unpins an entry (000 §4): `pinned` is the state the entry takes; the updated entry',
        body: TogglePinned,
        response: { 200: entryRef, ...errors, 409: errors[400] },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return shipmentActivityOut(await setPinned(deps, caller, request.body), caller);
    },
  );

  app.get(
    '/api/ShipmentUpdateStatus/getOperationNotes/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipment activity'],
        summary:
          "The edit-status modal's activity list (000 §7): the shipment's Operations and Status Change entries, newest first",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: ShipmentActivityList, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const entries = await operationNotes(deps, caller, request.params.shipmentId);
      return entries.map((e) => shipmentActivityOut(e, caller));
    },
  );

  app.get(
    '/api/shipmentActivityLogArchive/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipment activity'],
        summary:
          "A shipment's archived entries (000 §4: loaded on demand, marked archived): the log of a shipment delivered over a year ago",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: ShipmentActivityList, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const entries = await archivedLog(deps, caller, request.params.shipmentId);
      return entries.map((e) => shipmentActivityOut(e, caller, true));
    },
  );

  app.get(
    '/api/consolidation/activity/:shipmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['shipment activity'],
        summary:
          "Pushes a consolidation parent's entries to its child shipments (000 §4, §7); each entry once: pushing again adds nothing",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: ConsolidationPush, ...errors },
      },
    },
    (request) => pushToChildren(deps, callerOf(request), request.params.shipmentId),
  );
}
