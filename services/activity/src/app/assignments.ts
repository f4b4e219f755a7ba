// Scheduled assignments (000 §4, §9: a delay above 0 makes the entry scheduled): a delayed BullMQ job per
// assignment makes it assigned when its time comes, with its events. Idempotent: the job id is the
// assignment and its due time, and a job finding the assignment already assigned, completed or moved on
// changes nothing. At every start of the background (the service's atStart) every waiting assignment is
// scheduled again (a job lost between the commit and the enqueue is made good; one still queued is not
// queued twice).
import { isDue } from '../domain/favorites.ts';
import type { ActivityDeps } from '../service.ts';
import { customerOfShipment, publishEntry } from '../store/activities.ts';
import {
  type Assignment,
  findAssignmentById,
  markAssigned,
  markEntryAssigned,
  publishAssignment,
  waitingAssignments,
} from '../store/assignments.ts';

export const ASSIGNMENT_DUE_QUEUE = 'assignment-due';

export interface AssignmentDueJob {
  assignmentId: number;
  dueDate: string;
}

export async function scheduleAssignmentDue(
  deps: ActivityDeps,
  assignment: Pick<Assignment, 'assignment_id' | 'due_at'>,
): Promise<void> {
  await deps.runtime.queue<AssignmentDueJob>(ASSIGNMENT_DUE_QUEUE).enqueue(
    { assignmentId: assignment.assignment_id, dueDate: assignment.due_at.toISOString() },
    {
      delay: Math.max(0, assignment.due_at.getTime() - Date.now()),
      idempotencyKey: `assignment-${assignment.assignment_id}-${assignment.due_at.getTime()}`,
    },
  );
}

export type DueOutcome = 'assigned' | 'notDue' | 'unchanged';

/** Makes a waiting assignment (and the entry that made it) assigned if its time has come. */
export async function assignIfDue(deps: ActivityDeps, assignmentId: number, now: Date): Promise<DueOutcome> {
  const { runtime } = deps;
  return runtime.db.transaction().execute(async (trx) => {
    const a = await findAssignmentById(trx, assignmentId, { forUpdate: true });
    if (!a || a.status !== 'Active' || a.assigned_at !== null) return 'unchanged';
    if (!isDue({ status: a.status, assignedAt: a.assigned_at, dueAt: a.due_at }, now)) return 'notDue';
    const saved = await markAssigned(trx, assignmentId, now);
    await publishAssignment(runtime, trx, saved);
    if (a.activity_id !== null) {
      const entry = await markEntryAssigned(trx, a.activity_id, now);
      if (entry)
        await publishEntry(runtime, trx, entry, await customerOfShipment(trx, entry.shipment_id), 'assigned');
    }
    return 'assigned';
  });
}

/** Queues the delayed job of every assignment still waiting for its time (nothing twice). */
export async function rescheduleWaiting(deps: ActivityDeps): Promise<number> {
  const waiting = await waitingAssignments(deps.runtime.db);
  for (const a of waiting) await scheduleAssignmentDue(deps, a);
  return waiting.length;
}
