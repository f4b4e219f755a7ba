// Who sees the over-credit notice and who is offered to pay (001 §6, 002 §6.2, §6.3): decided by the service,
// shown by the screen.
import { CustomerUserSetting, StaffPermission } from '@loadline/contracts/catalogue';
import { testIdentity } from '@loadline/platform/testing';
import { describe, expect, it } from 'vitest';
import { customerMayPay, overCreditNoticeIsFor } from '../../src/domain/access.ts';

const P = StaffPermission.values;
const C = CustomerUserSetting.values;
const staff = (permissions: number) => testIdentity({ kind: 'staff', permissions });
const customer = (customerSettings: number) => testIdentity({ kind: 'customer', customerSettings });

describe('the over-credit notice is for', () => {
  it("the customer's users, staff with user-allowed-org-access, and IT support admins; not other staff", () => {
    expect(overCreditNoticeIsFor(customer(0))).toBe(true);
    expect(overCreditNoticeIsFor(staff(P.UserAllowedOrgAccess))).toBe(true);
    expect(overCreditNoticeIsFor(staff(P.ITSupportAdmin))).toBe(true);
    expect(overCreditNoticeIsFor(staff(P.LSPCarrierDetails))).toBe(false);
    expect(overCreditNoticeIsFor(staff(0))).toBe(false);
  });
});

describe('paying invoices online', () => {
  it("a customer user with Pay Invoices or Granted Invoice Payment, its own or its organization's; never staff", () => {
    expect(customerMayPay(customer(C.PayInvoices), 0)).toBe(true);
    expect(customerMayPay(customer(C.GrantedInvoicePayment), 0)).toBe(true);
    expect(customerMayPay(customer(0), C.PayInvoices)).toBe(true);
    expect(customerMayPay(customer(0), 0)).toBe(false);
    expect(customerMayPay(staff(P.ITSupportAdmin), C.PayInvoices)).toBe(false);
  });
});
