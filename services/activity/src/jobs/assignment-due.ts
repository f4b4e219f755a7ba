// Scheduled assignments (000 §4, §9: a delay above 0 makes the entry scheduled): a delayed BullMQ job per
// assignment makes it assigned when its time comes, with its events. Idempotent: the job id is the
// assignment and its due time, and a job finding the assignment already assigned, completed or moved on
// changes nothing. At start every waiting assignment is scheduled again (a job lost between the commit and
// the enqueue is made good; one still queued is not queued twice).
import type { ServiceRuntime } from '@loadline/platform';
import { isDue } from '../domain/favorites.ts';
import { publishEntry } from '../store/activities.ts';
import { type Assignment, publishAssignment, waitingAssignments } from '../store/assignments.ts';
import type { ActivityTables } from '../store/tables.ts';

export const ASSIGNMENT_DUE_QUEUE = 'assignment-due';

export interface AssignmentDueJob {
  assignmentId: number;
  dueDate: string;
}

export async function scheduleAssignmentDue(
  runtime: ServiceRuntime<ActivityTables>,
  assignment: Pick<Assignment, 'assignment_id' | 'due_at'>,
): Promise<void> {
  await runtime.queue<AssignmentDueJob>(ASSIGNMENT_DUE_QUEUE).enqueue(
    { assignmentId: assignment.assignment_id, dueDate: assignment.due_at.toISOString() },
    {
      delay: Math.max(0, assignment.due_at.getTime() - Date.now()),
      idempotencyKey: `assignment-${assignment.assignment_id}-${assignment.due_at.getTime()}`,
    },
  );
}

export type DueOutcome = 'assigned' | 'notDue' | 'unchanged';

/** Makes a waiting assignment (and the entry that made it) assigned if its time has come. */
export async function assignIfDue(
  runtime: ServiceRuntime<ActivityTables>,
  assignmentId: number,
  now: Date,
): Promise<DueOutcome> {
  return runtime.db.transaction().execute(async (trx) => {
    const a = await trx
      .selectFrom('staff_assignment')
      .selectAll()
      .where('assignment_id', '=', assignmentId)
      .forUpdate()
      .executeTakeFirst();
    if (!a || a.status !== 'Active' || a.assigned_at !== null) return 'unchanged';
    if (!isDue({ status: a.status, assignedAt: a.assigned_at, dueAt: a.due_at }, now)) return 'notDue';
    const saved = await trx
      .updateTable('staff_assignment')
      .set((eb) => ({ assigned_at: now, updated_at: now, version: eb('version', '+', 1) }))
      .where('assignment_id', '=', assignmentId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await publishAssignment(runtime, trx, saved);
    if (a.activity_id !== null) {
      const entry = await trx
        .updateTable('shipment_activity')
        .set((eb) => ({ assigned_at: now, version: eb('version', '+', 1) }))
        .where('activity_id', '=', a.activity_id)
        .where('is_assignment', '=', true)
        .where('assigned_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (entry) {
        const shipment = await trx
          .selectFrom('shipment_read')
          .select('customer_organization_id')
          .where('shipment_id', '=', entry.shipment_id)
          .executeTakeFirstOrThrow();
        await publishEntry(runtime, trx, entry, shipment.customer_organization_id, 'assigned');
      }
    }
    return 'assigned';
  });
}

export function registerAssignmentDueWorker(runtime: ServiceRuntime<ActivityTables>): void {
  runtime.work<AssignmentDueJob>({
    queue: ASSIGNMENT_DUE_QUEUE,
    process: async (job) => {
      const outcome = await assignIfDue(runtime, job.data.assignmentId, new Date());
      // Early (clocks differ by a little): fail, and the job's backoff tries again shortly.
      if (outcome === 'notDue') throw new Error(`assignment ${job.data.assignmentId} is not due yet`);
      return outcome;
    },
  });
}

export async function rescheduleWaiting(runtime: ServiceRuntime<ActivityTables>): Promise<number> {
  const waiting = await waitingAssignments(runtime.db);
  for (const a of waiting) await scheduleAssignmentDue(runtime, a);
  return waiting.length;
}
