// Every money rule of the accounting domain, no server: aging buckets (002 §3.6, §9), credit holds, totals and
// margin, accounting concerns, commission types, invoice drafts and totals, payment application and the
// payment and invoice statuses. Amounts are integer cents throughout.
import {
  BrokerOrganizationSetting,
  InvoicingAutomationMethod,
  PaymentPreference,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import {
  accountingConcerns,
  changeChargeLine,
  chargeLineLocks,
  deleteRefusal,
  groupPayerLock,
  marginChanges,
  totalsOf,
} from '../../src/domain/charge-lines.ts';
import { commissionAmount, commissionProblems } from '../../src/domain/commissions.ts';
import {
  agingBucketOf,
  agingOf,
  creditPosition,
  positionChanged,
  showsOverCreditNotice,
  statusMovesCredit,
} from '../../src/domain/credit.ts';
import {
  applyPayment,
  automationInvoicesNow,
  automationMayInvoice,
  billsToApprove,
  decideInvoices,
  invoiceStatusOf,
  paymentStatusOf,
} from '../../src/domain/invoicing.ts';
import type { ChargeLineGroup, ShipmentFacts } from '../../src/domain/model.ts';
import { line } from './fixtures.ts';

const today = '2026-11-25';

describe('aging buckets (002 §3.6 values, 002 §9 thresholds 15, 25, 30, 45, 60, 90, 120)', () => {
  it('puts an invoice not yet due in Current, and one past due in the bucket of its days', () => {
    expect(agingBucketOf(-10)).toBe('current');
    expect(agingBucketOf(0)).toBe('current'); // due today: not past due yet
    expect(agingBucketOf(1)).toBe('pastDue');
    expect(agingBucketOf(14)).toBe('pastDue');
    expect(agingBucketOf(15)).toBe('days15');
    expect(agingBucketOf(24)).toBe('days15');
    expect(agingBucketOf(25)).toBe('days25');
    expect(agingBucketOf(29)).toBe('days25');
    expect(agingBucketOf(30)).toBe('days30');
    expect(agingBucketOf(45)).toBe('days45');
    expect(agingBucketOf(59)).toBe('days45');
    expect(agingBucketOf(60)).toBe('days60');
    expect(agingBucketOf(90)).toBe('days90');
    expect(agingBucketOf(119)).toBe('days90');
    expect(agingBucketOf(120)).toBe('days120');
    expect(agingBucketOf(400)).toBe('days120');
  });

  it('sums open balances per bucket from due dates, in cents', () => {
    const aging = agingOf(
      [
        { dueDate: '2026-12-01', balanceCents: 10000 }, // not due
        { dueDate: '2026-11-20', balanceCents: 2501 }, // 5 days
        { dueDate: '2026-11-10', balanceCents: 333 }, // 15 days
        { dueDate: '2026-11-10', balanceCents: 1 },
        { dueDate: '2026-07-01', balanceCents: 99 }, // 147 days
      ],
      today,
    );
    expect(aging).toEqual({
      current: 10000,
      pastDue: 2501,
      days15: 334,
      days25: 0,
      days30: 0,
      days45: 0,
      days60: 0,
      days90: 0,
      days120: 99,
    });
  });
});

describe('which status changes can move the credit of a customer (its charges weigh on it unless quote or canceled)', () => {
  const S = ShipmentStatus.values;
  it('a move between booked statuses leaves the position as it was', () => {
    expect(statusMovesCredit(S.InTransit, S.OutForDelivery)).toBe(false);
    expect(statusMovesCredit(S.Committed, S.Delivered)).toBe(false);
    expect(statusMovesCredit(S.Quote, S.Canceled)).toBe(false);
  });
  it('booking a quote, canceling a load or bringing one back moves it; so may a shipment not seen before', () => {
    expect(statusMovesCredit(S.Quote, S.Committed)).toBe(true);
    expect(statusMovesCredit(S.InTransit, S.Canceled)).toBe(true);
    expect(statusMovesCredit(S.Canceled, S.Committed)).toBe(true);
    expect(statusMovesCredit(null, S.InTransit)).toBe(true);
  });
});

describe('the credit position (000 §3 credit info) and credit hold (000 §4, 002 §3.6, §6.4)', () => {
  const facts = {
    paymentPreference: PaymentPreference.values.Approved as number | null,
    creditLimitCents: 1_000_000 as number | null,
    brokerSettings: 0,
    enablePastDueNotification: true,
    openInvoices: [
      { dueDate: '2026-12-10', balanceCents: 400_000 },
      { dueDate: '2026-10-01', balanceCents: 300_000 }, // 55 days past due
    ],
    uninvoicedCents: 250_000,
  };

  it('adds open invoices and uninvoiced booked loads into the open balance, and tells the past due', () => {
    const p = creditPosition(facts, today);
    expect(p.openInvoicesCents).toBe(700_000);
    expect(p.openBalanceCents).toBe(950_000);
    expect(p.totalPastDueCents).toBe(300_000);
    expect(p.aging.days45).toBe(300_000);
    expect(p.creditLimitExceeded).toBe(false);
    expect(p.onCreditHold).toBe(false);
    expect(p.creditHoldReason).toBeNull();
  });

  it('exceeds the limit only above it, and only with a limit', () => {
    expect(creditPosition({ ...facts, uninvoicedCents: 300_000 }, today).creditLimitExceeded).toBe(false); // equal
    const over = creditPosition({ ...facts, uninvoicedCents: 300_001 }, today);
    expect(over.creditLimitExceeded).toBe(true);
    expect(over.creditHoldReason).toBe('OverCreditLimit');
    expect(
      creditPosition({ ...facts, creditLimitCents: null, uninvoicedCents: 9_999_999 }, today)
        .creditLimitExceeded,
    ).toBe(false);
  });

  it('holds a customer on CreditHold or in Collections whatever its balance', () => {
    expect(
      creditPosition({ ...facts, paymentPreference: PaymentPreference.values.CreditHold }, today)
        .creditHoldReason,
    ).toBe('CreditHold');
    expect(
      creditPosition({ ...facts, paymentPreference: PaymentPreference.values.Collections }, today)
        .creditHoldReason,
    ).toBe('Collections');
  });

  it('holds a new customer (no preference set yet) only when its broker applies new customer credit hold', () => {
    const newCustomer = { ...facts, paymentPreference: null, openInvoices: [], uninvoicedCents: 0 };
    expect(creditPosition(newCustomer, today).onCreditHold).toBe(false);
    const held = creditPosition(
      { ...newCustomer, brokerSettings: BrokerOrganizationSetting.values.ApplyNewCustomerCreditHold },
      today,
    );
    expect(held.creditHoldReason).toBe('NewCustomer');
    // AutoOpenInsurance alone (one bit of the composite 67108865) is not the credit hold
    expect(
      creditPosition(
        { ...newCustomer, brokerSettings: BrokerOrganizationSetting.values.AutoOpenInsurance },
        today,
      ).onCreditHold,
    ).toBe(false);
    // Setting any preference is the credit approval that lifts it
    expect(
      creditPosition(
        {
          ...newCustomer,
          paymentPreference: PaymentPreference.values.Cash,
          brokerSettings: BrokerOrganizationSetting.values.ApplyNewCustomerCreditHold,
        },
        today,
      ).onCreditHold,
    ).toBe(false);
  });

  it('holds One Order At A Time while an invoice is open', () => {
    const one = {
      ...facts,
      paymentPreference: PaymentPreference.values.OneOrderAtATime,
      creditLimitCents: null,
    };
    expect(creditPosition(one, today).creditHoldReason).toBe('OneOrderAtATime');
    expect(creditPosition({ ...one, openInvoices: [] }, today).onCreditHold).toBe(false);
  });

  it('shows the over-credit notice when notification is on and (over a set limit, or anything past due) (000 §5)', () => {
    expect(showsOverCreditNotice(creditPosition(facts, today))).toBe(true); // past due
    const current = { ...facts, openInvoices: [{ dueDate: '2026-12-10', balanceCents: 1 }] };
    expect(showsOverCreditNotice(creditPosition(current, today))).toBe(false);
    expect(showsOverCreditNotice(creditPosition({ ...current, uninvoicedCents: 2_000_000 }, today))).toBe(
      true,
    );
    expect(showsOverCreditNotice(creditPosition({ ...facts, enablePastDueNotification: false }, today))).toBe(
      false,
    );
  });

  it('publishes a position again only when something but the day changed', () => {
    const a = creditPosition(facts, today);
    expect(positionChanged(null, a)).toBe(true);
    expect(positionChanged(a, { ...creditPosition(facts, today), asOf: '2026-11-26' })).toBe(false);
    // read back from jsonb, keys come in another order: still the same position
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(a).reverse())));
    expect(positionChanged(reordered, a)).toBe(false);
    expect(positionChanged(a, creditPosition({ ...facts, uninvoicedCents: 1 }, today))).toBe(true);
  });
});

