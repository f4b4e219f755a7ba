// A customer's credit position (000 §3 credit info: enablePastDueNotification, creditLimitExceeded,
// creditLimit, totalPastDue; 002 §3.6 aging buckets; 002 §9 aging thresholds 15, 25, 30, 45, 60, 90, 120
// days) and whether it is on credit hold (000 §4; 002 §3.6 payment preference; 002 §6.4
// ApplyNewCustomerCreditHold). Decision 0050. Pure; amounts are integer cents.
//
// Aging: an open invoice is Current until its due date; after it, it sits in one bucket by its days past
// due: Past Due (1–14), 15 (15–24), 25 (25–29), 30 (30–44), 45 (45–59), 60 (60–89), 90 (90–119), 120
// (120 and more). Total past due is the sum of every bucket but Current.
import {
  AGING_THRESHOLDS_DAYS,
  BrokerOrganizationSetting,
  PaymentPreference,
  ShipmentStatus,
  sumCents,
} from '@loadline/contracts/catalogue';
import { daysBetween } from './model.ts';

export type AgingKey =
  | 'current'
  | 'pastDue'
  | 'days15'
  | 'days25'
  | 'days30'
  | 'days45'
  | 'days60'
  | 'days90'
  | 'days120';
export type AgingAmounts = Record<AgingKey, number>;

export const agingKeys: readonly AgingKey[] = [
  'current',
  'pastDue',
  'days15',
  'days25',
  'days30',
  'days45',
  'days60',
  'days90',
  'days120',
];

/** The 002 §3.6 aging bucket value of each key (Current -1, Past Due 1, the day buckets their days). */
export const agingBucketValue: Readonly<Record<AgingKey, number>> = {
  current: -1,
  pastDue: 1,
  days15: 15,
  days25: 25,
  days30: 30,
  days45: 45,
  days60: 60,
  days90: 90,
  days120: 120,
};

/** The bucket of an open invoice `daysPastDue` days after its due date (0 or less: Current). */
export function agingBucketOf(daysPastDue: number): AgingKey {
  if (daysPastDue <= 0) return 'current';
  let bucket: AgingKey = 'pastDue';
  for (const threshold of AGING_THRESHOLDS_DAYS) {
    if (daysPastDue >= threshold) bucket = `days${threshold}` as AgingKey;
  }
  return bucket;
}

/** The bucket of an invoice due on `dueDate`, as of `today` (YYYY-MM-DD). */
export const agingBucketOn = (dueDate: string, today: string): AgingKey =>
  agingBucketOf(daysBetween(dueDate, today));

export function agingOf(
  open: readonly { dueDate: string; balanceCents: number }[],
  today: string,
): AgingAmounts {
  const aging = Object.fromEntries(agingKeys.map((k) => [k, 0])) as AgingAmounts;
  for (const invoice of open) {
    const key = agingBucketOn(invoice.dueDate, today);
    aging[key] = sumCents([aging[key], invoice.balanceCents]);
  }
  return aging;
}

export type CreditHoldReason =
  | 'CreditHold'
  | 'Collections'
  | 'NewCustomer'
  | 'OverCreditLimit'
  | 'OneOrderAtATime';

/** A quote is not booked and a canceled load owes nothing: their charges do not weigh on credit. */
export const statusesOffCredit: readonly number[] = [
  ShipmentStatus.values.Quote,
  ShipmentStatus.values.Canceled,
];

/**
 * Whether a shipment's new status can move its customer's credit: only when its charges start or stop
 * weighing on it (a status of its own is the only fact of a shipment the position reads). A shipment not
 * seen before (`before` null) may.
 */
export const statusMovesCredit = (before: number | null, after: number): boolean =>
  before === null || statusesOffCredit.includes(before) !== statusesOffCredit.includes(after);

export interface CreditFacts {
  paymentPreference: number | null;
  creditLimitCents: number | null;
  /** the settings of the customer's broker (002 §6.4) */
  brokerSettings: number;
  enablePastDueNotification: boolean;
  /** each open invoice's due date and balance (several invoices of one date may come summed) */
  openInvoices: readonly { dueDate: string; balanceCents: number }[];
  /** sell charges of booked loads not invoiced yet */
  uninvoicedCents: number;
}

