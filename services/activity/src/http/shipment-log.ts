// The shipment activity log's calls (000 §7): read the latest 50 then the remaining, add, change the access
// level, pin, the edit-status modal's operation notes, the archive, and the consolidation push.
import { AccessLevel, type AccessLevelValue } from '@loadline/contracts/catalogue';
import {
  type App,
  callerOf,
  conflict,
  fieldError,
  problemsError,
  requireStaff,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import {
  type Caller,
  canSeeShipment,
  shipmentLevelProblem,
  visibleShipmentLevels,
} from '../domain/access.ts';
import { consolidationProblem, pushedAccessLevel } from '../domain/consolidation.ts';
import { TEAM_ASSIGNEE } from '../domain/favorites.ts';
import { logCriteria, operationNoteTypes } from '../domain/log-query.ts';
import { planShipmentEntry } from '../domain/shipment-entry.ts';
import { scheduleAssignmentDue } from '../jobs/assignment-due.ts';
import {
  archivedEntries,
  blankEntry,
  type Db,
  type Entry,
  entriesOfTypes,
  findEntry,
  findShipment,
  insertEntry,
  latestEntries,
  publishEntry,
  type ShipmentRead,
  updateEntry,
} from '../store/activities.ts';
import { saveAssignment, staffMember, TEAM_NAME } from '../store/assignments.ts';
import type { ActivityTables } from '../store/tables.ts';
import { activityNotFound, shipmentActivityOut, shipmentNotFound } from './present.ts';
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

/** The shipment if the caller may see its log; 404 otherwise, like one that does not exist. */
export async function visibleShipment(db: Db, caller: Caller, shipmentId: number): Promise<ShipmentRead> {
  const shipment = await findShipment(db, shipmentId);
  if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(shipmentId);
  return shipment;
}

/** An entry the caller may see (its shipment and its level), for a change; 404 otherwise. */
async function visibleEntry(
  trx: Db,
  caller: Caller,
  activityId: number,
): Promise<{ entry: Entry; shipment: ShipmentRead }> {
  const entry = await findEntry(trx, activityId, { forUpdate: true });
  if (!entry) {
    const archived = await trx
      .selectFrom('shipment_activity_archive')
      .select(['shipment_id', 'access_level'])
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
    const shipment = archived && (await findShipment(trx, archived.shipment_id));
    if (
      archived &&
      canSeeShipment(caller, shipment) &&
      visibleShipmentLevels(caller).includes(archived.access_level as never)
    )
      throw conflict(`Activity ${activityId} is archived; archived entries are kept as they were.`);
    throw activityNotFound(activityId);
  }
  const shipment = await findShipment(trx, entry.shipment_id);
  if (
    !canSeeShipment(caller, shipment) ||
    !visibleShipmentLevels(caller).includes(entry.access_level as never)
  )
    throw activityNotFound(activityId);
  return { entry, shipment: shipment as ShipmentRead };
}

export async function registerShipmentLogRoutes(
  app: App,
  runtime: ServiceRuntime<ActivityTables>,
): Promise<void> {
  const db = runtime.db;

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
      const { shipmentId } = request.query;
      await visibleShipment(db, caller, shipmentId);
      const entries = await latestEntries(
        db,
        shipmentId,
        visibleShipmentLevels(caller),
        logCriteria(request.query),
      );
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
      const body = request.body;
      const now = new Date();
      const plan = planShipmentEntry(
        { ...body, description: body.description ?? body.activityDescription },
        caller,
        now,
      );
      if (!plan.ok) throw problemsError(plan.problems);
      const planned = plan.value;
      const shipment = await visibleShipment(db, caller, body.shipmentId);
      const assignment = planned.assignment;
      let assigneeName: string | null = null;
      if (assignment && !assignment.isTeam) {
        const staff = await staffMember(db, caller.brokerId, assignment.staffId as string);
        if (!staff) throw fieldError('assignToStaffId', 'Choose a staff member of your broker to assign.');
        assigneeName = staff.name;
      } else if (assignment) assigneeName = TEAM_NAME;

      const { entry, scheduled } = await db.transaction().execute(async (trx) => {
        const entry = await insertEntry(trx, {
          ...blankEntry,
          shipment_id: shipment.shipment_id,
          broker_id: shipment.broker_id,
          activity_type: planned.activityType,
          access_level: planned.accessLevel,
          description: planned.description,
          preset_payable_note: planned.presetPayableNote,
          preset_audit_note: planned.presetAuditNote,
          pinned: planned.pinned,
          is_assignment: assignment !== null,
          assignment_delay_minutes: assignment?.delayMinutes ?? null,
          assign_to_staff_id: assignment?.staffId ?? null,
          assign_to_name: assigneeName,
          assign_to_team: assignment?.isTeam ?? false,
          assignment_due_at: assignment?.dueAt ?? null,
          assigned_at: assignment?.assignedNow ? now : null,
          user_id: caller.userId,
          user_name: caller.displayName,
          created_at: now,
        });
        await publishEntry(runtime, trx, entry, shipment.customer_organization_id, 'added');
        let scheduled = null;
        if (assignment) {
          const saved = await saveAssignment(runtime, trx, {
            shipment,
            assignee: assignment.isTeam ? TEAM_ASSIGNEE : (assignment.staffId as string),
            isTeam: assignment.isTeam,
            state: {
              status: 'Active',
              delayMinutes: assignment.delayMinutes,
              dueAt: assignment.dueAt,
              assignedAt: assignment.assignedNow ? now : null,
              completedAt: null,
            },
            activityId: entry.activity_id,
            organizationId: shipment.customer_organization_id,
            byName: caller.displayName,
          });
          if (!assignment.assignedNow) scheduled = saved;
        }
        return { entry, scheduled };
      });
      // After the commit: the delayed job that assigns it when due (a lost enqueue is made good at start).
      if (scheduled) await scheduleAssignmentDue(runtime, scheduled);
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
      const { id, accessLevel } = request.params;
      const problem = shipmentLevelProblem(caller, accessLevel);
      if (problem) throw fieldError('accessLevel', problem);
      const entry = await db.transaction().execute(async (trx) => {
        const { entry, shipment } = await visibleEntry(trx, caller, id);
        if (entry.access_level === accessLevel) return entry;
        const saved = await updateEntry(trx, id, { access_level: accessLevel });
        await publishEntry(runtime, trx, saved, shipment.customer_organization_id, 'accessLevel');
        return saved;
      });
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
      const { shipmentActivityLogId, shipmentId, pinned } = request.body;
      const entry = await db.transaction().execute(async (trx) => {
        const { entry, shipment } = await visibleEntry(trx, caller, shipmentActivityLogId);
        if (entry.shipment_id !== shipmentId) throw activityNotFound(shipmentActivityLogId);
        if (entry.pinned === pinned) return entry;
        const saved = await updateEntry(trx, entry.activity_id, { pinned });
        await publishEntry(runtime, trx, saved, shipment.customer_organization_id, 'pinned');
        return saved;
      });
      return shipmentActivityOut(entry, caller);
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
      const { shipmentId } = request.params;
      await visibleShipment(db, caller, shipmentId);
      const entries = await entriesOfTypes(db, shipmentId, visibleShipmentLevels(caller), operationNoteTypes);
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
      const { shipmentId } = request.params;
      await visibleShipment(db, caller, shipmentId);
      const entries = await archivedEntries(db, shipmentId, visibleShipmentLevels(caller));
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
    async (request) => {
      const caller = callerOf(request);
      const { shipmentId } = request.params;
      const parent = await visibleShipment(db, caller, shipmentId);
      return db.transaction().execute(async (trx) => {
        const children = await trx
          .selectFrom('shipment_read')
          .select(['shipment_id', 'customer_organization_id'])
          .where('consolidation_parent_id', '=', parent.shipment_id)
          .where('broker_id', '=', parent.broker_id)
          .orderBy('shipment_id')
          .execute();
        const problem = consolidationProblem(
          children.map((c) => c.shipment_id),
          shipmentId,
        );
        if (problem) throw fieldError('shipmentId', problem);
        const copies = await pushToChildren(trx, parent, children);
        const customerOf = new Map(children.map((c) => [c.shipment_id, c.customer_organization_id]));
        for (const copy of copies) {
          await publishEntry(runtime, trx, copy, customerOf.get(copy.shipment_id) as string, 'added');
        }
        return {
          parentShipmentId: parent.shipment_id,
          childShipmentIds: children.map((c) => c.shipment_id),
          pushedCount: copies.length,
        };
      });
    },
  );
}

