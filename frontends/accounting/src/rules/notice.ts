// Who sees the over-credit notice and in which wording (000 §5, 001 §6; docs/decisions/0054). Pure.
import { CustomerUserSetting, StaffPermission } from '@loadline/contracts';
import type { ShipmentOffice } from '@loadline/ui';

export interface NoticeViewer {
  kind: 'staff' | 'customer';
  permissions: number;
  customerSettings: number;
}

/**
 * Whether the notice is for this viewer. The server says whether the position calls for it
 * (`showOverCreditNotice`: notification enabled and the limit exceeded or something past due, 000 §5).
 * Back office: staff with the user-allowed-org-access role (002 §6.2 "see all shipments": the customer's whole
 * account is theirs to see) or IT support admins ("full application"). Front office: the customer's users.
 * Without a session (the remote's harness) it follows the office.
 */
export function noticeIsFor(office: ShipmentOffice, viewer: NoticeViewer | null): boolean {
  if (!viewer) return true;
  if (office === 'frontOffice') return viewer.kind === 'customer';
  return (
    viewer.kind === 'staff' &&
    (StaffPermission.has(viewer.permissions, 'UserAllowedOrgAccess') ||
      StaffPermission.has(viewer.permissions, 'ITSupportAdmin'))
  );
}

/**
 * Whether the front-office notice offers "Pay invoices": the pay-invoices setting (002 §6.3 Pay Invoices or
 * Granted Invoice Payment) of the user, or of its organization as the service answers it (`canPay`).
 */
export function noticeOffersPayment(viewer: NoticeViewer | null, serviceSaysCanPay: boolean): boolean {
  if (serviceSaysCanPay) return true;
  if (!viewer) return false;
  return (
    CustomerUserSetting.has(viewer.customerSettings, 'PayInvoices') ||
    CustomerUserSetting.has(viewer.customerSettings, 'GrantedInvoicePayment')
  );
}
