// Who sees and changes which carrier data. Enforced here, in the service. Pure.
//
// Ours (000 §6 and 001 §6 leave the role matrix open):
// - Carrier master facts (name, SCAC, MC and DOT numbers, authority, DOT status, TSA compliance,
//   rating) are public registry data: any broker's staff may read them.
// - A broker's relation to a carrier (status, favorite, insurances, contacts, preferred regions,
//   audits and score, portal link) is that broker's alone. The calls' `{brokerId or 0}` is 0 for the
//   caller's own broker, or the caller's broker id; any other broker answers 404 like a carrier that
//   does not exist.
// - Customers see no carrier vetting data (403), except the terminal page of their own shipments.
// - Edits in the carrier preview need LSP Carrier Add/Edit (001 §6); favorites and audits any staff
//   of the broker (a favorite marks the broker's carrier for everyone's lists; audits come from the
//   operations desk that watched the pickup and delivery).
import { hidesExports, StaffPermission } from '@loadline/contracts/catalogue';
import type { Identity } from '@loadline/platform';

/** The broker a `{brokerId or 0}` path value names for this caller, or null when it is not theirs. */
export function brokerOfPath(caller: Identity, brokerIdParam: string): string | null {
  const value = brokerIdParam.trim();
  if (value === '0' || value === '') return caller.brokerId;
  return value === caller.brokerId ? caller.brokerId : null;
}

export const canEditCarriers = (caller: Identity): boolean =>
  caller.kind === 'staff' && StaffPermission.has(caller.permissions, 'LSPCarrierAddEdit');

/** A broker's carrier list (its statuses, compliance, favorites) is for the broker's staff only. */
export const mayListBrokerCarriers = (caller: Identity): boolean => caller.kind === 'staff';

/** Its CSV export too, unless the staff member's account hides exports (the platform's `hidesExports`). */
export const mayExportBrokerCarriers = (caller: Identity): boolean =>
  mayListBrokerCarriers(caller) && !hidesExports(caller);