const shipment: ShipmentFacts = {
  shipmentId: 10008,
  brokerId: 'org_demo_broker',
  customerOrganizationId: 'org_demo_globex',
  status: 1000,
  shipmentType: 2,
  noAccountingInvoice: false,
  pickupDate: '2026-11-18',
  deliveryDate: '2026-11-19',
  carrierMasterId: 'car_demo_oldline',
  carrierMasterName: 'Old Line Freight',
  proNumber: 'OLFT100000',
};

describe('charge lines: totals, margin, history, what may change', () => {
  it('totals buy, sell and margin exactly', () => {
    expect(
      totalsOf([line({}), line({ buyCents: 1, sellCents: 2 }), line({ buyCents: 0, sellCents: -500 })]),
    ).toEqual({
      buyCents: 80001,
      sellCents: 99502,
      marginCents: 19501,
    });
  });

  it('refuses a new sell on an invoiced line and a new buy on a billed one (409); allows the rest', () => {
    const invoiced = line({ invoiceId: 'inv_1' });
    const sell = changeChargeLine(invoiced, { ...invoiced, sellCents: 1 });
    expect(sell.ok).toBe(false);
    expect(!sell.ok && sell.status).toBe(409);
    expect(changeChargeLine(invoiced, { ...invoiced, buyCents: 1 }).ok).toBe(true);
    const billed = line({ billId: 'bil_1' });
    expect(changeChargeLine(billed, { ...billed, buyCents: 1 }).ok).toBe(false);
    expect(deleteRefusal(invoiced)).toMatch(/invoiced/);
    expect(deleteRefusal(billed)).toMatch(/bill/);
    expect(deleteRefusal(line({}))).toBeNull();
  });

  it('decides what of a line may still change, the same rule the changes are refused by', () => {
    // A line on no invoice and no bill: everything may change, it may be deleted.
    expect(chargeLineLocks(line({}))).toEqual({
      sell: null,
      buy: null,
      chargeLineType: null,
      payer: null,
      billingStatus: null,
      vendor: null,
      delete: null,
    });
    // Invoiced: the sell, type and payer are the invoice's; the buy is still the carrier's to settle.
    const invoiced = chargeLineLocks(line({ invoiceId: 'inv_1' }));
    expect(invoiced.sell).toMatch(/invoiced: its sell cannot change/);
    expect(invoiced.chargeLineType).toMatch(/invoiced: its type cannot change/);
    expect(invoiced.payer).toMatch(/invoiced/);
    expect(invoiced.buy).toBeNull();
    expect(invoiced.delete).toMatch(/invoiced: it cannot be deleted/);
    // Billed only: the buy is the bill's; the sell may still change.
    const billed = chargeLineLocks(line({ billId: 'bil_1' }));
    expect(billed).toMatchObject({ sell: null, chargeLineType: null, payer: null });
    expect(billed.buy).toMatch(/approved bill: its buy cannot change/);
    expect(billed.delete).toMatch(/approved bill: it cannot be deleted/);
    // Both: each side locked, deletion refused for the invoice first.
    const both = chargeLineLocks(line({ invoiceId: 'inv_1', billId: 'bil_1' }));
    expect(both.sell && both.buy && both.delete).toBeTruthy();
    expect(both.delete).toMatch(/invoiced/);
    // What the summary says is locked is what a change is refused with (409 with the same words).
    const refused = changeChargeLine(line({ invoiceId: 'inv_1' }), { ...line({}), sellCents: 1 });
    expect(!refused.ok && refused.problems[0]?.message).toBe(invoiced.sell);
    expect(deleteRefusal(line({ billId: 'bil_1' }))).toBe(billed.delete);
    // A group's payer: locked once any of its charges is invoiced.
    expect(groupPayerLock([line({}), line({})])).toBeNull();
    expect(groupPayerLock([line({}), line({ invoiceId: 'inv_1' })])).toMatch(/payer cannot change/);
  });

  it('keeps every change of a buy or sell with who and when', () => {
    const when = '2026-11-25T10:00:00.000Z';
    expect(marginChanges(null, line({}), line({}), 'Omar Operations', when)).toEqual([
      expect.objectContaining({
        change: 'added',
        field: 'buy',
        oldCents: null,
        newCents: 80000,
        changedBy: 'Omar Operations',
      }),
      expect.objectContaining({ change: 'added', field: 'sell', oldCents: null, newCents: 100000 }),
    ]);
    expect(marginChanges(line({}), line({ sellCents: 100500 }), line({}), 'A', when)).toEqual([
      expect.objectContaining({ change: 'changed', field: 'sell', oldCents: 100000, newCents: 100500 }),
    ]);
    expect(marginChanges(line({}), null, line({}), 'A', when).map((c) => c.change)).toEqual([
      'deleted',
      'deleted',
    ]);
    expect(marginChanges(line({}), line({}), line({}), 'A', when)).toEqual([]);
  });
});