/**
 * Copies the parent's own entries to each child, once: the unique (shipment, pushed-from entry) index turns
 * a second push into nothing. Copies the parent got from elsewhere are not pushed on (a copy of a copy is
 * noise), nor are dismissed emails; pins and assignments stay with the parent, whose handling they are about.
 * A child of another customer gets Public entries as Private (domain/consolidation.ts, decision 0025).
 */
async function pushToChildren(
  trx: Db,
  parent: ShipmentRead,
  children: readonly { shipment_id: number; customer_organization_id: string }[],
): Promise<Entry[]> {
  const entries = await trx
    .selectFrom('shipment_activity')
    .selectAll()
    .where('shipment_id', '=', parent.shipment_id)
    .where('pushed_from_activity_id', 'is', null)
    .where('email_dismissed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('activity_id')
    .execute();
  if (entries.length === 0) return [];
  const copies = children.flatMap((child) =>
    entries.map((p) => ({
      shipment_id: child.shipment_id,
      broker_id: p.broker_id,
      activity_type: p.activity_type,
      access_level: pushedAccessLevel(
        p.access_level as AccessLevelValue,
        child.customer_organization_id === parent.customer_organization_id,
      ),
      description: p.description,
      preset_payable_note: p.preset_payable_note,
      preset_audit_note: p.preset_audit_note,
      user_id: p.user_id,
      user_name: p.user_name,
      created_at: p.created_at,
      pushed_from_activity_id: p.activity_id,
      pushed_from_shipment_id: p.shipment_id,
      email_type: p.email_type,
      email_from_name: p.email_from_name,
      email_date: p.email_date,
    })),
  );
  return trx
    .insertInto('shipment_activity')
    .values(copies)
    .onConflict((oc) =>
      oc
        .columns(['shipment_id', 'pushed_from_activity_id'])
        .where('pushed_from_activity_id', 'is not', null)
        .doNothing(),
    )
    .returningAll()
    .execute();
}
