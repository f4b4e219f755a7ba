// The accounting pages' addresses in the shells (ours: the spec names none).
import { ShellPaths } from '@loadline/ui';

export const accountingRoutes = {
  /** the customer's open invoices with Pay (the front office) */
  frontOfficeInvoices: `${ShellPaths.frontOffice}/invoices`,
  /** a customer's open invoices, for staff (the back office) */
  backOfficeInvoices: (organizationId: string) =>
    `${ShellPaths.backOffice}/accounting/invoices/${encodeURIComponent(organizationId)}`,
  /** the accounting sync page */
  backOfficeSync: `${ShellPaths.backOffice}/accounting/sync`,
} as const;