describe('accounting concerns (002 §3.6)', () => {
  it('names MissingAR, MissingAP and NegativeMargin', () => {
    expect(accountingConcerns(shipment, [line({})])).toEqual([]);
    expect(accountingConcerns(shipment, [line({ sellCents: 0 })])).toEqual(['MissingAR', 'NegativeMargin']);
    expect(accountingConcerns(shipment, [line({ buyCents: 0 })])).toEqual(['MissingAP']);
    expect(accountingConcerns(shipment, [])).toEqual(['MissingAR', 'MissingAP']);
    expect(accountingConcerns({ ...shipment, status: 5, carrierMasterId: null }, [])).toEqual([]); // a quote
    expect(accountingConcerns({ ...shipment, status: 1100 }, [])).toEqual([]); // canceled
  });

  it('names a revision not invoiced (MissingARRev) or not billed (MissingAPRev)', () => {
    const lines = [
      line({ invoiceId: 'inv_1', billId: 'bil_1' }),
      line({ chargeLineId: 'chl_2', buyCents: 100, sellCents: 0 }),
    ];
    expect(accountingConcerns(shipment, lines)).toEqual(['MissingAPRev']);
    const sellRev = [
      line({ invoiceId: 'inv_1' }),
      line({ chargeLineId: 'chl_2', buyCents: 0, sellCents: 5000 }),
    ];
    expect(accountingConcerns(shipment, sellRev)).toEqual(['MissingARRev']);
  });
});

