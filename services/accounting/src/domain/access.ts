// Who may do what with money (002 §6.2 permission meanings; decision 0050). Pure.
//   - IT support admin is "full application" (002 §6.2): it may do everything below.
//   - Reading a shipment's accounting summary (buy, sell, margin): broker staff of the shipment's broker.
//   - Charge lines before they are invoiced or billed: any staff (operations rate loads). An invoiced sell
//     or a billed buy does not change (a revision is a new charge line).
//   - Invoicing: Accounting AR Invoicing ("search and create invoices") or AR Revisions.
//   - Payments on invoices: Accounting AR Payments ("search and apply invoice payments") or AR Revisions;
//     bill payments: Accounting AP Payments. A customer user pays its own organization's invoices when it
//     (or its organization) has Pay Invoices or Granted Invoice Payment (002 §6.3).
//   - Customer accounting settings (terms, fee, automation): AR Revisions.
//   - Commissions: Commissions Admin; approving or declining one: Commissions Approve.
//   - The accounting sync: Accounting Sync.
import {
  CustomerUserSetting,
  StaffPermission,
  type StaffPermissionCode,
} from '@loadline/contracts/catalogue';
import type { Identity } from '@loadline/platform';

/** Staff holding the permission, or IT support admin (full application). */
export function may(caller: Identity, ...anyOf: StaffPermissionCode[]): boolean {
  if (caller.kind !== 'staff') return false;
  if (StaffPermission.has(caller.permissions, 'ITSupportAdmin')) return true;
  return anyOf.some((p) => StaffPermission.has(caller.permissions, p));
}

export const canInvoice = (caller: Identity) => may(caller, 'AccountingARInvoicing', 'AccountingARRevisions');
export const canApplyInvoicePayments = (caller: Identity) =>
  may(caller, 'AccountingARPayments', 'AccountingARRevisions');
export const canPayBills = (caller: Identity) => may(caller, 'AccountingAPPayments', 'AccountingAPRevisions');
export const canChangeCustomerAccount = (caller: Identity) => may(caller, 'AccountingARRevisions');
export const canEditCommissions = (caller: Identity) => may(caller, 'CommissionsAdmin');
export const canApproveCommissions = (caller: Identity) => may(caller, 'CommissionsApprove');
export const canSync = (caller: Identity) => may(caller, 'AccountingSync');

/**
 * Whom the over-credit notice is for (001 §6, decision 0054): the customer's own users, and staff with the
 * user-allowed-org-access role (the customer's whole account is theirs to see) or IT support admins.
 */
export const overCreditNoticeIsFor = (caller: Identity): boolean =>
  caller.kind === 'customer' || may(caller, 'UserAllowedOrgAccess');

/** A customer user who may pay its organization's invoices online (002 §6.3). */
export function customerMayPay(caller: Identity, organizationCustomerSettings: number): boolean {
  if (caller.kind !== 'customer') return false;
  const allows = (mask: number) =>
    CustomerUserSetting.has(mask, 'PayInvoices') || CustomerUserSetting.has(mask, 'GrantedInvoicePayment');
  return allows(caller.customerSettings) || allows(organizationCustomerSettings);
}

/**
 * Whose money the caller may see: staff their broker's customers; a customer user only its own
 * organization (anything else answers 404, like what does not exist).
 */
export function canSeeOrganizationMoney(
  caller: Identity,
  organization: { organizationId: string; brokerId: string | null },
): boolean {
  if (caller.kind === 'staff')
    return organization.brokerId === caller.brokerId || organization.organizationId === caller.brokerId;
  return organization.organizationId === caller.organizationId;
}

/** An invoice the caller may see: staff of its broker; the customer user of its payer. */
export function canSeeInvoice(
  caller: Identity,
  invoice: { brokerId: string; payerOrganizationId: string },
): boolean {
  if (invoice.brokerId !== caller.brokerId) return false;
  return caller.kind === 'staff' || invoice.payerOrganizationId === caller.organizationId;
}
