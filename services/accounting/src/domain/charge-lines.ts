// Charge lines (002 §3.5; 001 §3 accounting summary tables): their rules, totals, margin, the margin history
// a change leaves, and the accounting concerns of a shipment (002 §3.6). Pure; amounts are integer cents.
import {
  ChargeLineAccountingStatus,
  ChargeLineType,
  isCents,
  MAX_AMOUNT_CENTS,
  ShipmentStatus,
  sumCents,
  TransitOrganizationType,
} from '@loadline/contracts/catalogue';
import { type FieldProblem, problem } from '@loadline/platform/problems';
import type { BillingStatusCode, ChargeLine, ChargeLineTypeCode, MarginChange } from './model.ts';

export interface ChargeLineInput {
  chargeLineType: string;
  description?: string;
  buyCents: number;
  sellCents: number;
  billingStatus?: string;
  carrierMasterId?: string | null;
  carrierMasterName?: string | null;
  vendorOrganizationId?: string | null;
  vendorName?: string | null;
}

/** What is wrong with a charge line as given (each problem names its field). */
export function chargeLineProblems(input: ChargeLineInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!ChargeLineType.has(input.chargeLineType))
    problems.push(
      problem('chargeLineType', `Choose a charge line type: ${ChargeLineType.names.join(', ')} (002 §3.5).`),
    );
  for (const field of ['buyCents', 'sellCents'] as const) {
    if (!isCents(input[field]))
      problems.push(
        problem(field, `Enter an amount in whole cents, at most ${MAX_AMOUNT_CENTS} either way.`),
      );
  }
  if (input.billingStatus !== undefined && !ChargeLineAccountingStatus.has(input.billingStatus))
    problems.push(
      problem('billingStatus', `Choose a billing status: ${ChargeLineAccountingStatus.codes.join(', ')}.`),
    );
  if ((input.description ?? '').length > 200)
    problems.push(problem('description', 'The description is at most 200 characters.'));
  return problems;
}

/** Why an invoiced sell, a billed buy, an invoiced line's type and such a line's deletion are refused. */
export const lockReasons = {
  sell: 'This charge is invoiced: its sell cannot change. Add a charge line for the difference (it goes on the next invoice).',
  buy: "This charge is on an approved bill: its buy cannot change. Add a charge line for the carrier's difference.",
  chargeLineType: 'This charge is invoiced: its type cannot change.',
  payer: 'This charge is invoiced: it cannot move to another payer.',
  deleteInvoiced: 'This charge is invoiced: it cannot be deleted. Add a charge line to correct it.',
  deleteBilled: 'This charge is on an approved bill: it cannot be deleted.',
  billingStatus: 'This charge is invoiced: its billing status is the invoice’s.',
  vendor: 'This charge is on an approved bill: its carrier and vendor cannot change.',
} as const;

/**
 * The billing statuses (002 §3.5 accounting status) a person chooses; Has Variance and Created are the
 * service's (a bill that differs, an invoice made) and stay as they are (decision 0057).
 */
export const choosableBillingStatuses = ['NotReady', 'Ready', 'NoAccounting', 'PassThrough'] as const;

export const billingStatusChoiceMessage = `Choose a billing status: ${choosableBillingStatuses
  .map((c) => ChargeLineAccountingStatus.nameOf(c) ?? c)
  .join(', ')} (Has Variance and Created are set by the service).`;

/**
 * What of a line may still change (decision 0050): each is null when it may, else the reason it may not. The
 * summary sends it with every line, so the editor offers what the server will accept and nothing else.
 */
export interface ChargeLineLocks {
  sell: string | null;
  buy: string | null;
  chargeLineType: string | null;
  payer: string | null;
  billingStatus: string | null;
  /** the carrier master and the vendor organization (who is paid the buy) */
  vendor: string | null;
  delete: string | null;
}

export function chargeLineLocks(line: Pick<ChargeLine, 'invoiceId' | 'billId'>): ChargeLineLocks {
  const invoiced = line.invoiceId !== null;
  const billed = line.billId !== null;
  return {
    sell: invoiced ? lockReasons.sell : null,
    buy: billed ? lockReasons.buy : null,
    chargeLineType: invoiced ? lockReasons.chargeLineType : null,
    payer: invoiced ? lockReasons.payer : null,
    billingStatus: invoiced ? lockReasons.billingStatus : null,
    vendor: billed ? lockReasons.vendor : null,
    delete: invoiced ? lockReasons.deleteInvoiced : billed ? lockReasons.deleteBilled : null,
  };
}

/** A line as the API shows it: with what of it may still change. */
export const withLocks = <L extends ChargeLine>(line: L): L & { locks: ChargeLineLocks } => ({
  ...line,
  locks: chargeLineLocks(line),
});

