// The staff favorite toggle (001 §3, §4): what a favorite shows, whose it is, and the failure text. The
// server's answer is the truth; these only read it. Pure.
import { FavoriteToggleCycle, favoriteStateOf, messages } from '@loadline/contracts';
import { formatDateTime, serverMessages } from '@loadline/ui';
import type { StaffFavorite } from '../api/types.ts';

/** What a toggle shows: the 001 §4 state, scheduled when active with a future date (not yet assigned). */
export type FavoriteShown =
  | { state: 'NotAssigned' }
  | { state: 'Active' }
  | { state: 'Scheduled'; dueDate: string }
  | { state: 'Complete' };

export function favoriteShown(favorite: StaffFavorite | undefined): FavoriteShown {
  const state = favoriteStateOf(favorite?.staffAssignmentStatus);
  if (state === 'Active' && favorite?.isScheduled) return { state: 'Scheduled', dueDate: favorite.dueDate };
  return { state };
}

/** 'Not assigned', 'Assigned', 'Scheduled 11/25/2026 10:04' or 'Completed' (the catalogue's names). */
export function favoriteText(shown: FavoriteShown): string {
  if (shown.state === 'Scheduled') return `Scheduled ${formatDateTime(shown.dueDate)}`;
  return FavoriteToggleCycle.nameOf(shown.state) ?? shown.state;
}

/** The next click makes the favorite active: then, and only then, a delay means something. */
export const clickActivates = (shown: FavoriteShown): boolean => shown.state === 'NotAssigned';

/** One favorite per assignee: the team, or a staff member. */
const assigneeOf = (f: StaffFavorite): string => (f.isTeam ? 'team' : `staff:${f.staffId ?? ''}`);

/** The list with the server's answer in place of the favorite it changed (or added). */
export function withFavorite(list: readonly StaffFavorite[], answer: StaffFavorite): StaffFavorite[] {
  const key = assigneeOf(answer);
  return list.some((f) => assigneeOf(f) === key)
    ? list.map((f) => (assigneeOf(f) === key ? answer : f))
    : [...list, answer];
}

export const teamFavorite = (list: readonly StaffFavorite[]): StaffFavorite | undefined =>
  list.find((f) => f.isTeam);

export const staffFavorite = (
  list: readonly StaffFavorite[],
  staffId: string | null,
): StaffFavorite | undefined =>
  staffId === null ? undefined : list.find((f) => !f.isTeam && f.staffId === staffId);

/** Other staff members' favorites that are active or scheduled (who else is on the shipment). */
export const othersActive = (list: readonly StaffFavorite[], staffId: string | null): StaffFavorite[] =>
  list.filter((f) => !f.isTeam && f.staffId !== staffId && f.staffAssignmentStatus === 'Active');

/**
 * 001 §8's 'Unable to update favorite. Error: {message}': the server's messages; without an answer the
 * browser's reason; else the HTTP status (docs/decisions/0023).
 */
export function favoriteUpdateFailed(status: number, error: unknown): string {
  const server = serverMessages(error).join(' ');
  if (server) return messages.favorites.updateFailed(server);
  if (status === 0 && error instanceof Error && error.message) {
    return messages.favorites.updateFailed(error.message);
  }
  return messages.favorites.updateFailed(`the server answered ${status}.`);
}
