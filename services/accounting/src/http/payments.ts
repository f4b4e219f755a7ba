// HTTP doors of card and bank payments (001 §7 Payment calls): parse → app → present. Request bodies carry
// card numbers and security codes on their way to the gateway; nothing here logs a body.
import { type App, callerOf, requireUser } from '@loadline/platform';
import Type from 'typebox';
import {
  chargeCustomerProfile,
  createCustomerPaymentProfile,
  createCustomerProfile,
  defaultCreditCardProcessingFee,
  deleteCustomerPaymentProfile,
  getCustomerProfile,
  getPaymentGateway,
} from '../app/payments.ts';
import type { AccountingDeps } from '../service.ts';
import { idempotencyKeyOf } from './invoicing.ts';
import {
  ChargeCustomerProfile,
  CreateCustomerProfile,
  CreatePaymentProfile,
  CustomerProfile,
  DeletePaymentProfile,
  PayerRef,
  PaymentGatewayInfo,
  ProcessingFee,
} from './schemas.ts';
import { errors } from './summary.ts';

const tags = ['payments'];
const OrgIdParam = Type.Object({ orgId: Type.String({ minLength: 1, maxLength: 64 }) });

export function paymentRoutes(app: App, deps: AccountingDeps): void {
  app.get(
    '/api/customerorder/defaultCreditCardProcessingFee/:orgId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The customer's card processing fee (001 §5: the fee percent comes from the customer)",
        params: OrgIdParam,
        response: { 200: ProcessingFee, ...errors },
      },
    },
    (request) => defaultCreditCardProcessingFee(deps, callerOf(request), request.params.orgId),
  );

  app.get(
    '/api/PaymentGateway/getPaymentGateway/:orgId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "The payment gateway, the payer's profile with its masked payment profiles, its fee and whether the caller may pay",
        params: OrgIdParam,
        response: { 200: PaymentGatewayInfo, ...errors },
      },
    },
    (request) => getPaymentGateway(deps, callerOf(request), request.params.orgId),
  );

  app.post(
    '/api/PaymentGateway/createCustomerProfile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Makes the payer's profile at the gateway (once; again answers the same profile)",
        body: CreateCustomerProfile,
        response: { 200: CustomerProfile, ...errors },
      },
    },
    (request) => createCustomerProfile(deps, callerOf(request), request.body),
  );

  app.post(
    '/api/PaymentGateway/getCustomerProfile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "The payer's profile with its payment profiles (type, last four digits, expiry; never the number)",
        body: PayerRef,
        response: { 200: CustomerProfile, ...errors },
      },
    },
    (request) => getCustomerProfile(deps, callerOf(request), request.body),
  );

  app.post(
    '/api/PaymentGateway/createCustomerPaymentProfile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Saves a card (Visa, MasterCard or American Express, Luhn, CVV 3 or 4, expiry within 21 years: 001 §5) or a bank account (routing checksum) at the gateway; the gateway may refuse on CVV or address (AVS). A card or account the payer has saved already answers 200 with the one saved, its expiry and billing details refreshed (alreadySaved), else 201',
        body: CreatePaymentProfile,
        response: { 200: Type.Ref('SavedPaymentProfile'), 201: Type.Ref('SavedPaymentProfile'), ...errors },
      },
    },
    async (request, reply) => {
      const profile = await createCustomerPaymentProfile(deps, callerOf(request), request.body);
      reply.status(profile.alreadySaved ? 200 : 201);
      return profile;
    },
  );

  app.post(
    '/api/PaymentGateway/deleteCustomerPaymentProfile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Removes a saved card or bank account',
        body: DeletePaymentProfile,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errors },
      },
    },
    (request) => deleteCustomerPaymentProfile(deps, callerOf(request), request.body),
  );

  app.post(
    '/api/PaymentGateway/chargeCustomerProfile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Charges a saved payment profile for invoices: the amount plus the customer's card fee, rounded to the cent (001 §5); the amount is applied to the invoices. The same idempotency key (body or Idempotency-Key header) charges once. A decline answers 400 'Error: Unable to charge customer profile' with the gateway's messages under model.payment (001 §8)",
        body: ChargeCustomerProfile,
        response: { 200: Type.Ref('PaymentResult'), ...errors },
      },
    },
    (request) =>
      chargeCustomerProfile(deps, callerOf(request), {
        ...idempotencyKeyOf(request.headers),
        ...request.body,
      }),
  );
}
