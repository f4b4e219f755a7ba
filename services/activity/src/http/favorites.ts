// Staff favorites (001 §3, §4, §7): who is assigned a shipment, and the toggle that cycles the caller's (or
// the team's) assignment: not assigned → assigned (active) → completed → not assigned.
import { ACTIVITY_DELAY_OPTIONS_MINUTES, isActivityDelay } from '@loadline/contracts/catalogue';
import { type App, callerOf, fieldError, requireStaff, type ServiceRuntime } from '@loadline/platform';
import Type from 'typebox';
import { assigneeKey, assignmentFlags, TEAM_ASSIGNEE, toggleAssignment } from '../domain/favorites.ts';
import { scheduleAssignmentDue } from '../jobs/assignment-due.ts';
import {
  type Assignment,
  assignmentsOf,
  findAssignment,
  saveAssignment,
  TEAM_NAME,
} from '../store/assignments.ts';
import type { ActivityTables } from '../store/tables.ts';
import { errors, ShipmentIdParam, StaffFavoriteToggle } from './schemas.ts';
import { visibleShipment } from './shipment-log.ts';

const favoriteOut = (a: Assignment, name: string | null) => ({
  shipmentId: a.shipment_id,
  staffId: a.is_team ? null : a.assignee,
  staffName: name,
  isTeam: a.is_team,
  staffAssignmentStatus: a.status,
  createdDate: a.created_at.toISOString(),
  dueDate: a.due_at.toISOString(),
  activityRef: a.activity_id,
  organizationId: a.organization_id,
  delay: a.delay_minutes,
  ...assignmentFlags({ status: a.status, assignedAt: a.assigned_at }),
});

export async function registerFavoriteRoutes(
  app: App,
  runtime: ServiceRuntime<ActivityTables>,
): Promise<void> {
  const db = runtime.db;

  app.get(
    '/api/staffFavorites/:shipmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['favorites'],
        summary:
          "A shipment's staff favorites (001 §3): every staff member's and the team's assignment, with its status and flags",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Array(Type.Ref('StaffFavorite')), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await visibleShipment(db, caller, request.params.shipmentId);
      const rows = await assignmentsOf(db, request.params.shipmentId);
      return rows.map((r) => favoriteOut(r, r.assignee_name));
    },
  );

  app.post(
    '/api/staffFavorites',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['favorites'],
        summary:
          "Toggles the caller's (or with isTeam the team's) favorite on a shipment (001 §4): not assigned → active (scheduled after `delay` minutes) → completed → not assigned",
        body: StaffFavoriteToggle,
        response: { 200: Type.Ref('StaffFavorite'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const delay = body.delay ?? 0;
      if (!isActivityDelay(delay)) {
        throw fieldError('delay', `delay must be 0 or one of ${ACTIVITY_DELAY_OPTIONS_MINUTES.join(', ')}.`);
      }
      const shipment = await visibleShipment(db, caller, body.shipmentId);
      const isTeam = body.isTeam === true;
      const assignee = assigneeKey(caller.userId, isTeam);
      const now = new Date();
      const saved = await db.transaction().execute(async (trx) => {
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
          activityId: body.activityRef ?? null,
          organizationId: body.organizationId ?? shipment.customer_organization_id,
          byName: caller.displayName,
        });
      });
      if (saved.status === 'Active' && saved.assigned_at === null)
        await scheduleAssignmentDue(runtime, saved);
      return favoriteOut(saved, saved.assignee === TEAM_ASSIGNEE ? TEAM_NAME : caller.displayName);
    },
  );
}
