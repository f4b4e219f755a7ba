// Staff favorites (001 §3, §4, §7): who is assigned a shipment, and the toggle that cycles the caller's (or
// the team's) assignment: not assigned → assigned (active) → completed → not assigned.
import { ACTIVITY_DELAY_OPTIONS_MINUTES, isActivityDelay } from '@loadline/contracts/catalogue';
import { fieldError } from '@loadline/platform';
import type { Caller } from '../domain/access.ts';
import { assigneeKey, assignmentFlags, TEAM_ASSIGNEE, toggleAssignment } from '../domain/favorites.ts';
import type { ActivityDeps } from '../service.ts';
import { findEntry } from '../store/activities.ts';
import {
  type Assignment,
  assignmentsOf,
  findAssignment,
  saveAssignment,
  TEAM_NAME,
} from '../store/assignments.ts';
import { scheduleAssignmentDue } from './assignments.ts';
import { visibleShipment } from './visibility.ts';

/**
 * An assignment as the favorites list shows it: with the name (the staff member's, or "Team") and the display
 * flags of 001 §3 (isAssigned, isCompleted, isScheduled) decided from its status.
 */
export type Favorite = Assignment & {
  assignee_name: string | null;
  flags: ReturnType<typeof assignmentFlags>;
};

const withFlags = (a: Assignment & { assignee_name: string | null }): Favorite => ({
  ...a,
  flags: assignmentFlags({ status: a.status, assignedAt: a.assigned_at }),
});

export async function favoritesOf(
  deps: ActivityDeps,
  caller: Caller,
  shipmentId: number,
): Promise<Favorite[]> {
  const { db } = deps.runtime;
  await visibleShipment(db, caller, shipmentId);
  return (await assignmentsOf(db, shipmentId)).map(withFlags);
}

export interface FavoriteToggle {
  shipmentId: number;
  activityRef?: number | null | undefined;
  organizationId?: string | null | undefined;
  isTeam?: boolean | undefined;
  delay?: number | undefined;
}

export async function toggleFavorite(
  deps: ActivityDeps,
  caller: Caller,
  input: FavoriteToggle,
): Promise<Favorite> {
  const { runtime } = deps;
  const delay = input.delay ?? 0;
  if (!isActivityDelay(delay)) {
    throw fieldError('delay', `delay must be 0 or one of ${ACTIVITY_DELAY_OPTIONS_MINUTES.join(', ')}.`);
  }
  const shipment = await visibleShipment(runtime.db, caller, input.shipmentId);
  // The entry and organization named are the shipment's own, or the assignment would later mark another
  // shipment's (another broker's) entry assigned: named otherwise, they are not found (decision 0041).
  const { activityRef, organizationId } = input;
  if (activityRef !== null && activityRef !== undefined) {
    const entry = await findEntry(runtime.db, activityRef);
    if (!entry || Number(entry.shipment_id) !== Number(shipment.shipment_id))
      throw fieldError(
        'activityRef',
        `activityRef ${activityRef} was not found on shipment ${shipment.shipment_id}.`,
      );
  }
  if (
    organizationId !== null &&
    organizationId !== undefined &&
    organizationId !== shipment.customer_organization_id
  )
    throw fieldError(
      'organizationId',
      `organizationId ${organizationId} is not the customer of shipment ${shipment.shipment_id}.`,
    );
  const isTeam = input.isTeam === true;
  const assignee = assigneeKey(caller.userId, isTeam);
  const now = new Date();
  const saved = await runtime.db.transaction().execute(async (trx) => {
    const current = await findAssignment(trx, shipment.shipment_id, assignee, { forUpdate: true });
    const state = toggleAssignment(
      current && {
        status: current.status,
        delayMinutes: current.delay_minutes,
        dueAt: current.due_at,
        assignedAt: current.assigned_at,
        completedAt: current.completed_at,
      },
      delay,
      now,
    );
    return saveAssignment(runtime, trx, {
      shipment,
      assignee,
      isTeam,
      state,
      activityId: activityRef ?? null,
      organizationId: organizationId ?? shipment.customer_organization_id,
      byName: caller.displayName,
    });
  });
  if (saved.status === 'Active' && saved.assigned_at === null) await scheduleAssignmentDue(deps, saved);
  return withFlags({
    ...saved,
    assignee_name: saved.assignee === TEAM_ASSIGNEE ? TEAM_NAME : caller.displayName,
  });
}
