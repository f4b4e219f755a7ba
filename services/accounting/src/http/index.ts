// The accounting service's HTTP doors, registered in one place with the shared schemas they refer to.
import { type App, callerOf, ErrorBodySchema, ProgressSnapshotSchema, requireUser } from '@loadline/platform';
import { payers, payersWithOpenInvoicesOf } from '../app/organizations.ts';
import type { AccountingDeps } from '../service.ts';
import { invoicingRoutes } from './invoicing.ts';
import { paymentRoutes } from './payments.ts';
import {
  Bill,
  ChargeLine,
  ChargeLineGroup,
  Commission,
  Invoice,
  OrganizationList,
  PaymentProfile,
  PaymentResult,
  SavedPaymentProfile,
} from './schemas.ts';
import { errors, summaryRoutes } from './summary.ts';
import { syncRoutes } from './sync.ts';

export function registerHttp(app: App, deps: AccountingDeps): void {
  app.addSchema(ErrorBodySchema);
  for (const schema of [
    ChargeLine,
    ChargeLineGroup,
    Invoice,
    Bill,
    Commission,
    PaymentProfile,
    SavedPaymentProfile,
    PaymentResult,
    ProgressSnapshotSchema,
  ])
    app.addSchema(schema);
  summaryRoutes(app, deps);
  invoicingRoutes(app, deps);
  paymentRoutes(app, deps);
  syncRoutes(app, deps);

  app.get(
    '/api/organization/billToOrganizations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['organization select'],
        summary:
          "Payers (001 §7 organization select, payers): the broker's active customers as { id, name }; a customer user gets its own organization",
        response: { 200: OrganizationList, ...errors },
      },
    },
    (request) => payers(deps, callerOf(request)),
  );

  app.get(
    '/api/organization/openInvoiceOrganizations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['organization select'],
        summary:
          'Payers with open invoices (001 §7 organization select, payersWithOpenInvoices) as { id, name }',
        response: { 200: OrganizationList, ...errors },
      },
    },
    (request) => payersWithOpenInvoicesOf(deps, callerOf(request)),
  );
}
