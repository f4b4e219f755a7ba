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
  if (typeof input.groupName !== 'string' || input.groupName.trim() === '') return 'groupName is required.';
  if (typeof input.pageTitle !== 'string' || input.pageTitle.trim() === '') return 'pageTitle is required.';
  if (input.groupName.length > 200) return 'groupName must be at most 200 characters.';
  return undefined;
}

/**
 * Groups an event is pushed to: the shipment it concerns (the live-update group named for
 * the shipment, spec 000 §7) and the organization it concerns.
 */
export function groupsOfEvent(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  const groups: string[] = [];
  if (typeof d.shipmentId === 'string' || typeof d.shipmentId === 'number') groups.push(String(d.shipmentId));
  if (typeof d.organizationId === 'string') groups.push(d.organizationId);
  return groups;
}