export interface CreditPosition {
  asOf: string;
  paymentPreference: number | null;
  creditLimitCents: number | null;
  openInvoicesCents: number;
  uninvoicedCents: number;
  openBalanceCents: number;
  totalPastDueCents: number;
  aging: AgingAmounts;
  creditLimitExceeded: boolean;
  enablePastDueNotification: boolean;
  onCreditHold: boolean;
  creditHoldReason: CreditHoldReason | null;
}

const P = PaymentPreference.values;

/**
 * Why a customer is on credit hold, first reason first; null when it is not:
 *   - payment preference CreditHold, or Collections (a customer sent to collections gets no new loads);
 *   - a new customer of a broker with ApplyNewCustomerCreditHold: one whose payment preference nobody has
 *     set yet; setting any preference (Approved, Cash, ...) is the credit approval that lifts it;
 *   - One Order At A Time with an invoice still open;
 *   - over its credit limit: the open balance (open invoices and booked loads not invoiced yet) above a
 *     set limit.
 * Cash, Approved and Continual Credit Card are held only by the limit.
 */
export function creditHoldReasonOf(
  facts: Pick<CreditFacts, 'paymentPreference' | 'brokerSettings'>,
  amounts: { openInvoicesCents: number; creditLimitExceeded: boolean },
): CreditHoldReason | null {
  if (facts.paymentPreference === P.CreditHold) return 'CreditHold';
  if (facts.paymentPreference === P.Collections) return 'Collections';
  if (
    facts.paymentPreference === null &&
    BrokerOrganizationSetting.has(facts.brokerSettings, 'ApplyNewCustomerCreditHold')
  )
    return 'NewCustomer';
  if (facts.paymentPreference === P.OneOrderAtATime && amounts.openInvoicesCents > 0)
    return 'OneOrderAtATime';
  if (amounts.creditLimitExceeded) return 'OverCreditLimit';
  return null;
}

export function creditPosition(facts: CreditFacts, today: string): CreditPosition {
  const aging = agingOf(facts.openInvoices, today);
  const openInvoicesCents = sumCents(agingKeys.map((k) => aging[k]));
  const totalPastDueCents = openInvoicesCents - aging.current;
  const openBalanceCents = sumCents([openInvoicesCents, facts.uninvoicedCents]);
  const creditLimitExceeded = facts.creditLimitCents !== null && openBalanceCents > facts.creditLimitCents;
  const creditHoldReason = creditHoldReasonOf(facts, { openInvoicesCents, creditLimitExceeded });
  return {
    asOf: today,
    paymentPreference: facts.paymentPreference,
    creditLimitCents: facts.creditLimitCents,
    openInvoicesCents,
    uninvoicedCents: facts.uninvoicedCents,
    openBalanceCents,
    totalPastDueCents,
    aging,
    creditLimitExceeded,
    enablePastDueNotification: facts.enablePastDueNotification,
    onCreditHold: creditHoldReason !== null,
    creditHoldReason,
  };
}

/** Whether two positions differ in anything but the day they were computed (key order does not matter). */
export function positionChanged(before: CreditPosition | null, after: CreditPosition): boolean {
  if (!before) return true;
  const fields = [
    'paymentPreference',
    'creditLimitCents',
    'openInvoicesCents',
    'uninvoicedCents',
    'openBalanceCents',
    'totalPastDueCents',
    'creditLimitExceeded',
    'enablePastDueNotification',
    'onCreditHold',
    'creditHoldReason',
  ] as const;
  if (fields.some((f) => before[f] !== after[f])) return true;
  return agingKeys.some((k) => before.aging?.[k] !== after.aging[k]);
}

/**
 * 000 §5: the over-credit notice shows when notification is enabled and (the credit limit is exceeded
 * with a limit, or the total past due is above 0).
 */
export const showsOverCreditNotice = (p: CreditPosition): boolean =>
  p.enablePastDueNotification &&
  ((p.creditLimitExceeded && p.creditLimitCents !== null) || p.totalPastDueCents > 0);
