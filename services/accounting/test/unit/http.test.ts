// The accounting service's HTTP shape with every server stopped: who is calling comes first (401, 403), then
// what is sent (400 naming the field, bounded lengths, whole cents only). Built offline: no PostgreSQL, NATS
// or Redis.
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingAdapters,
  type AccountingSettings,
  type AccountingTables,
  accountingService,
} from '../../src/service.ts';

let t: TestService<AccountingTables, AccountingSettings, AccountingAdapters>;
beforeAll(async () => {
  t = await buildService(accountingService, { offline: true });
});
afterAll(async () => t?.cleanup());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: object, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: t.as(who) } : {}), ...(payload ? { payload } : {}) });

describe('the accounting service’s HTTP shape, no server running', () => {
  it('answers 401 without a signed identity, on every door', async () => {
    for (const [method, url] of [
      ['GET', '/api/accountingSummary/10001'],
      ['PUT', '/api/accountingsynchistory/CreateInvoice'],
      ['POST', '/api/PaymentGateway/chargeCustomerProfile'],
      ['GET', '/api/accountingsync/preview/invoices'],
      ['GET', '/api/organization/billToOrganizations'],
      ['GET', '/api/progressTracker/GetProgress/?traceLogId=trc_1'],
    ] as const) {
      const res = await inject(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Please log in to continue.');
    }
  });

  it('answers 403 to a customer on a staff door before reading its input', async () => {
    for (const [method, url] of [
      ['GET', '/api/accountingSummary/10001'],
      ['POST', '/api/accountingSummary/transitChargeline'],
      ['PUT', '/api/accountingsynchistory/CreateInvoice'],
      ['POST', '/api/accountingsync/runSync'],
      ['GET', '/api/accountingsync/testConnection'],
    ] as const) {
      const res = await inject(method, url, demoCallers.shipper, { nonsense: true });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('refuses an amount that is not whole cents, naming the field', async () => {
    const res = await inject('POST', '/api/accountingSummary/transitChargeline', demoCallers.ops, {
      shipmentId: 10001,
      chargeLineType: 'Linehaul',
      buyCents: 100.5,
      sellCents: '12.00',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['model.buyCents', 'model.sellCents']);
  });

  it('refuses an unknown charge line type and an unknown field', async () => {
    const res = await inject('POST', '/api/accountingSummary/transitChargeline', demoCallers.ops, {
      shipmentId: 10001,
      chargeLineType: 'Bribe',
      buyCents: 0,
      sellCents: 100,
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['model.chargeLineType', 'model.colour']);
  });

  it('bounds the invoice request: the date type, the dates, the pro number', async () => {
    const res = await inject('PUT', '/api/accountingsynchistory/CreateInvoice', demoCallers.ops, {
      shipmentId: 10008,
      invoiceDateType: 'Yesterday',
      pickupDate: '11/20/2026',
      proNumber: 'x'.repeat(61),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'model.invoiceDateType',
      'model.pickupDate',
      'model.proNumber',
    ]);
  });

  it('asks a charge for 1 to 50 invoices and an amount of at least one cent', async () => {
    const res = await inject('POST', '/api/PaymentGateway/chargeCustomerProfile', demoCallers.buyer, {
      payerOrganizationId: 'org_demo_globex',
      creditCardGatewayPaymentProfileId: 'tgp_1',
      amountToChargeCents: 0,
      invoiceIds: [],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['model.amountToChargeCents', 'model.invoiceIds']);
  });

  it('bounds a card as entered (the rules of 001 §5 come after, in the use case)', async () => {
    const res = await inject('POST', '/api/PaymentGateway/createCustomerPaymentProfile', demoCallers.buyer, {
      payerOrganizationId: 'org_demo_globex',
      creditCard: { cardNumber: '4'.repeat(31), expMonth: 13, expYear: 2030, cardCode: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'model.creditCard.cardCode',
      'model.creditCard.cardNumber',
      'model.creditCard.expMonth',
    ]);
  });

  it('refuses sync options it does not know', async () => {
    const res = await inject('POST', '/api/accountingsync/runSync', demoCallers.admin, {
      doInvoices: 'yes',
      doEverything: true,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['model.doEverything', 'model.doInvoices']);
  });
});
