// Use cases of the shipment activity log (000 §7): read the latest 50 then the remaining, add, change the
// access level, pin, the edit-status modal's operation notes, the archive, and the consolidation push.
// Each checks access first and owns its transaction; the answers are entries, presented by http/.
import { fieldError, unwrap } from '@loadline/platform';
import { type Caller, shipmentLevelProblem, visibleShipmentLevels } from '../domain/access.ts';
import { consolidationProblem } from '../domain/consolidation.ts';
import { TEAM_ASSIGNEE } from '../domain/favorites.ts';
import { type LogQuery, logCriteria, operationNoteTypes } from '../domain/log-query.ts';
import {
  type NewShipmentEntryInput,
  planShipmentEntry,
  type ShipmentEntry,
} from '../domain/shipment-entry.ts';
import type { ActivityDeps } from '../service.ts';
import {
  archivedEntries,
  blankEntry,
  childrenOf,
  copyToChildren,
  entriesOfTypes,
  insertEntry,
  latestEntries,
  publishEntry,
  updateEntry,
} from '../store/activities.ts';
import { type Assignment, saveAssignment, staffMember, TEAM_NAME } from '../store/assignments.ts';
import { scheduleAssignmentDue } from './assignments.ts';
import { activityNotFound, visibleEntry, visibleShipment } from './visibility.ts';

export async function readLog(
  deps: ActivityDeps,
  caller: Caller,
  query: LogQuery & { shipmentId: number },
): Promise<ShipmentEntry[]> {
  const { db } = deps.runtime;
  await visibleShipment(db, caller, query.shipmentId);
  return latestEntries(db, query.shipmentId, visibleShipmentLevels(caller), logCriteria(query));
}

export interface NewShipmentEntry extends NewShipmentEntryInput {
  shipmentId: number;
  /** the older name of `description` (000 §3 activityDescription) */
  activityDescription?: string | undefined;
}

export async function addEntry(
  deps: ActivityDeps,
  caller: Caller,
  input: NewShipmentEntry,
): Promise<ShipmentEntry> {
  const { runtime } = deps;
  const { db } = runtime;
  const now = new Date();
  const planned = unwrap(
    planShipmentEntry({ ...input, description: input.description ?? input.activityDescription }, caller, now),
  );
  const shipment = await visibleShipment(db, caller, input.shipmentId);
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
    let scheduled: Assignment | null = null;
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
  if (scheduled) await scheduleAssignmentDue(deps, scheduled);
  return entry;
}

export async function setAccessLevel(
  deps: ActivityDeps,
  caller: Caller,
  activityId: number,
  accessLevel: number,
): Promise<ShipmentEntry> {
  const { runtime } = deps;
  const problem = shipmentLevelProblem(caller, accessLevel);
  if (problem) throw fieldError('accessLevel', problem);
  return runtime.db.transaction().execute(async (trx) => {
    const { entry, shipment } = await visibleEntry(trx, caller, activityId);
    if (entry.access_level === accessLevel) return entry;
    const saved = await updateEntry(trx, activityId, { access_level: accessLevel });
    await publishEntry(runtime, trx, saved, shipment.customer_organization_id, 'accessLevel');
    return saved;
  });
}

export async function setPinned(
  deps: ActivityDeps,
  caller: Caller,
  input: { shipmentActivityLogId: number; shipmentId: number; pinned: boolean },
): Promise<ShipmentEntry> {
  const { runtime } = deps;
  const { shipmentActivityLogId, shipmentId, pinned } = input;
  return runtime.db.transaction().execute(async (trx) => {
    const { entry, shipment } = await visibleEntry(trx, caller, shipmentActivityLogId);
    if (entry.shipment_id !== shipmentId) throw activityNotFound(shipmentActivityLogId);
    if (entry.pinned === pinned) return entry;
    const saved = await updateEntry(trx, entry.activity_id, { pinned });
    await publishEntry(runtime, trx, saved, shipment.customer_organization_id, 'pinned');
    return saved;
  });
}

/** The edit-status modal's list: the shipment's Operations and Status Change entries, newest first. */
export async function operationNotes(
  deps: ActivityDeps,
  caller: Caller,
  shipmentId: number,
): Promise<ShipmentEntry[]> {
  const { db } = deps.runtime;
  await visibleShipment(db, caller, shipmentId);
  return entriesOfTypes(db, shipmentId, visibleShipmentLevels(caller), operationNoteTypes);
}

export async function archivedLog(
  deps: ActivityDeps,
  caller: Caller,
  shipmentId: number,
): Promise<ShipmentEntry[]> {
  const { db } = deps.runtime;
  await visibleShipment(db, caller, shipmentId);
  return archivedEntries(db, shipmentId, visibleShipmentLevels(caller));
}

export interface ConsolidationPush {
  parentShipmentId: number;
  childShipmentIds: number[];
  pushedCount: number;
}

/** Pushes a consolidation parent's own entries to its children, each once (000 §4, §7). */
export async function pushToChildren(
  deps: ActivityDeps,
  caller: Caller,
  shipmentId: number,
): Promise<ConsolidationPush> {
  const { runtime } = deps;
  const parent = await visibleShipment(runtime.db, caller, shipmentId);
  return runtime.db.transaction().execute(async (trx) => {
    const children = await childrenOf(trx, parent);
    const problem = consolidationProblem(
      children.map((c) => c.shipment_id),
      shipmentId,
    );
    if (problem) throw fieldError('shipmentId', problem);
    const copies = await copyToChildren(trx, parent, children);
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
}
