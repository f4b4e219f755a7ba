// Page presence (spec 001 §3, §5, §6): who else is viewing the same page. Pure rules.
import { createHash } from 'node:crypto';

export interface PresenceUser {
  GroupName: string;
  PageTitle: string;
  Uri: string;
  ConnectionId: string;
  DateTimeJoined: string;
  DisplayName: string;
  Company: string;
  UserNameSHA1: string;
}

/** IT support admins appear under the software vendor's company (001 §6). */
export const softwareVendorCompany = 'Loadline';

export const userNameSha1 = (email: string): string =>
  createHash('sha1').update(email.toLowerCase()).digest('hex');

/** 001 §5: group name and page title are required strings. */
export function checkJoin(input: { groupName?: unknown; pageTitle?: unknown }): string | undefined {
  const groupProblem = checkFollow(input);
  if (groupProblem) return groupProblem;
  if (typeof input.pageTitle !== 'string' || input.pageTitle.trim() === '') return 'pageTitle is required.';
  return undefined;
}

/** A page that follows a group's live events without presence names the group. */
export function checkFollow(input: { groupName?: unknown }): string | undefined {
  if (typeof input.groupName !== 'string' || input.groupName.trim() === '') return 'groupName is required.';
  if (input.groupName.length > 200) return 'groupName must be at most 200 characters.';
  return undefined;
}

export const unknownMessageType = 'Unknown message type: use "join", "leave", "follow" or "unfollow".';