describe('commissions (002 §3.6 calculation types; min and max)', () => {
  const totals = { buyCents: 80000, sellCents: 100000 }; // margin 20000
  const c = (
    calculationType: number,
    rate: number,
    minCents: number | null = null,
    maxCents: number | null = null,
  ) => commissionAmount({ calculationType, rate, minCents, maxCents }, totals);
  it('computes each type', () => {
    expect(c(0, 5000)).toBe(5000); // Flat: $50
    expect(c(1, 1000)).toBe(2000); // 10% of the margin
    expect(c(2, 250)).toBe(2000); // 2.5% of the buy
    expect(c(3, 333)).toBe(3330); // 3.33% of the sell
    expect(c(4, 1500)).toBe(5000); // margin above 15% of the sell: 20000 - 15000
    expect(c(5, 2000)).toBe(4000); // margin above a 20% markup on the buy: 20000 - 16000
    expect(c(10, 1500)).toBe(1500); // Transaction fee: $15
  });
  it('pays no negative commission, then applies the minimum and the maximum', () => {
    expect(c(4, 3000)).toBe(0); // the house keeps more than the margin
    expect(c(4, 3000, 2500)).toBe(2500);
    expect(c(1, 1000, null, 1500)).toBe(1500);
    expect(
      commissionAmount(
        { calculationType: 1, rate: 1000, minCents: null, maxCents: null },
        { buyCents: 100, sellCents: 50 },
      ),
    ).toBe(0);
  });
  it('rounds a percentage to the cent, half away from zero', () => {
    expect(
      commissionAmount(
        { calculationType: 3, rate: 1, minCents: null, maxCents: null },
        { buyCents: 0, sellCents: 5000 },
      ),
    ).toBe(1); // 0.5 cent
  });
  it('checks the rate by type', () => {
    expect(commissionProblems({ payeeName: 'Sal', calculationType: 1, rate: 10001 })[0]?.field).toBe('rate');
    expect(commissionProblems({ payeeName: 'Sal', calculationType: 0, rate: 10001 })).toEqual([]); // cents
    expect(commissionProblems({ payeeName: ' ', calculationType: 6, rate: 1 }).map((p) => p.field)).toEqual([
      'payeeName',
      'calculationType',
    ]);
    expect(
      commissionProblems({ payeeName: 'Sal', calculationType: 0, rate: 1, minCents: 5, maxCents: 4 })[0]
        ?.field,
    ).toBe('maxCents');
  });
});

