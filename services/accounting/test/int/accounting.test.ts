// The accounting summary, invoicing, credit and the payer lists against the real PostgreSQL, NATS and Redis:
// the demo money, every route of them, who may do what (another broker and another customer see nothing),
// the events each change writes, and the invoicing automation run from shipment events.
import { InvoicingAutomationMethod, PaymentPreference, StaffPermission } from '@loadline/contracts/catalogue';
import { demoOrganizations } from '@loadline/contracts/demo';
import { demoOpeningBalances } from '@loadline/contracts/demo/accounting';
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeLineLocks } from '../../src/domain/charge-lines.ts';
import {
  type Accounting,
  accountant,
  buyer,
  deliverUser,
  events,
  lastPosition,
  operations,
  otherBroker,
  shipmentEvent,
  shipper,
  startAccounting,
  today,
} from './fixtures.ts';

let t: Accounting;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: object, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(who), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await startAccounting();
});
afterAll(async () => t?.cleanup());

describe('the demo money (item 8)', () => {
  it('puts charge lines on every demo shipment with a carrier, none on a quote', async () => {
    const rows = await t.runtime.db
      .selectFrom('charge_line')
      .select(['shipment_id'])
      .distinct()
      .orderBy('shipment_id')
      .execute();
    const withLines = rows.map((r) => r.shipment_id);
    // every tenth is a quote (10001, 10011, 10021, 10031): no carrier yet
    expect(withLines).toHaveLength(36);
    for (const quote of [10001, 10011, 10021, 10031]) expect(withLines).not.toContain(quote);
  });

  it('shows Globex over its limit with past-due invoices in several buckets, on credit hold', async () => {
    const res = await call('GET', '/api/accountingSummary/creditInfo/org_demo_globex', operations);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      organizationId: 'org_demo_globex',
      creditLimit: 1_000_000,
      creditLimitExceeded: true,
      enablePastDueNotification: true,
      onCreditHold: true,
      creditHoldReason: 'CreditHold',
      showOverCreditNotice: true,
    });
    expect(info.totalPastDue).toBeGreaterThan(0);
    const buckets = Object.entries(info.aging as Record<string, number>).filter(([, cents]) => cents > 0);
    expect(buckets.map(([key]) => key)).toEqual(
      expect.arrayContaining(['current', 'days15', 'days30', 'days60', 'days90', 'days120']),
    );
    // The notice is for staff with user-allowed-org-access and the customer's users (001 §6), decided here:
    // staff without that role read the same position without it; only a customer user may be offered to pay.
    expect(info.canPay).toBe(false);
    const asAccountant = (
      await call('GET', '/api/accountingSummary/creditInfo/org_demo_globex', accountant)
    ).json();
    expect(asAccountant).toMatchObject({
      creditLimitExceeded: true,
      showOverCreditNotice: false,
      canPay: false,
    });
    const asBuyer = (await call('GET', '/api/accountingSummary/creditInfo/org_demo_globex', buyer)).json();
    expect(asBuyer.showOverCreditNotice).toBe(true);
    const opening = demoOpeningBalances.filter((o) => o.organizationId === 'org_demo_globex');
    expect(info.openInvoicesCents).toBe(opening.reduce((s, o) => s + o.totalCents - o.paidCents, 0));
  });

  it('published each demo customer’s position as credit.changed', async () => {
    const published = await events(t, subjects.creditChanged);
    const globex = published.filter((e) => e.data.organizationId === 'org_demo_globex').at(-1)!;
    expect(globex.data).toMatchObject({
      creditLimitExceeded: true,
      onCreditHold: true,
      brokerId: 'org_demo_broker',
    });
    expect(published.some((e) => e.data.organizationId === 'org_demo_acme')).toBe(true);
  });

  it('has Globex’s card on file in the test gateway, with the last four digits only', async () => {
    const res = await call('GET', '/api/PaymentGateway/getPaymentGateway/org_demo_globex', buyer);
    expect(res.json()).toMatchObject({
      gateway: 'LocalTest',
      canPay: true,
      feeBasisPoints: 350,
      paymentProfiles: [{ accountType: 2, cardType: 'Visa', last4: '1111', expMonth: 12 }],
    });
  });
});

