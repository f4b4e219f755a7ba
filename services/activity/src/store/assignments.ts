// SQL of the staff assignments (001 §3 staff favorites): one per shipment and assignee, written with its
// assignment.changed event in the caller's transaction.
import { subjects } from '@loadline/contracts/events';
import type { EventWriter } from '@loadline/platform';
import { type Selectable, sql } from 'kysely';
import type { AssignmentState } from '../domain/favorites.ts';
import type { Db, ShipmentRead } from './activities.ts';
import type { ActivityTables } from './tables.ts';

export type Assignment = Selectable<ActivityTables['staff_assignment']>;

/** How the team shows where a staff member's name would. */
export const TEAM_NAME = 'Team';

/** An active staff member of the broker (from the directory's user.changed), or undefined. */
export function staffMember(db: Db, brokerId: string, userId: string) {
  return db
    .selectFrom('user_read')
    .select(['user_id', 'name'])
    .where('user_id', '=', userId)
    .where('broker_id', '=', brokerId)
    .where('kind', '=', 'staff')
    .where('active', '=', true)
    .executeTakeFirst();
}

export function findAssignment(
  db: Db,
  shipmentId: number,
  assignee: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = db
    .selectFrom('staff_assignment')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('assignee', '=', assignee);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Every assignment on a shipment, with the assignee's name (the team's as "Team"). */
export async function assignmentsOf(db: Db, shipmentId: number) {
  return db
    .selectFrom('staff_assignment as a')
    .leftJoin('user_read as u', 'u.user_id', 'a.assignee')
    .selectAll('a')
    .select(sql<string | null>`case when a.is_team then ${TEAM_NAME} else u.name end`.as('assignee_name'))
    .where('a.shipment_id', '=', shipmentId)
    .orderBy('a.is_team', 'desc')
    .orderBy('a.created_at')
    .execute();
}

export interface SaveAssignment {
  shipment: Pick<ShipmentRead, 'shipment_id' | 'broker_id' | 'customer_organization_id'>;
  assignee: string;
  isTeam: boolean;
  state: AssignmentState;
  activityId: number | null;
  organizationId: string | null;
  byName: string;
}

export async function saveAssignment(
  runtime: EventWriter<ActivityTables>,
  trx: Db,
  a: SaveAssignment,
): Promise<Assignment> {
  const saved = await trx
    .insertInto('staff_assignment')
    .values({
      shipment_id: a.shipment.shipment_id,
      broker_id: a.shipment.broker_id,
      assignee: a.assignee,
      is_team: a.isTeam,
      status: a.state.status,
      delay_minutes: a.state.delayMinutes,
      due_at: a.state.dueAt,
      assigned_at: a.state.assignedAt,
      completed_at: a.state.completedAt,
      activity_id: a.activityId,
      organization_id: a.organizationId,
      updated_by_name: a.byName,
    })
    .onConflict((oc) =>
      oc.columns(['shipment_id', 'assignee']).doUpdateSet({
        status: sql`excluded.status`,
        delay_minutes: sql`excluded.delay_minutes`,
        due_at: sql`excluded.due_at`,
        assigned_at: sql`excluded.assigned_at`,
        completed_at: sql`excluded.completed_at`,
        activity_id: sql`coalesce(excluded.activity_id, staff_assignment.activity_id)`,
        organization_id: sql`coalesce(excluded.organization_id, staff_assignment.organization_id)`,
        updated_by_name: sql`excluded.updated_by_name`,
        updated_at: sql`now()`,
        version: sql`staff_assignment.version + 1`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await publishAssignment(runtime, trx, saved);
  return saved;
}

export function publishAssignment(runtime: EventWriter<ActivityTables>, trx: Db, a: Assignment) {
  return runtime.appendEvent(trx, subjects.staffAssignmentChanged, {
    assignmentId: a.assignment_id,
    shipmentId: a.shipment_id,
    brokerId: a.broker_id,
    staffId: a.is_team ? null : a.assignee,
    isTeam: a.is_team,
    version: a.version,
    staffAssignmentStatus: a.status,
    dueDate: a.due_at.toISOString(),
    isAssigned: a.status === 'Active' && a.assigned_at !== null,
    activityRef: a.activity_id,
  });
}

/** Active assignments still waiting for their time: the assignment-due jobs to (re)schedule at start. */
export function waitingAssignments(db: Db) {
  return db
    .selectFrom('staff_assignment')
    .selectAll()
    .where('status', '=', 'Active')
    .where('assigned_at', 'is', null)
    .execute();
}

/** One assignment, locked for a change. */
export function findAssignmentById(db: Db, assignmentId: number, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('staff_assignment').selectAll().where('assignment_id', '=', assignmentId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A waiting assignment becomes assigned at `now`; its event is the caller's to write. */
export function markAssigned(trx: Db, assignmentId: number, now: Date): Promise<Assignment> {
  return trx
    .updateTable('staff_assignment')
    .set((eb) => ({ assigned_at: now, updated_at: now, version: eb('version', '+', 1) }))
    .where('assignment_id', '=', assignmentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The entry that made an assignment becomes assigned with it; undefined when it already was. */
export function markEntryAssigned(trx: Db, activityId: number, now: Date) {
  return trx
    .updateTable('shipment_activity')
    .set((eb) => ({ assigned_at: now, version: eb('version', '+', 1) }))
    .where('activity_id', '=', activityId)
    .where('is_assignment', '=', true)
    .where('assigned_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
