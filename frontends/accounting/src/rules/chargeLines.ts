// The accounting summary's inline editor (001 §4, §7) as pure rules: the draft a row is edited in, what is
// wrong with it, and the whole model the PUT sends. Amounts are integer cents (decision 0050).
import { ChargeLineType, formatMoney, parseMoney } from '@loadline/contracts';
import type { ChargeLine, ChargeLineUpdate, NewChargeLine } from '../api/types.ts';

/** The inline editor's states (001 §4): viewing → editing → save (saving) or cancel → viewing. */
export type EditorState = 'viewing' | 'editing' | 'saving';

export interface ChargeLineDraft {
  description: string;
  buy: string;
  sell: string;
}

/**
 * What the inline editor edits (001 §7, 002 §3.5): the type, the description, the buy and the sell, the
 * billing status, the payer (the line's group) and the carrier ('' for none). Quantity and rate are not
 * modelled: a line is its amounts.
 */
export interface LineEditDraft extends ChargeLineDraft {
  chargeLineType: string;
  billingStatus: string;
  groupId: string;
  carrierMasterId: string;
}

export const draftOf = (line: ChargeLine): LineEditDraft => ({
  chargeLineType: line.chargeLineType,
  description: line.description,
  buy: formatMoney(line.buyCents),
  sell: formatMoney(line.sellCents),
  billingStatus: line.billingStatus,
  groupId: line.groupId,
  carrierMasterId: line.carrierMasterId ?? '',
});

export const amountMessage = 'Enter an amount in dollars and cents, e.g. 1250.00.';

/** What is wrong with the draft, by field; empty when it can be saved. */
export function draftProblems(draft: ChargeLineDraft): Partial<Record<keyof ChargeLineDraft, string>> {
  const problems: Partial<Record<keyof ChargeLineDraft, string>> = {};
  if (parseMoney(draft.buy) === undefined) problems.buy = amountMessage;
  if (parseMoney(draft.sell) === undefined) problems.sell = amountMessage;
  return problems;
}

/** 001 §7: the PUT carries the whole model, the line as it was read with the draft's changes (and its version). */
export function modelToSave(line: ChargeLine, draft: LineEditDraft): ChargeLineUpdate {
  return {
    ...line,
    chargeLineType: draft.chargeLineType as ChargeLineUpdate['chargeLineType'],
    billingStatus: draft.billingStatus as ChargeLineUpdate['billingStatus'],
    description: draft.description.trim(),
    buyCents: parseMoney(draft.buy) ?? line.buyCents,
    sellCents: parseMoney(draft.sell) ?? line.sellCents,
    groupId: draft.groupId,
    carrierMasterId: draft.carrierMasterId === '' ? null : draft.carrierMasterId,
  };
}

/** A new charge line as typed in the summary's "Add charge" form. */
export interface NewChargeLineDraft extends ChargeLineDraft {
  chargeLineType: string;
}

export const emptyNewLine: NewChargeLineDraft = { chargeLineType: '', description: '', buy: '', sell: '' };

export const chooseTypeMessage = 'Choose a charge line type.';

/** What is wrong with a new line, by field; empty when it can be added. */
export function newLineProblems(
  draft: NewChargeLineDraft,
): Partial<Record<keyof NewChargeLineDraft, string>> {
  const problems: Partial<Record<keyof NewChargeLineDraft, string>> = draftProblems(draft);
  if (!ChargeLineType.has(draft.chargeLineType)) problems.chargeLineType = chooseTypeMessage;
  return problems;
}

/** The POST transitChargeline body: the line in that payer's group. */
export function newLineBody(shipmentId: number, groupId: string, draft: NewChargeLineDraft): NewChargeLine {
  return {
    shipmentId,
    groupId,
    chargeLineType: draft.chargeLineType as NewChargeLine['chargeLineType'],
    description: draft.description.trim(),
    buyCents: parseMoney(draft.buy) ?? 0,
    sellCents: parseMoney(draft.sell) ?? 0,
  };
}

// What of a line may still change (an invoiced sell, a billed buy, deleting either) is the service's to say:
// each line comes with its `locks` (null, or the reason), and the editor offers what they allow.
