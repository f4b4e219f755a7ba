// The demo money, defined once (issue 16, item 8): charge lines on every demo shipment that has a carrier,
// the customers' accounting settings, opening balances from before Loadline in several aging buckets (Globex
// over its $10,000 limit with past-due invoices), and a card on file for Globex in the test gateway. The
// accounting service seeds it; journeys and screens can rely on it. Amounts are integer cents, by rule.
import { InvoicingAutomationMethod } from '../catalogue/accounting.ts';
import { addCalendarDays } from '../catalogue/constants.ts';
import { percentOfCents } from '../catalogue/money.ts';
import { ShipmentStatus } from '../catalogue/shipment-status.ts';
import { demoCustomers } from './index.ts';
import type { DemoShipmentPlan } from './shipments.ts';

const [acme, globex] = demoCustomers;
const S = ShipmentStatus.values;

export interface DemoChargeLine {
  chargeLineId: string;
  chargeLineType: 'Linehaul' | 'Fuel' | 'Accessorial' | 'TONU';
  description: string;
  buyCents: number;
  sellCents: number;
}

/**
 * A demo shipment's charge lines (none while it is a quote: no carrier yet): linehaul and a 28% fuel
 * surcharge on both sides; a liftgate on every third; a TONU alone on a canceled load. 10014 sells below
 * its buy (a negative margin), 10023 has no buy entered yet (missing AP), so the concerns show.
 */
export function demoChargeLines(plan: DemoShipmentPlan): DemoChargeLine[] {
  if (!plan.carrier) return [];
  const id = (suffix: string) => `chl_demo_${plan.shipmentId}_${suffix}`;
  if (plan.status === S.Canceled)
    return [
      {
        chargeLineId: id('tonu'),
        chargeLineType: 'TONU',
        description: 'Truck ordered, not used',
        buyCents: 15000,
        sellCents: 25000,
      },
    ];
  const linehaulSell = 85000 + ((plan.index * 37) % 20) * 5000;
  let linehaulBuy = percentOfCents(linehaulSell, 8200);
  if (plan.shipmentId === 10014) linehaulBuy = linehaulSell + 12500;
  if (plan.shipmentId === 10023) linehaulBuy = 0;
  const lines: DemoChargeLine[] = [
    {
      chargeLineId: id('linehaul'),
      chargeLineType: 'Linehaul',
      description: 'Linehaul',
      buyCents: linehaulBuy,
      sellCents: linehaulSell,
    },
    {
      chargeLineId: id('fuel'),
      chargeLineType: 'Fuel',
      description: 'Fuel surcharge 28%',
      buyCents: percentOfCents(linehaulBuy, 2800),
      sellCents: percentOfCents(linehaulSell, 2800),
    },
  ];
  if (plan.index % 3 === 0)
    lines.push({
      chargeLineId: id('liftgate'),
      chargeLineType: 'Accessorial',
      description: 'Liftgate at delivery',
      buyCents: 5000,
      sellCents: 7500,
    });
  return lines;
}

/** Whether a demo shipment is invoiced in the demo: the Complete ones (Complete follows invoicing). */
export const demoShipmentInvoiced = (plan: DemoShipmentPlan): boolean => plan.status === S.Complete;

/** The customers' accounting settings (ours): Acme invoices itself on delivery; Globex pays in 15 days. */
export const demoCustomerAccounts = [
  {
    organizationId: acme.organizationId,
    invoicingAutomationMethod: InvoicingAutomationMethod.values.AutoInvoiceDelivery,
    preferredInvoicingMethod: 0,
    paymentTermsDays: 30,
    creditCardFeeBasisPoints: 300,
    enablePastDueNotification: true,
  },
  {
    organizationId: globex.organizationId,
    invoicingAutomationMethod: InvoicingAutomationMethod.values.ManuallyInvoice,
    preferredInvoicingMethod: 0,
    paymentTermsDays: 15,
    creditCardFeeBasisPoints: 350,
    enablePastDueNotification: true,
  },
] as const;

export interface DemoOpeningBalance {
  invoiceId: string;
  organizationId: string;
  /** days before the seeding day the invoice was issued */
  daysAgo: number;
  totalCents: number;
  paidCents: number;
}

/**
 * Invoices from before Loadline (opening balances), so the aging buckets have something in them: Globex's
 * six come to $14,215.50 against its $10,000 limit, five of them past due (15, 30, 60, 90 and 120 days
 * buckets) with its 15-day terms; Acme's are current or a little past due, one partly paid.
 */
export const demoOpeningBalances: readonly DemoOpeningBalance[] = [
  {
    invoiceId: 'inv_demo_open_globex_1',
    organizationId: globex.organizationId,
    daysAgo: 12,
    totalCents: 120000,
    paidCents: 0,
  },
  {
    invoiceId: 'inv_demo_open_globex_2',
    organizationId: globex.organizationId,
    daysAgo: 32,
    totalCents: 215000,
    paidCents: 0,
  },
  {
    invoiceId: 'inv_demo_open_globex_3',
    organizationId: globex.organizationId,
    daysAgo: 50,
    totalCents: 340000,
    paidCents: 0,
  },
  {
    invoiceId: 'inv_demo_open_globex_4',
    organizationId: globex.organizationId,
    daysAgo: 80,
    totalCents: 287550,
    paidCents: 0,
  },
  {
    invoiceId: 'inv_demo_open_globex_5',
    organizationId: globex.organizationId,
    daysAgo: 110,
    totalCents: 199000,
    paidCents: 0,
  },
  {
    invoiceId: 'inv_demo_open_globex_6',
    organizationId: globex.organizationId,
    daysAgo: 150,
    totalCents: 260000,
    paidCents: 0,
  },
  {
    invoiceId: 'inv_demo_open_acme_1',
    organizationId: acme.organizationId,
    daysAgo: 20,
    totalCents: 184000,
    paidCents: 0,
  },
  {
    invoiceId: 'inv_demo_open_acme_2',
    organizationId: acme.organizationId,
    daysAgo: 45,
    totalCents: 96500,
    paidCents: 40000,
  },
];

/** The day an opening balance was issued. */
export const openingBalanceDate = (today: string, o: DemoOpeningBalance): string =>
  addCalendarDays(today, -o.daysAgo);

/** Globex's card on file in the local test gateway (a Visa test number; only its last four digits are kept). */
export const demoCardOnFile = {
  organizationId: globex.organizationId,
  gatewayProfileId: 'tgc_demo_globex',
  paymentProfileId: 'tgp_demo_globex_visa',
  /** the test gateway's approved Visa number; a fingerprint of it is kept, never the number */
  cardNumber: '4111111111111111',
  cardType: 'Visa',
  last4: '1111',
  expMonth: 12,
  /** years after the seeding year */
  expiresInYears: 3,
  nameOnCard: 'Bea Buyer',
} as const;
