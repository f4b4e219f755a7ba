// HTTP doors of invoicing, invoices, credit info, customers' accounting settings and the payments staff
// record by hand: parse → app → present.
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { changeCustomerAccount, creditInfo, getCustomerAccount } from '../app/credit.ts';
import { createInvoice, getInvoice, listInvoices } from '../app/invoicing.ts';
import { recordBillPayment, recordInvoicePayment } from '../app/payments.ts';
import type { AccountingDeps } from '../service.ts';
import {
  BillPaymentCreate,
  CreateInvoice,
  CreateInvoiceAnswer,
  CreditInfo,
  CustomerAccount,
  CustomerAccountUpdate,
  InvoiceDetail,
  InvoiceList,
  InvoicePaymentCreate,
  OrganizationIdParam,
} from './schemas.ts';
import { errors } from './summary.ts';

export function invoicingRoutes(app: App, deps: AccountingDeps): void {
  app.put(
    '/api/accountingsynchistory/CreateInvoice',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['invoicing'],
        summary:
          "Invoices a shipment (001 §3 invoice request): one invoice per payer from the sell side not invoiced yet, numbered in the broker's own sequence; with approveBillWithInvoice, the carrier bills of the buy side too. 409 for a canceled shipment, a quote, one marked no accounting invoice, or nothing to bill",
        body: CreateInvoice,
        response: { 200: CreateInvoiceAnswer, ...errors },
      },
    },
    (request) => createInvoice(deps, callerOf(request), request.body),
  );

  app.get(
    '/api/accountingSummary/invoices',
    {
      preHandler: requireUser,
      schema: {
        tags: ['invoicing'],
        summary:
          "Invoices newest first, with balance and aging bucket: staff their broker's (optionally one payer's); a customer user its own organization's only",
        querystring: Type.Object({
          organizationId: Type.Optional(Type.String({ maxLength: 64 })),
          openOnly: Type.Optional(Type.Boolean()),
          page: Type.Optional(Type.Integer({ minimum: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: { 200: InvoiceList, ...errors },
      },
    },
    (request) => listInvoices(deps, callerOf(request), request.query),
  );

  app.get(
    '/api/accountingSummary/invoices/:invoiceId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['invoicing'],
        summary: "One invoice with its lines and payments; another organization's answers 404",
        params: Type.Object({ invoiceId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    (request) => getInvoice(deps, callerOf(request), request.params.invoiceId),
  );

  app.get(
    '/api/accountingSummary/creditInfo/:organizationId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['credit'],
        summary:
          "A customer's credit info (000 §3): enablePastDueNotification, creditLimitExceeded, creditLimit and totalPastDue in cents, the 002 §3.6 aging buckets, whether it is on credit hold and why, and whether the over-credit notice shows (000 §5)",
        params: OrganizationIdParam,
        response: { 200: CreditInfo, ...errors },
      },
    },
    (request) => creditInfo(deps, callerOf(request), request.params.organizationId),
  );

  app.get(
    '/api/accountingSummary/customerAccount/:organizationId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['credit'],
        summary:
          "A customer's accounting settings: invoicing automation and preferred method, payment terms, card fee, past-due notice",
        params: OrganizationIdParam,
        response: { 200: CustomerAccount, ...errors },
      },
    },
    (request) => getCustomerAccount(deps, callerOf(request), request.params.organizationId),
  );

  app.put(
    '/api/accountingSummary/customerAccount/:organizationId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['credit'],
        summary:
          "Changes a customer's accounting settings (Accounting AR Revisions); its credit is recomputed",
        params: OrganizationIdParam,
        body: CustomerAccountUpdate,
        response: { 200: CustomerAccount, ...errors },
      },
    },
    (request) => changeCustomerAccount(deps, callerOf(request), request.params.organizationId, request.body),
  );

  app.post(
    '/api/accountingSummary/invoicePayment',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['payments'],
        summary:
          'Records a payment received outside the gateway (cash, check, ACH, EFS, other) on invoices (Accounting AR Payments); more than what is owed leaves the last invoice OverPaid',
        body: InvoicePaymentCreate,
        response: { 201: Type.Ref('PaymentResult'), ...errors },
      },
    },
    async (request, reply) => {
      const payment = await recordInvoicePayment(deps, callerOf(request), {
        ...idempotencyKeyOf(request.headers),
        ...request.body,
      });
      reply.status(201);
      return payment;
    },
  );

  app.post(
    '/api/accountingSummary/billPayment',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['payments'],
        summary: 'Records a payment to a carrier or vendor on its bills (Accounting AP Payments)',
        body: BillPaymentCreate,
        response: { 201: Type.Ref('PaymentResult'), ...errors },
      },
    },
    async (request, reply) => {
      const payment = await recordBillPayment(deps, callerOf(request), {
        ...idempotencyKeyOf(request.headers),
        ...request.body,
      });
      reply.status(201);
      return payment;
    },
  );
}

/** The `Idempotency-Key` header, when a request carries one (the body's key wins). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): {
  idempotencyKey?: string;
} {
  const value = headers['idempotency-key'];
  return typeof value === 'string' && value.length >= 8 && value.length <= 100
    ? { idempotencyKey: value }
    : {};
}