/** The line as it will be after the change, and what refuses it (an invoiced sell, a billed buy). */
export function changeChargeLine(
  current: ChargeLine,
  input: ChargeLineInput,
): { ok: true; line: ChargeLine } | { ok: false; status: 400 | 409; problems: FieldProblem[] } {
  const problems = chargeLineProblems(input);
  if (problems.length > 0) return { ok: false, status: 400, problems };
  const locks = chargeLineLocks(current);
  const refused = (field: string, reason: string) => ({
    ok: false as const,
    status: 409 as const,
    problems: [problem(field, reason)],
  });
  if (locks.sell && input.sellCents !== current.sellCents) return refused('sellCents', locks.sell);
  if (locks.buy && input.buyCents !== current.buyCents) return refused('buyCents', locks.buy);
  if (locks.chargeLineType && input.chargeLineType !== current.chargeLineType)
    return refused('chargeLineType', locks.chargeLineType);
  const billingStatus = input.billingStatus ?? current.billingStatus;
  if (billingStatus !== current.billingStatus) {
    if (locks.billingStatus) return refused('billingStatus', locks.billingStatus);
    if (!(choosableBillingStatuses as readonly string[]).includes(billingStatus))
      return { ok: false, status: 400, problems: [problem('billingStatus', billingStatusChoiceMessage)] };
  }
  const vendorChanges =
    (input.carrierMasterId !== undefined && input.carrierMasterId !== current.carrierMasterId) ||
    (input.vendorOrganizationId !== undefined && input.vendorOrganizationId !== current.vendorOrganizationId);
  if (locks.vendor && vendorChanges) return refused('vendorOrganizationId', locks.vendor);
  return {
    ok: true,
    line: {
      ...current,
      chargeLineType: input.chargeLineType as ChargeLineTypeCode,
      description: (input.description ?? current.description).trim(),
      buyCents: input.buyCents,
      sellCents: input.sellCents,
      billingStatus: billingStatus as BillingStatusCode,
      // who is paid the buy (carrier, vendor) is checked and named by the use case, which has the shipment
    },
  };
}

/** Why a line may not be deleted: it is on an invoice or a bill. */
export const deleteRefusal = (line: Pick<ChargeLine, 'invoiceId' | 'billId'>): string | null =>
  chargeLineLocks(line).delete;

/**
 * Why a group's payer may not change: a charge of it is invoiced to that payer (the invoice is theirs). The
 * summary sends it with the group.
 */
export const groupPayerLock = (lines: readonly Pick<ChargeLine, 'invoiceId'>[]): string | null =>
  lines.some((l) => l.invoiceId !== null)
    ? 'Charges of this group are invoiced to its payer: the payer cannot change.'
    : null;

/** The margin history entries a change of buy or sell leaves (every change kept with who and when). */
export function marginChanges(
  before: Pick<ChargeLine, 'buyCents' | 'sellCents'> | null,
  after: Pick<ChargeLine, 'buyCents' | 'sellCents'> | null,
  line: Pick<ChargeLine, 'chargeLineId' | 'chargeLineType'>,
  who: string,
  when: string,
): MarginChange[] {
  const change: MarginChange['change'] = before === null ? 'added' : after === null ? 'deleted' : 'changed';
  const out: MarginChange[] = [];
  for (const field of ['buy', 'sell'] as const) {
    const key = field === 'buy' ? 'buyCents' : 'sellCents';
    const oldCents = before ? before[key] : null;
    const newCents = after ? after[key] : null;
    if (oldCents === newCents) continue;
    if (change !== 'changed' && (oldCents ?? newCents) === 0) continue;
    out.push({
      chargeLineId: line.chargeLineId,
      chargeLineType: line.chargeLineType,
      change,
      field,
      oldCents,
      newCents,
      changedBy: who,
      changedDate: when,
    });
  }
  return out;
}

export interface Totals {
  buyCents: number;
  sellCents: number;
  marginCents: number;
}

export function totalsOf(lines: readonly Pick<ChargeLine, 'buyCents' | 'sellCents'>[]): Totals {
  const buyCents = sumCents(lines.map((l) => l.buyCents));
  const sellCents = sumCents(lines.map((l) => l.sellCents));
  return { buyCents, sellCents, marginCents: sellCents - buyCents };
}

export const transitOrganizationTypeOk = (value: number): boolean => TransitOrganizationType.has(value);

export type AccountingConcernCode =
  | 'MissingAR'
  | 'MissingAP'
  | 'NegativeMargin'
  | 'MissingARRev'
  | 'MissingAPRev';

/**
 * The accounting concerns of a shipment (002 §3.6; their meaning is ours, decision 0050):
 *   - MissingAR: a booked load (Committed or beyond, not canceled) with no sell to bill the customer;
 *   - MissingAP: a load with a carrier but no buy (the carrier's cost is not entered);
 *   - NegativeMargin: the sell is below the buy;
 *   - MissingARRev: the shipment is invoiced, yet a sell charge waits outside any invoice (a revision
 *     not billed to the customer);
 *   - MissingAPRev: a bill is approved, yet a buy charge waits outside any bill.
 */
export function accountingConcerns(
  shipment: { status: number; carrierMasterId: string | null } | null,
  lines: readonly ChargeLine[],
): AccountingConcernCode[] {
  const { buyCents, sellCents, marginCents } = totalsOf(lines);
  const concerns: AccountingConcernCode[] = [];
  const canceled = shipment?.status === ShipmentStatus.values.Canceled;
  const booked = shipment !== null && !canceled && shipment.status >= ShipmentStatus.values.Committed;
  if (booked && sellCents <= 0) concerns.push('MissingAR');
  const hasCarrier = (shipment?.carrierMasterId ?? null) !== null || lines.some((l) => l.carrierMasterId);
  if (!canceled && hasCarrier && buyCents <= 0) concerns.push('MissingAP');
  if (marginCents < 0) concerns.push('NegativeMargin');
  const invoiced = lines.some((l) => l.invoiceId !== null);
  if (invoiced && lines.some((l) => l.invoiceId === null && l.sellCents !== 0)) concerns.push('MissingARRev');
  const billed = lines.some((l) => l.billId !== null);
  if (billed && lines.some((l) => l.billId === null && l.buyCents !== 0)) concerns.push('MissingAPRev');
  return concerns;
}