describe('the accounting summary (001 §3, §7)', () => {
  it('groups a shipment’s charge lines per payer with totals, margin, invoices, bills and concerns', async () => {
    const res = await call('GET', '/api/accountingSummary/10008', operations);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.groups).toHaveLength(1);
    expect(s.groups[0]).toMatchObject({ payerOrganizationId: 'org_demo_globex', payerName: 'Globex Foods' });
    const lines = s.groups[0].chargeLines;
    expect(lines.map((l: { chargeLineType: string }) => l.chargeLineType)).toEqual(['Linehaul', 'Fuel']);
    const buy = lines.reduce((sum: number, l: { buyCents: number }) => sum + l.buyCents, 0);
    const sell = lines.reduce((sum: number, l: { sellCents: number }) => sum + l.sellCents, 0);
    expect(s.totals).toEqual({ buyCents: buy, sellCents: sell, marginCents: sell - buy });
    expect(s.concerns).toEqual([]);
    expect(s.marginHistory.length).toBe(4);
    // a Complete demo shipment is invoiced, with the carrier's bill
    const complete = (await call('GET', '/api/accountingSummary/10009', operations)).json();
    expect(complete.invoices).toHaveLength(1);
    expect(complete.invoices[0]).toMatchObject({ status: 1, kind: 'Shipment', shipmentId: 10009 });
    expect(complete.bills).toHaveLength(1);
  });

  it('names the concerns of the demo: a negative margin on 10014, a missing buy on 10023', async () => {
    expect((await call('GET', '/api/accountingSummary/10014', operations)).json().concerns).toEqual([
      'NegativeMargin',
    ]);
    expect((await call('GET', '/api/accountingSummary/10023', operations)).json().concerns).toEqual([
      'MissingAP',
    ]);
  });

  it('answers 404 to another broker’s staff and 403 to a customer', async () => {
    expect((await call('GET', '/api/accountingSummary/10008', otherBroker)).statusCode).toBe(404);
    expect((await call('GET', '/api/accountingSummary/10008', shipper)).statusCode).toBe(403);
    expect((await call('GET', '/api/accountingSummary/99999', operations)).statusCode).toBe(404);
  });

  it('adds a charge line, keeps its history, refreshes the payer’s credit (POST transitChargeline)', async () => {
    const before = await lastPosition(t);
    const res = await call('POST', '/api/accountingSummary/transitChargeline', operations, {
      shipmentId: 10005,
      chargeLineType: 'Accessorial',
      description: 'Detention, 2 hours',
      buyCents: 10000,
      sellCents: 15000,
    });
    expect(res.statusCode).toBe(201);
    const line = res.json();
    expect(line).toMatchObject({
      shipmentId: 10005,
      payerOrganizationId: 'org_demo_acme',
      billingStatus: 'NotReady',
      invoiceStatus: 3,
      version: 1,
    });
    const history = (await call('GET', '/api/accountingSummary/10005/marginHistory', operations)).json();
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({
        chargeLineId: line.chargeLineId,
        field: 'sell',
        newCents: 15000,
        changedBy: 'Omar Operations',
      }),
      expect.objectContaining({ chargeLineId: line.chargeLineId, field: 'buy', newCents: 10000 }),
    ]);
    const credit = await events(t, subjects.creditChanged, before);
    expect(credit.map((e) => e.data.organizationId)).toEqual(['org_demo_acme']);
    // The whole set goes to the documents (the carrier confirmation's rate), with the set's next version.
    const [published] = await events(t, subjects.chargeLinesChanged, before);
    const seeded = (await events(t, subjects.chargeLinesChanged)).filter((e) => e.data.shipmentId === 10005);
    expect(published?.data).toMatchObject({ shipmentId: 10005, version: seeded.length });
    expect(published?.data.chargeLines).toContainEqual({
      chargeLineId: line.chargeLineId,
      transitLegId: null,
      chargeLineType: 'Accessorial',
      description: 'Detention, 2 hours',
      carrierMasterId: expect.any(String),
      buyCents: 10000,
      sellCents: 15000,
    });
  });

  it('saves the inline editor’s whole model (PUT transitChargeline), refusing a stale version', async () => {
    const summary = (await call('GET', '/api/accountingSummary/10005', operations)).json();
    const line = summary.groups[0].chargeLines[0];
    const saved = await call('PUT', '/api/accountingSummary/transitChargeline', operations, {
      ...line,
      sellCents: line.sellCents + 2500,
      description: 'Linehaul (revised)',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      sellCents: line.sellCents + 2500,
      description: 'Linehaul (revised)',
      version: line.version + 1,
    });
    const stale = await call('PUT', '/api/accountingSummary/transitChargeline', operations, {
      ...line,
      sellCents: 1,
    });
    expect(stale.statusCode).toBe(409);
    const history = (await call('GET', '/api/accountingSummary/10005/marginHistory', operations)).json();
    expect(history[0]).toMatchObject({
      change: 'changed',
      field: 'sell',
      oldCents: line.sellCents,
      newCents: line.sellCents + 2500,
    });
  });

  it('refuses to change the sell of an invoiced line or delete it (409), and deletes a free one (204)', async () => {
    const invoiced = (await call('GET', '/api/accountingSummary/10009', operations)).json().groups[0]
      .chargeLines[0];
    const sell = await call('PUT', '/api/accountingSummary/transitChargeline', operations, {
      ...invoiced,
      sellCents: 1,
    });
    expect(sell.statusCode).toBe(409);
    expect(sell.json().message).toMatch(/invoiced: its sell cannot change/);
    expect(
      (await call('DELETE', `/api/accountingSummary/transitChargeline/${invoiced.chargeLineId}`, operations))
        .statusCode,
    ).toBe(409);
    const added = (
      await call('POST', '/api/accountingSummary/transitChargeline', operations, {
        shipmentId: 10005,
        chargeLineType: 'Lumper',
        buyCents: 100,
        sellCents: 200,
      })
    ).json();
    expect(
      (await call('DELETE', `/api/accountingSummary/transitChargeline/${added.chargeLineId}`, operations))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('DELETE', `/api/accountingSummary/transitChargeline/${added.chargeLineId}`, operations))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/accountingSummary/transitChargeline/${invoiced.chargeLineId}`, otherBroker))
        .statusCode,
    ).toBe(404);
  });

  it("refuses a vendor that is not one of the broker's organizations (another broker's above all); nothing changes", async () => {
    const factor = (organizationId: string, brokerId: string, name: string) =>
      t.deliver(subjects.organizationChanged, {
        organizationId,
        version: 1,
        name,
        organizationType: 80,
        brokerId,
        paymentPreference: null,
        creditLimit: null,
        customerSettings: 0,
        brokerSettings: 0,
        active: true,
      });
    await factor('org_rival_factor', otherBroker.brokerId, 'Rival Factoring');
    await factor('org_demo_factor', 'org_demo_broker', 'Demo Factoring');
    const lines = async () =>
      (await call('GET', '/api/accountingSummary/10005', operations))
        .json()
        .groups.flatMap((g: { chargeLines: unknown[] }) => g.chargeLines);
    const before = await lines();
    const add = (vendorOrganizationId: string) =>
      call('POST', '/api/accountingSummary/transitChargeline', operations, {
        shipmentId: 10005,
        chargeLineType: 'Accessorial',
        description: 'Lumper',
        buyCents: 5000,
        sellCents: 6000,
        vendorOrganizationId,
        vendorName: 'Someone',
      });
    const line = before[0] as Record<string, unknown>;
    for (const vendor of ['org_rival_factor', 'org_nowhere']) {
      const message = `Organization ${vendor} is not an organization of your broker.`;
      const added = await add(vendor);
      expect(added.statusCode).toBe(400);
      expect(added.json().errors).toEqual({ 'model.vendorOrganizationId': [message] });
      const changed = await call('PUT', '/api/accountingSummary/transitChargeline', operations, {
        ...line,
        vendorOrganizationId: vendor,
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().errors).toEqual({ 'model.vendorOrganizationId': [message] });
    }
    expect(await lines()).toEqual(before);
    // The broker's own vendor is taken.
    const own = await add('org_demo_factor');
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ vendorOrganizationId: 'org_demo_factor' });
  });

  it('sends with each line and group what may still change, as the service decides it (the editor shows that)', async () => {
    const complete = (await call('GET', '/api/accountingSummary/10009', operations)).json();
    const invoiced = complete.groups[0].chargeLines[0];
    expect(invoiced.invoiceId).not.toBeNull();
    expect(invoiced.billId).not.toBeNull();
    expect(invoiced.locks).toEqual({
      sell: expect.stringMatching(/invoiced: its sell cannot change/),
      buy: expect.stringMatching(/approved bill: its buy cannot change/),
      chargeLineType: expect.stringMatching(/invoiced: its type cannot change/),
      payer: expect.stringMatching(/invoiced/),
      billingStatus: expect.stringMatching(/invoiced: its billing status/),
      vendor: expect.stringMatching(/approved bill: its carrier and vendor cannot change/),
      delete: expect.stringMatching(/invoiced: it cannot be deleted/),
    });
    expect(complete.groups[0].payerLock).toMatch(/payer cannot change/);
    // The refusal a client meets is the reason it was sent.
    const refused = await call(
      'DELETE',
      `/api/accountingSummary/transitChargeline/${invoiced.chargeLineId}`,
      operations,
    );
    expect(refused.json().message).toBe(invoiced.locks.delete);

    // A line on no invoice and no bill: the domain's locks of it, each null.
    const free = chargeLineLocks({ invoiceId: null, billId: null });
    expect(Object.values(free).every((lock) => lock === null)).toBe(true);
    const added = await call('POST', '/api/accountingSummary/transitChargeline', operations, {
      shipmentId: 10005,
      chargeLineType: 'Pickup',
      buyCents: 5000,
      sellCents: 7500,
    });
    expect(added.json().locks).toEqual(free);
    const saved = await call('PUT', '/api/accountingSummary/transitChargeline', operations, {
      ...added.json(),
      sellCents: 8000,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().locks).toEqual(free);
    const open = (await call('GET', '/api/accountingSummary/10005', operations)).json();
    expect(open.groups[0].payerLock).toBeNull();
    expect(
      open.groups[0].chargeLines.every((l: { locks: { sell: string | null } }) => l.locks.sell === null),
    ).toBe(true);
    await call('DELETE', `/api/accountingSummary/transitChargeline/${added.json().chargeLineId}`, operations);
  });

  it('adds a payer group and changes a group’s payer; refuses a payer outside the broker', async () => {
    const group = await call('POST', '/api/accountingSummary/insertChargeLineGroupOrganization', operations, {
      shipmentId: 10005,
      payerOrganizationId: 'org_demo_globex',
      transitOrganizationType: 1,
    });
    expect(group.statusCode).toBe(201);
    expect(group.json()).toMatchObject({
      payerOrganizationId: 'org_demo_globex',
      payerName: 'Globex Foods',
      transitOrganizationType: 1,
    });
    const again = await call('POST', '/api/accountingSummary/insertChargeLineGroupOrganization', operations, {
      shipmentId: 10005,
      payerOrganizationId: 'org_demo_globex',
    });
    expect(again.statusCode).toBe(409);
    const foreign = await call(
      'PUT',
      '/api/accountingSummary/updateChargeLineGroupOrganization',
      operations,
      {
        groupId: group.json().groupId,
        payerOrganizationId: 'org_other_customer',
      },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty('model.payerOrganizationId');
    const badType = await call(
      'POST',
      '/api/accountingSummary/insertChargeLineGroupOrganization',
      operations,
      {
        shipmentId: 10005,
        payerOrganizationId: 'org_demo_acme',
        transitOrganizationType: 9,
      },
    );
    expect(badType.statusCode).toBe(400);
    // the Globex group holds no line yet: its payer may change back to a free one
    const changed = await call(
      'PUT',
      '/api/accountingSummary/updateChargeLineGroupOrganization',
      operations,
      {
        groupId: group.json().groupId,
        payerOrganizationId: 'org_demo_globex',
        transitOrganizationType: 3,
      },
    );
    expect(changed.json().transitOrganizationType).toBe(3);
  });

  it('keeps commissions: Commissions Admin adds one, its amount follows the margin; approving needs Commissions Approve', async () => {
    const refused = await call('POST', '/api/accountingSummary/commission', operations, {
      shipmentId: 10008,
      payeeName: 'Sal Sales',
      calculationType: 1,
      rate: 1000,
    });
    expect(refused.statusCode).toBe(403);
    const added = await call('POST', '/api/accountingSummary/commission', accountant, {
      shipmentId: 10008,
      payeeName: 'Sal Sales',
      calculationType: 1,
      rate: 1000,
      minCents: 500,
    });
    expect(added.statusCode).toBe(201);
    const totals = (await call('GET', '/api/accountingSummary/10008', operations)).json().totals;
    expect(added.json().amountCents).toBe(Math.max(500, Math.round(totals.marginCents / 10)));
    const approve = await call('PUT', '/api/accountingSummary/commission', accountant, {
      ...added.json(),
      status: 5,
    });
    expect(approve.statusCode).toBe(403);
    const approver = { ...accountant, permissions: StaffPermission.combine('CommissionsApprove') };
    const approved = await call('PUT', '/api/accountingSummary/commission', approver, {
      ...added.json(),
      status: 5,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe(5);
    expect(
      (await call('DELETE', `/api/accountingSummary/commission/${added.json().commissionId}`, accountant))
        .statusCode,
    ).toBe(409);
  });
});

describe("a commission's payee (decision 0041)", () => {
  it("is a staff member of the broker: another broker's staff, a customer user or an unknown user answer 400; changing the payee needs Commissions Admin", async () => {
    const user = (userId: string, brokerId: string, kind: 'staff' | 'customer') =>
      deliverUser(t, userId, brokerId, kind);
    await user('usr_rival_sales', otherBroker.brokerId, 'staff');
    await user('usr_demo_sales', 'org_demo_broker', 'staff');
    await user('usr_demo_client', 'org_demo_broker', 'customer');
    const commissions = async () =>
      (await call('GET', '/api/accountingSummary/10018', operations)).json().commissions;
    const before = await commissions();
    const terms = { shipmentId: 10018, payeeName: 'Sal Sales', calculationType: 1, rate: 500 };
    for (const payeeUserId of ['usr_rival_sales', 'usr_demo_client', 'usr_nobody']) {
      const added = await call('POST', '/api/accountingSummary/commission', accountant, {
        ...terms,
        payeeUserId,
      });
      expect(added.statusCode).toBe(400);
      expect(added.json().errors).toEqual({
        'model.payeeUserId': [`User ${payeeUserId} is not a staff member of your broker.`],
      });
    }
    expect(await commissions()).toEqual(before);
    const own = await call('POST', '/api/accountingSummary/commission', accountant, {
      ...terms,
      payeeUserId: 'usr_demo_sales',
    });
    expect(own.statusCode).toBe(201);
    const saved = own.json();
    expect(saved.payeeUserId).toBe('usr_demo_sales');
    // Who is paid is a term: an approver without Commissions Admin may not change it.
    const approver = { ...accountant, permissions: StaffPermission.combine('CommissionsApprove') };
    const moved = await call('PUT', '/api/accountingSummary/commission', approver, {
      ...saved,
      payeeUserId: 'usr_rival_sales',
    });
    expect(moved.statusCode).toBe(403);
    const elsewhere = await call('PUT', '/api/accountingSummary/commission', accountant, {
      ...saved,
      payeeUserId: 'usr_rival_sales',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(
      (await commissions()).find((c: { commissionId: string }) => c.commissionId === saved.commissionId),
    ).toMatchObject({ payeeUserId: 'usr_demo_sales', version: saved.version });
  });
});

describe('invoicing (PUT /api/accountingsynchistory/CreateInvoice)', () => {
  it('needs the AR Invoicing permission', async () => {
    expect(
      (await call('PUT', '/api/accountingsynchistory/CreateInvoice', operations, { shipmentId: 10008 }))
        .statusCode,
    ).toBe(403);
  });

  it('invoices a delivered shipment: the sell side, the broker’s next number, the bill approved with it, events', async () => {
    const before = await lastPosition(t);
    const res = await call('PUT', '/api/accountingsynchistory/CreateInvoice', accountant, {
      shipmentId: 10008,
      invoiceDateType: 'Delivery',
      approveBillWithInvoice: true,
      proNumber: 'GLX-PO-7781',
    });
    expect(res.statusCode).toBe(200);
    const { invoices, bills } = res.json();
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    const summary = (await call('GET', '/api/accountingSummary/10008', operations)).json();
    const lines = summary.groups[0].chargeLines;
    expect(invoice).toMatchObject({
      shipmentId: 10008,
      payerOrganizationId: 'org_demo_globex',
      proNumber: 'GLX-PO-7781',
      invoiceDateType: 'Delivery',
      status: 1,
      paymentStatus: 0,
      totalCents: summary.totals.sellCents,
    });
    expect(invoice.lines.map((l: { amountCents: number }) => l.amountCents)).toEqual(
      lines.map((l: { sellCents: number }) => l.sellCents),
    );
    // Globex pays in 15 days (its account)
    expect(Date.parse(invoice.dueDate) - Date.parse(invoice.invoiceDate)).toBe(15 * 86_400_000);
    // numbered after the demo's invoices, in the broker's own sequence
    const highest = await t.runtime.db
      .selectFrom('invoice')
      .select((eb) => eb.fn.max('invoice_number').as('n'))
      .executeTakeFirstOrThrow();
    expect(invoice.invoiceNumber).toBe(Number(highest.n));
    expect(
      lines.every(
        (l: { invoiceId: string; invoiceStatus: number; billingStatus: string }) =>
          l.invoiceId === invoice.invoiceId && l.invoiceStatus === 1 && l.billingStatus === 'Created',
      ),
    ).toBe(true);
    expect(bills).toEqual([
      expect.objectContaining({
        vendorId: lines[0].carrierMasterId,
        vendorName: lines[0].carrierMasterName,
        totalCents: summary.totals.buyCents,
      }),
    ]);
    const created = await events(t, subjects.invoiceCreated, before);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({
      invoiceId: invoice.invoiceId,
      shipmentId: 10008,
      totalCents: invoice.totalCents,
      payerName: 'Globex Foods',
    });
    expect((await events(t, subjects.invoiceChanged, before))[0]!.data).toMatchObject({
      change: 'created',
      version: 1,
      balanceCents: invoice.totalCents,
    });
    // the uninvoiced charges became an open invoice: the open balance stays, the invoices grow
    expect((await events(t, subjects.creditChanged, before)).map((e) => e.data.organizationId)).toEqual([
      'org_demo_globex',
    ]);
  });

  it('refuses to invoice it again: nothing left to bill (409), and writes nothing', async () => {
    const before = await lastPosition(t);
    const res = await call('PUT', '/api/accountingsynchistory/CreateInvoice', accountant, {
      shipmentId: 10008,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Shipment 10008 has nothing to bill: no sell charge waits to be invoiced.',
    );
    expect(await lastPosition(t)).toBe(before);
  });

  it('refuses a canceled shipment, a quote, one of another broker, and a missing date', async () => {
    const canceled = await call('PUT', '/api/accountingsynchistory/CreateInvoice', accountant, {
      shipmentId: 10010,
    });
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().message).toBe('Shipment 10010 is canceled: there is nothing to invoice.');
    const quote = await call('PUT', '/api/accountingsynchistory/CreateInvoice', accountant, {
      shipmentId: 10001,
    });
    expect(quote.json().message).toBe('Shipment 10001 is a quote: book it before invoicing.');
    expect(
      (
        await call(
          'PUT',
          '/api/accountingsynchistory/CreateInvoice',
          { ...otherBroker, permissions: accountant.permissions },
          { shipmentId: 10018 },
        )
      ).statusCode,
    ).toBe(404);
    await t.runtime.db
      .updateTable('shipment_view')
      .set({ delivery_date: null })
      .where('shipment_id', '=', 10018)
      .execute();
    const noDate = await call('PUT', '/api/accountingsynchistory/CreateInvoice', accountant, {
      shipmentId: 10018,
      invoiceDateType: 'Delivery',
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors['model.invoiceDateType']).toEqual([
      'Shipment 10018 has no delivery date yet: choose another invoice date.',
    ]);
    // Today is the default (001 §9)
    const ok = await call('PUT', '/api/accountingsynchistory/CreateInvoice', accountant, {
      shipmentId: 10018,
    });
    expect(ok.json().invoices[0]).toMatchObject({ invoiceDate: today, invoiceDateType: 'Today' });
  });

  it('refuses a day that is not in the calendar, naming the field, and writes nothing (a 500 before)', async () => {
    const before = await lastPosition(t);
    const invoicesBefore = await t.runtime.db
      .selectFrom('invoice')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [field, value] of [
      ['pickupDate', '2633-26-20'],
      ['deliveryDate', '6947-03-68'],
      ['pickupDate', '2026-02-30'],
    ] as const) {
      const res = await call('PUT', '/api/accountingsynchistory/CreateInvoice', accountant, {
        shipmentId: 10016,
        invoiceDateType: field === 'pickupDate' ? 'Pickup' : 'Delivery',
        [field]: value,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [`model.${field}`]: [`${field} must be a valid date.`] });
    }
    const payment = await call('POST', '/api/accountingSummary/invoicePayment', accountant, {
      payerOrganizationId: 'org_demo_acme',
      invoiceIds: ['inv_demo_open_acme_1'],
      amountCents: 100,
      paymentType: 'Check',
      paymentDate: '2026-13-01',
    });
    expect(payment.statusCode).toBe(400);
    expect(payment.json().errors).toEqual({ 'model.paymentDate': ['paymentDate must be a valid date.'] });
    expect(await lastPosition(t)).toBe(before);
    expect(
      await t.runtime.db
        .selectFrom('invoice')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(invoicesBefore);
  });

  it('invoices by itself when an Acme load is delivered (AutoInvoiceDelivery, from shipment.updated)', async () => {
    const account = (
      await call('GET', '/api/accountingSummary/customerAccount/org_demo_acme', accountant)
    ).json();
    expect(account.invoicingAutomationMethod).toBe(InvoicingAutomationMethod.values.AutoInvoiceDelivery);
    // 10007 is Acme's Out for Delivery load; the shipments service says it was delivered
    const view = await t.runtime.db
      .selectFrom('shipment_view')
      .selectAll()
      .where('shipment_id', '=', 10007)
      .executeTakeFirstOrThrow();
    expect(view.status).toBe(420);
    const before = await lastPosition(t);
    await t.deliver(subjects.shipmentUpdated, shipmentEvent(10007, 1000, 5));
    const created = await events(t, subjects.invoiceCreated, before);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({
      shipmentId: 10007,
      createdBy: null,
      invoiceDateType: 'Delivery',
      deliveryDate: '2026-11-24',
    });
    // the same status again invoices nothing more
    await t.deliver(subjects.shipmentUpdated, shipmentEvent(10007, 1000, 6));
    expect(await events(t, subjects.invoiceCreated, before)).toHaveLength(1);
  });

  it('lets staff change a customer’s accounting settings with AR Revisions only', async () => {
    expect(
      (
        await call('PUT', '/api/accountingSummary/customerAccount/org_demo_acme', operations, {
          paymentTermsDays: 45,
        })
      ).statusCode,
    ).toBe(403);
    const changed = await call('PUT', '/api/accountingSummary/customerAccount/org_demo_acme', accountant, {
      paymentTermsDays: 45,
      creditCardFeeBasisPoints: 275,
    });
    expect(changed.json()).toMatchObject({ paymentTermsDays: 45, creditCardFeeBasisPoints: 275 });
    const fee = (
      await call('GET', '/api/customerorder/defaultCreditCardProcessingFee/org_demo_acme', shipper)
    ).json();
    expect(fee).toEqual({ organizationId: 'org_demo_acme', feeBasisPoints: 275, feePercent: '2.75' });
  });
});

describe('invoices as each customer sees them', () => {
  it('lists a customer’s own invoices only, with balance and aging bucket', async () => {
    const mine = (await call('GET', '/api/accountingSummary/invoices?openOnly=true', buyer)).json();
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(
      mine.items.every((i: { payerOrganizationId: string }) => i.payerOrganizationId === 'org_demo_globex'),
    ).toBe(true);
    expect(mine.items.every((i: { balanceCents: number }) => i.balanceCents > 0)).toBe(true);
    expect(mine.items.map((i: { agingBucket: number }) => i.agingBucket)).toEqual(
      expect.arrayContaining([-1, 15, 30, 60, 90, 120]),
    );
    // asking for another organization's list answers 404
    expect(
      (await call('GET', '/api/accountingSummary/invoices?organizationId=org_demo_acme', buyer)).statusCode,
    ).toBe(404);
  });

  it('answers 404 to a customer reaching another customer’s invoice, and to another broker', async () => {
    const acmeInvoice = 'inv_demo_open_acme_1';
    expect((await call('GET', `/api/accountingSummary/invoices/${acmeInvoice}`, shipper)).statusCode).toBe(
      200,
    );
    const other = await call('GET', `/api/accountingSummary/invoices/${acmeInvoice}`, buyer);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`Invoice ${acmeInvoice} was not found.`);
    expect(
      (await call('GET', `/api/accountingSummary/invoices/${acmeInvoice}`, otherBroker)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/accountingSummary/creditInfo/org_demo_acme', buyer)).statusCode).toBe(
      404,
    );
  });

  it('records a check: partly paid, then over paid, with the credit moving (AR Payments)', async () => {
    const invoice = (
      await call('GET', '/api/accountingSummary/invoices/inv_demo_open_acme_1', accountant)
    ).json();
    expect(invoice.paymentStatus).toBe(0);
    expect(
      (
        await call('POST', '/api/accountingSummary/invoicePayment', operations, {
          payerOrganizationId: 'org_demo_acme',
          invoiceIds: [invoice.invoiceId],
          amountCents: 100,
          paymentType: 'Check',
        })
      ).statusCode,
    ).toBe(403);
    const part = await call('POST', '/api/accountingSummary/invoicePayment', accountant, {
      payerOrganizationId: 'org_demo_acme',
      invoiceIds: [invoice.invoiceId],
      amountCents: 100000,
      paymentType: 'Check',
      reference: '40200',
    });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({
      processingStatus: 'Paid',
      amountCents: 100000,
      applications: [{ invoiceId: invoice.invoiceId, appliedCents: 100000 }],
    });
    expect(
      (await call('GET', `/api/accountingSummary/invoices/${invoice.invoiceId}`, shipper)).json(),
    ).toMatchObject({ paymentStatus: 1, status: 1, paidCents: 100000 });
    await call('POST', '/api/accountingSummary/invoicePayment', accountant, {
      payerOrganizationId: 'org_demo_acme',
      invoiceIds: [invoice.invoiceId],
      amountCents: invoice.totalCents,
      paymentType: 'ACH',
    });
    const after = (await call('GET', `/api/accountingSummary/invoices/${invoice.invoiceId}`, shipper)).json();
    expect(after).toMatchObject({
      paymentStatus: 2,
      status: 2,
      balanceCents: invoice.totalCents - 100000 - invoice.totalCents,
    });
    expect(after.payments.map((p: { paymentType: string }) => p.paymentType)).toEqual(['Check', 'ACH']);
  });

  it('records a bill payment (AP Payments): the bill partly paid, then fully', async () => {
    const bill = (await call('GET', '/api/accountingSummary/10009', accountant)).json().bills[0];
    const paid = await call('POST', '/api/accountingSummary/billPayment', accountant, {
      billIds: [bill.billId],
      amountCents: bill.totalCents - 1,
      paymentType: 'Check',
      reference: '7001',
    });
    expect(paid.statusCode).toBe(201);
    let now = (await call('GET', '/api/accountingSummary/10009', accountant)).json().bills[0];
    expect(now).toMatchObject({ paymentStatus: 1, paidCents: bill.totalCents - 1 });
    await call('POST', '/api/accountingSummary/billPayment', accountant, {
      billIds: [bill.billId],
      amountCents: 1,
      paymentType: 'Check',
    });
    now = (await call('GET', '/api/accountingSummary/10009', accountant)).json().bills[0];
    expect(now.paymentStatus).toBe(3);
  });
});

describe('organization lists for the organization select (001 §7)', () => {
  it('lists payers: the broker’s customers for staff, its own organization for a customer', async () => {
    const staff = (await call('GET', '/api/organization/billToOrganizations', operations)).json();
    expect(staff).toEqual([
      { id: 'org_demo_acme', name: 'Acme Manufacturing' },
      { id: 'org_demo_globex', name: 'Globex Foods' },
    ]);
    expect((await call('GET', '/api/organization/billToOrganizations', buyer)).json()).toEqual([
      { id: 'org_demo_globex', name: 'Globex Foods' },
    ]);
    expect((await call('GET', '/api/organization/billToOrganizations', otherBroker)).json()).toEqual([]);
  });

  it('lists payers with open invoices', async () => {
    const open = (await call('GET', '/api/organization/openInvoiceOrganizations', operations)).json();
    expect(open.map((o: { id: string }) => o.id)).toEqual(['org_demo_acme', 'org_demo_globex']);
    expect((await call('GET', '/api/organization/openInvoiceOrganizations', shipper)).json()).toEqual([
      { id: 'org_demo_acme', name: 'Acme Manufacturing' },
    ]);
  });
});

describe('credit from the directory’s events', () => {
  it('lifts the hold when the directory approves Globex, yet keeps it over its limit', async () => {
    const globex = demoOrganizations.find((o) => o.organizationId === 'org_demo_globex')!;
    const before = await lastPosition(t);
    await t.deliver(subjects.organizationChanged, {
      ...globex,
      version: 2,
      paymentPreference: PaymentPreference.values.Approved,
    });
    const [changed] = await events(t, subjects.creditChanged, before);
    expect(changed!.data).toMatchObject({
      paymentPreference: 1,
      onCreditHold: true,
      creditHoldReason: 'OverCreditLimit',
    });
    // a higher limit ends the hold; the credit limit arrives in dollars and is kept in cents
    await t.deliver(subjects.organizationChanged, {
      ...globex,
      version: 3,
      paymentPreference: 1,
      creditLimit: 75000.5,
    });
    const last = (await events(t, subjects.creditChanged, before)).at(-1)!;
    expect(last.data).toMatchObject({
      creditLimitCents: 7_500_050,
      creditLimitExceeded: false,
      onCreditHold: false,
      creditHoldReason: null,
    });
  });

  it('holds every new customer of a broker that applies new customer credit hold (002 §6.4)', async () => {
    await t.deliver(subjects.organizationChanged, {
      organizationId: 'org_new_customer',
      version: 1,
      name: 'Initech',
      organizationType: 70,
      brokerId: 'org_demo_broker',
      paymentPreference: null,
      creditLimit: null,
      customerSettings: 0,
      brokerSettings: 0,
      active: true,
    });
    const before = await lastPosition(t);
    const broker = demoOrganizations.find((o) => o.organizationId === 'org_demo_broker')!;
    await t.deliver(subjects.organizationChanged, { ...broker, version: 2, brokerSettings: 67108865 });
    const held = (await events(t, subjects.creditChanged, before)).filter(
      (e) => e.data.organizationId === 'org_new_customer',
    );
    expect(held.at(-1)!.data).toMatchObject({ onCreditHold: true, creditHoldReason: 'NewCustomer' });
  });

  it('moves credit on a status change only when the load starts or stops weighing on it (issue 19)', async () => {
    // An Acme load under way with sell charges not invoiced yet
    const load = await t.runtime.db
      .selectFrom('shipment_view as s')
      .innerJoin('charge_line as l', 'l.shipment_id', 's.shipment_id')
      .select(['s.shipment_id', 's.status', 's.version'])
      .where('s.customer_organization_id', '=', 'org_demo_acme')
      .where('s.status', 'in', [410, 420])
      .where('l.invoice_id', 'is', null)
      .where('l.sell_cents', '>', 0)
      .executeTakeFirstOrThrow();
    const acme = () =>
      call('GET', '/api/accountingSummary/creditInfo/org_demo_acme', accountant).then((r) => r.json());
    const creditBefore = await acme();
    const before = await lastPosition(t);
    // In Transit ↔ Out for Delivery: still booked, so nothing moves and no credit.changed is written
    const moved = load.status === 410 ? 420 : 410;
    await t.deliver(subjects.shipmentUpdated, shipmentEvent(load.shipment_id, moved, load.version + 1));
    expect(await events(t, subjects.creditChanged, before)).toEqual([]);
    expect((await acme()).openBalanceCents).toBe(creditBefore.openBalanceCents);
    // Canceled: its charges no longer weigh on Acme's credit
    await t.deliver(subjects.shipmentUpdated, shipmentEvent(load.shipment_id, 1100, load.version + 2));
    const changed = await events(t, subjects.creditChanged, before);
    expect(changed.map((e) => e.data.organizationId)).toEqual(['org_demo_acme']);
    const after = await acme();
    expect(after.openBalanceCents).toBeLessThan(creditBefore.openBalanceCents);
    expect(changed[0]!.data).toMatchObject({ openBalanceCents: after.openBalanceCents });
  });
});