describe('invoices (001 §3 invoice request; 002 §3.6 statuses)', () => {
  const groups: ChargeLineGroup[] = [
    {
      groupId: 'clg_1',
      shipmentId: 10008,
      brokerId: 'b',
      payerOrganizationId: 'org_demo_globex',
      payerName: 'Globex',
      transitOrganizationType: 0,
    },
    {
      groupId: 'clg_2',
      shipmentId: 10008,
      brokerId: 'b',
      payerOrganizationId: 'org_factor',
      payerName: 'Factor',
      transitOrganizationType: 3,
    },
  ];
  const lines = [
    line({}),
    line({
      chargeLineId: 'chl_2',
      chargeLineType: 'Fuel',
      description: 'Fuel',
      buyCents: 22400,
      sellCents: 28000,
    }),
    line({ chargeLineId: 'chl_3', sellCents: 0, buyCents: 1000 }),
    line({
      chargeLineId: 'chl_4',
      groupId: 'clg_2',
      payerOrganizationId: 'org_factor',
      sellCents: 4500,
      buyCents: 0,
    }),
  ];
  const request = { invoiceDateType: 'Today' as const, approveBillWithInvoice: false };
  const terms = (payer: string) => (payer === 'org_demo_globex' ? 15 : 30);

  it('makes one invoice per payer from its sell lines not invoiced yet, with the total and the due date', () => {
    const d = decideInvoices(shipment, groups, lines, request, today, terms);
    if (!d.ok) throw new Error('refused');
    expect(d.invoices).toHaveLength(2);
    expect(d.invoices[0]).toMatchObject({
      payerOrganizationId: 'org_demo_globex',
      invoiceDate: today,
      dueDate: '2026-12-10',
      proNumber: 'OLFT100000',
      totalCents: 128000,
    });
    expect(d.invoices[0]!.lines.map((l) => l.chargeLineId)).toEqual(['chl_1', 'chl_2']); // no zero sell
    expect(d.invoices[1]).toMatchObject({
      payerOrganizationId: 'org_factor',
      totalCents: 4500,
      dueDate: '2026-12-25',
    });
    expect(d.bills).toEqual([]);
  });

  it('takes the pickup or delivery date (the modal’s, else the shipment’s) and refuses when there is none', () => {
    const pick = decideInvoices(
      shipment,
      groups,
      lines,
      { ...request, invoiceDateType: 'Pickup' },
      today,
      terms,
    );
    expect(pick.ok && pick.invoices[0]!.invoiceDate).toBe('2026-11-18');
    const given = decideInvoices(
      shipment,
      groups,
      lines,
      { ...request, invoiceDateType: 'Delivery', deliveryDate: '2026-11-21' },
      today,
      terms,
    );
    expect(given.ok && given.invoices[0]!.invoiceDate).toBe('2026-11-21');
    const none = decideInvoices(
      { ...shipment, deliveryDate: null },
      groups,
      lines,
      { ...request, invoiceDateType: 'Delivery' },
      today,
      terms,
    );
    expect(none).toMatchObject({ ok: false, status: 400, problems: [{ field: 'invoiceDateType' }] });
  });

  it('refuses a canceled shipment, a quote, no accounting invoice, and nothing to bill (409)', () => {
    for (const s of [{ status: 1100 }, { status: 5 }, { noAccountingInvoice: true }]) {
      expect(decideInvoices({ ...shipment, ...s }, groups, lines, request, today, terms)).toMatchObject({
        ok: false,
        status: 409,
      });
    }
    const invoiced = lines.map((l) => ({ ...l, invoiceId: 'inv_1' }));
    const nothing = decideInvoices(shipment, groups, invoiced, request, today, terms);
    expect(nothing).toMatchObject({ ok: false, status: 409 });
    expect(!nothing.ok && nothing.problems[0]!.message).toBe(
      'Shipment 10008 has nothing to bill: no sell charge waits to be invoiced.',
    );
    // a payer whose lines come to 0 or less gets no invoice
    const credit = [line({ sellCents: -100 })];
    expect(decideInvoices(shipment, groups.slice(0, 1), credit, request, today, terms)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('approves the carrier bills of the buy side with the invoice, one per vendor', () => {
    const bills = billsToApprove(shipment, [
      ...lines,
      line({
        chargeLineId: 'chl_5',
        buyCents: 3000,
        sellCents: 0,
        vendorOrganizationId: 'org_lumper',
        vendorName: 'Dock Lumpers',
      }),
    ]);
    expect(bills).toEqual([
      {
        vendorId: 'car_demo_oldline',
        vendorName: 'Old Line Freight',
        chargeLineIds: ['chl_1', 'chl_2', 'chl_3'],
        totalCents: 103400,
      },
      { vendorId: 'org_lumper', vendorName: 'Dock Lumpers', chargeLineIds: ['chl_5'], totalCents: 3000 },
    ]);
  });

  it('tells the payment status and the invoice status from what is paid', () => {
    expect(paymentStatusOf(1000, 0)).toBe(0); // Unpaid
    expect(paymentStatusOf(1000, 1)).toBe(1); // PartialPaid
    expect(paymentStatusOf(1000, 1000)).toBe(3); // FullyPaid
    expect(paymentStatusOf(1000, 1001)).toBe(2); // OverPaid
    expect(invoiceStatusOf(1000, 999)).toBe(1); // ShipmentInvoiced
    expect(invoiceStatusOf(1000, 1000)).toBe(2); // InvoicePaid
  });

  it('applies a payment to each invoice up to its balance, the rest on the last one or refused', () => {
    const targets = [
      { id: 'a', totalCents: 1000, paidCents: 400 },
      { id: 'b', totalCents: 500, paidCents: 0 },
    ];
    expect(applyPayment(700, targets, false)).toEqual({
      ok: true,
      applications: [
        { id: 'a', appliedCents: 600 },
        { id: 'b', appliedCents: 100 },
      ],
    });
    expect(applyPayment(1200, targets, false)).toEqual({ ok: false, owedCents: 1100 });
    expect(applyPayment(1200, targets, true)).toEqual({
      ok: true,
      applications: [
        { id: 'a', appliedCents: 600 },
        { id: 'b', appliedCents: 600 },
      ],
    });
  });

  it('runs the automation methods from the shipment’s status (002 §3.6)', () => {
    const M = InvoicingAutomationMethod.values;
    const waiting = [line({ billingStatus: 'NotReady' })];
    expect(automationInvoicesNow(M.ManuallyInvoice, { status: 1000 }, waiting)).toBe(false);
    expect(automationInvoicesNow(M.AutoInvoiceCommitted, { status: 10 }, waiting)).toBe(true);
    expect(automationInvoicesNow(M.AutoInvoiceCommitted, { status: 5 }, waiting)).toBe(false);
    expect(automationInvoicesNow(M.AutoInvoiceDelivery, { status: 410 }, waiting)).toBe(false);
    expect(automationInvoicesNow(M.AutoInvoiceDelivery, { status: 1000 }, waiting)).toBe(true);
    expect(automationInvoicesNow(M.AutoInvoiceDelivery, { status: 1100 }, waiting)).toBe(false);
    expect(automationInvoicesNow(M.AutoInvoiceBilling, { status: 1000 }, waiting)).toBe(false);
    expect(
      automationInvoicesNow(M.AutoInvoiceBilling, { status: 1000 }, [line({ billingStatus: 'Ready' })]),
    ).toBe(true);
    expect(
      automationInvoicesNow(M.AutoInvoiceDelivery, { status: 1000 }, [line({ invoiceId: 'inv_1' })]),
    ).toBe(false);
  });

  it('tells from the status alone when no charge line could make a method invoice (the lines are not read then)', () => {
    const M = InvoicingAutomationMethod.values;
    expect(automationMayInvoice(M.AutoInvoiceDelivery, 410)).toBe(false);
    expect(automationMayInvoice(M.AutoInvoiceDelivery, 420)).toBe(false);
    expect(automationMayInvoice(M.AutoInvoiceBilling, 420)).toBe(false);
    expect(automationMayInvoice(M.AutoInvoiceCommitted, 410)).toBe(true);
    expect(automationMayInvoice(M.AutoInvoiceDelivery, 1000)).toBe(true);
    expect(automationMayInvoice(M.AutoInvoiceCommitted, 1100)).toBe(false);
    expect(automationMayInvoice(M.ManuallyInvoice, 1000)).toBe(false);
  });
});
