// Staff favorites and assignments (001 §3, §4; 000 §4, §9). A shipment's assignee is one staff member or
// the broker's team; the favorite toggle cycles not assigned → assigned (active) → completed → not
// assigned. An active assignment with a future date is scheduled; it becomes assigned when due (the
// assignment-due job). Pure.
import { favoriteStateOf, nextFavoriteState } from '@loadline/contracts/catalogue';

/** The assignee key of the broker's team (001 §4: "team when assigned to the team staff"). */
export const TEAM_ASSIGNEE = 'team';

export type AssignmentStatus = 'Inactive' | 'Active' | 'Complete';

export interface AssignmentState {
  status: AssignmentStatus;
  delayMinutes: number;
  dueAt: Date;
  assignedAt: Date | null;
  completedAt: Date | null;
}

export const assigneeKey = (staffId: string | null, isTeam: boolean): string =>
  isTeam ? TEAM_ASSIGNEE : (staffId as string);

/** An assignment made now with this delay (000 §4: delay 0 assigned at once, above 0 scheduled). */
export function activeAssignment(delayMinutes: number, now: Date): AssignmentState {
  return {
    status: 'Active',
    delayMinutes,
    dueAt: new Date(now.getTime() + delayMinutes * 60_000),
    assignedAt: delayMinutes === 0 ? now : null,
    completedAt: null,
  };
}

/** The favorite toggle (001 §4): the state after one click. */
export function toggleAssignment(
  current: AssignmentState | undefined,
  delayMinutes: number,
  now: Date,
): AssignmentState {
  const next = nextFavoriteState(favoriteStateOf(current?.status));
  if (next === 'Active') return activeAssignment(delayMinutes, now);
  if (next === 'Complete') {
    return { ...(current as AssignmentState), status: 'Complete', completedAt: now };
  }
  return { ...(current as AssignmentState), status: 'Inactive', completedAt: null };
}

/** The display flags of 001 §3 (isAssigned, isCompleted, isScheduled). */
export function assignmentFlags(state: Pick<AssignmentState, 'status' | 'assignedAt'>): {
  isAssigned: boolean;
  isCompleted: boolean;
  isScheduled: boolean;
} {
  return {
    isAssigned: state.status === 'Active' && state.assignedAt !== null,
    isCompleted: state.status === 'Complete',
    isScheduled: state.status === 'Active' && state.assignedAt === null,
  };
}

/** True when a scheduled assignment's time has come. */
export const isDue = (state: Pick<AssignmentState, 'status' | 'assignedAt' | 'dueAt'>, now: Date): boolean =>
  state.status === 'Active' && state.assignedAt === null && state.dueAt.getTime() <= now.getTime();
