// Use cases of the accounting summary (001 §3 accounting summary tables, §7 accountingSummary calls): a
// shipment's charge lines grouped per payer, with totals, margin, margin history, invoice and bill
// details, commissions and accounting concerns; adding, changing and deleting charge lines; adding a payer
// group and changing a group's payer; commissions. Broker staff only. Each change checks access first, runs
// in one transaction, keeps the margin history and commission amounts in step, refreshes the credit of the
// payers it concerns and gives the invoicing automation its chance.
import { CommissionStatus, OrganizationType, TransitOrganizationType } from '@loadline/contracts/catalogue';
import {
  conflict,
  forbidden,
  type Identity,
  newId,
  notFound,
  problem,
  problemsError,
  rejectProblems,
} from '@loadline/platform';
import { canApproveCommissions, canEditCommissions } from '../domain/access.ts';
import {
  accountingConcerns,
  billingStatusChoiceMessage,
  type ChargeLineInput,
  type ChargeLineLocks,
  changeChargeLine,
  chargeLineProblems,
  choosableBillingStatuses,
  deleteRefusal,
  groupPayerLock,
  lockReasons,
  marginChanges,
  totalsOf,
  withLocks,
} from '../domain/charge-lines.ts';
import {
  addCommissionRefusal,
  approvalRefusal,
  type CommissionCaller,
  type CommissionInput,
  type CommissionLocks,
  commissionAmount,
  commissionLocks,
  commissionProblems,
  commissionReasons,
  followTotals,
  statusChangeRefusal,
} from '../domain/commissions.ts';
import type {
  ChargeLine,
  ChargeLineGroup,
  ChargeLineTypeCode,
  Commission,
  ShipmentFacts,
} from '../domain/model.ts';
import type { AccountingDeps } from '../service.ts';
import {
  chargeLinesOf,
  deleteChargeLine as deleteLine,
  findChargeLine,
  findGroup,
  groupsOf,
  insertChargeLine,
  insertGroup as insertGroupRow,
  insertMarginChanges,
  marginHistoryOf,
  publishChargeLines,
  updateChargeLine,
  updateGroup,
} from '../store/charge-lines.ts';
import {
  commissionsOf,
  deleteCommission as deleteCommissionRow,
  findCommission,
  insertCommission,
  setCommissionAmounts,
  updateCommission,
} from '../store/commissions.ts';
import { shipmentSummary } from '../store/summary.ts';
import { type Db, findOrganization, findShipment, findUser } from '../store/views.ts';
import { refreshCredit } from './credit.ts';
import { autoInvoice } from './invoicing.ts';

/** Ours: the margin history entries the summary carries (the whole history has its own route). */
export const SUMMARY_MARGIN_HISTORY = 25;

const shipmentNotFound = (shipmentId: number) => notFound(`Shipment ${shipmentId} was not found.`);

function staffOnly(caller: Identity): void {
  if (caller.kind !== 'staff') throw forbidden('Only broker staff can see or change charges.');
}

/** The shipment, when the caller is staff of its broker (anything else: not found). */
async function staffShipment(
  db: Db,
  caller: Identity,
  shipmentId: number,
  forUpdate = false,
): Promise<ShipmentFacts> {
  staffOnly(caller);
  const shipment = await findShipment(db, shipmentId, { forUpdate });
  if (!shipment || shipment.brokerId !== caller.brokerId) throw shipmentNotFound(shipmentId);
  return shipment;
}

async function payerOf(db: Db, caller: Identity, organizationId: string) {
  const organization = await findOrganization(db, organizationId);
  if (
    !organization ||
    organization.brokerId !== caller.brokerId ||
    organization.organizationType === OrganizationType.values.LSP
  )
    throw problemsError([
      problem('payerOrganizationId', `Organization ${organizationId} is not a payer of your broker.`),
    ]);
  return organization;
}

/** A commission's payee is a staff member of the broker (decision 0041), else 400 on the field. */
async function payeeOf(db: Db, caller: Identity, userId: string) {
  const user = await findUser(db, userId);
  if (!user || user.kind !== 'staff' || user.broker_id !== caller.brokerId)
    throw problemsError([problem('payeeUserId', `User ${userId} is not a staff member of your broker.`)]);
}

type Party = Pick<
  ChargeLine,
  'carrierMasterId' | 'carrierMasterName' | 'vendorOrganizationId' | 'vendorName'
>;

/**
 * Who is paid a line's buy, as the service names it (decision 0057): the carrier is the shipment's carrier or
 * none; a vendor is an organization of the caller's broker. The names come from here, never from the body.
 */
async function partyOf(
  db: Db,
  caller: Identity,
  shipment: ShipmentFacts,
  input: Pick<ChargeLineInput, 'carrierMasterId' | 'vendorOrganizationId'>,
  current: Party,
): Promise<Party> {
  const party: Party = {
    carrierMasterId: current.carrierMasterId,
    carrierMasterName: current.carrierMasterName,
    vendorOrganizationId: current.vendorOrganizationId,
    vendorName: current.vendorName,
  };
  if (input.carrierMasterId !== undefined && input.carrierMasterId !== current.carrierMasterId) {
    if (input.carrierMasterId === null)
      Object.assign(party, { carrierMasterId: null, carrierMasterName: null });
    else if (input.carrierMasterId === shipment.carrierMasterId)
      Object.assign(party, {
        carrierMasterId: shipment.carrierMasterId,
        carrierMasterName: shipment.carrierMasterName,
      });
    else
      rejectProblems([
        problem(
          'carrierMasterId',
          shipment.carrierMasterId
            ? `The carrier of a charge is the shipment’s carrier (${shipment.carrierMasterName ?? shipment.carrierMasterId}) or none.`
            : 'This shipment has no carrier yet: a charge has none either.',
        ),
      ]);
  }
  if (
    input.vendorOrganizationId !== undefined &&
    input.vendorOrganizationId !== current.vendorOrganizationId
  ) {
    if (input.vendorOrganizationId === null)
      Object.assign(party, { vendorOrganizationId: null, vendorName: null });
    else {
      const vendor = await findOrganization(db, input.vendorOrganizationId);
      if (!vendor || (vendor.brokerId !== caller.brokerId && vendor.organizationId !== caller.brokerId))
        rejectProblems([
          problem(
            'vendorOrganizationId',
            `Organization ${input.vendorOrganizationId} is not an organization of your broker.`,
          ),
        ]);
      Object.assign(party, { vendorOrganizationId: vendor!.organizationId, vendorName: vendor!.name });
    }
  }
  return party;
}

export async function getSummary(deps: AccountingDeps, caller: Identity, shipmentId: number) {
  staffOnly(caller);
  // One round trip for everything the summary shows (store/summary.ts).
  const { shipment, groups, lines, invoices, bills, commissions, marginHistory } = await shipmentSummary(
    deps.runtime.db,
    shipmentId,
    SUMMARY_MARGIN_HISTORY,
  );
  if (!shipment || shipment.brokerId !== caller.brokerId) throw shipmentNotFound(shipmentId);
  return {
    shipmentId,
    customerOrganizationId: shipment.customerOrganizationId,
    status: shipment.status,
    carrierMasterId: shipment.carrierMasterId,
    carrierMasterName: shipment.carrierMasterName,
    groups: groups.map((g) => {
      const mine = lines.filter((l) => l.groupId === g.groupId);
      return {
        ...g,
        chargeLines: mine.map(withLocks),
        totals: totalsOf(mine),
        payerLock: groupPayerLock(mine),
      };
    }),
    totals: totalsOf(lines),
    concerns: accountingConcerns(shipment, lines),
    invoices,
    bills,
    billingStatusChoices: [...choosableBillingStatuses],
    commissions: commissions.map((c) => commissionView(c, caller)),
    addCommissionLock: addCommissionRefusal(commissionCaller(caller)),
    marginHistory,
  };
}

export async function marginHistory(deps: AccountingDeps, caller: Identity, shipmentId: number) {
  await staffShipment(deps.runtime.db, caller, shipmentId);
  return marginHistoryOf(deps.runtime.db, shipmentId, 10_000);
}

/** After a change of the shipment's lines: commission amounts, the payers' credit, the automation. */
export async function afterLinesChanged(
  deps: AccountingDeps,
  trx: Db,
  shipment: ShipmentFacts,
  payers: Iterable<string>,
) {
  await publishChargeLines(deps.runtime, trx, shipment.shipmentId, shipment.brokerId);
  const lines = await chargeLinesOf(trx, shipment.shipmentId);
  const totals = totalsOf(lines);
  const commissions = await commissionsOf(trx, shipment.shipmentId, { forUpdate: true });
  await setCommissionAmounts(
    trx,
    commissions.map((c) => ({ commissionId: c.commissionId, ...followTotals(c, totals) })),
  );
  await autoInvoice(deps, trx, shipment.shipmentId);
  await refreshCredit(deps, trx, payers);
}

/** A charge line as the API answers it: with what of it may still change (the server decides). */
export type LineView = ChargeLine & { locks: ChargeLineLocks };

export interface NewChargeLine extends ChargeLineInput {
  shipmentId: number;
  groupId?: string;
  payerOrganizationId?: string;
}

/** POST transitChargeline: adds a line to a payer's group (the shipment's customer by default). */
export async function addChargeLine(
  deps: AccountingDeps,
  caller: Identity,
  input: NewChargeLine,
): Promise<LineView> {
  staffOnly(caller);
  rejectProblems(chargeLineProblems(input));
  if (
    input.billingStatus !== undefined &&
    !(choosableBillingStatuses as readonly string[]).includes(input.billingStatus)
  )
    rejectProblems([problem('billingStatus', billingStatusChoiceMessage)]);
  return deps.runtime.db.transaction().execute(async (trx) => {
    const shipment = await staffShipment(trx, caller, input.shipmentId, true);
    const party = await partyOf(trx, caller, shipment, input, {
      carrierMasterId: shipment.carrierMasterId,
      carrierMasterName: shipment.carrierMasterName,
      vendorOrganizationId: null,
      vendorName: null,
    });
    let group: ChargeLineGroup | undefined;
    if (input.groupId) {
      group = await findGroup(trx, input.groupId);
      if (!group || group.shipmentId !== shipment.shipmentId)
        rejectProblems([
          problem(
            'groupId',
            `Charge line group ${input.groupId} is not a group of shipment ${shipment.shipmentId}.`,
          ),
        ]);
    } else {
      const payerId = input.payerOrganizationId ?? shipment.customerOrganizationId;
      if (input.payerOrganizationId) await payerOf(trx, caller, payerId);
      group = (await groupsOf(trx, shipment.shipmentId)).find((g) => g.payerOrganizationId === payerId);
      if (!group) {
        const groupId = await insertGroupRow(trx, {
          shipmentId: shipment.shipmentId,
          brokerId: shipment.brokerId,
          payerOrganizationId: payerId,
          transitOrganizationType: TransitOrganizationType.values.EndCustomer,
        });
        group = (await findGroup(trx, groupId))!;
      }
    }
    const chargeLineId = newId('chl');
    const line = {
      chargeLineId,
      groupId: group!.groupId,
      shipmentId: shipment.shipmentId,
      brokerId: shipment.brokerId,
      chargeLineType: input.chargeLineType as ChargeLineTypeCode,
      description: (input.description ?? '').trim(),
      buyCents: input.buyCents,
      sellCents: input.sellCents,
      billingStatus: (input.billingStatus ?? 'NotReady') as ChargeLine['billingStatus'],
      invoiceStatus: 3 as const,
      invoiceId: null,
      billId: null,
      ...party,
    };
    await insertChargeLine(trx, line);
    await insertMarginChanges(
      trx,
      shipment.shipmentId,
      marginChanges(null, line, line, caller.displayName, new Date().toISOString()),
      { userId: caller.userId, name: caller.displayName },
    );
    await afterLinesChanged(deps, trx, shipment, [group!.payerOrganizationId]);
    return withLocks((await findChargeLine(trx, chargeLineId))!);
  });
}

export interface ChargeLineChange extends ChargeLineInput {
  chargeLineId: string;
  groupId?: string;
  /** the version the editor read: a line changed since answers 409 */
  version?: number;
}

/** PUT transitChargeline: the inline editor's whole model (001 §7); answers the saved line. */
export async function changeChargeLineUseCase(
  deps: AccountingDeps,
  caller: Identity,
  input: ChargeLineChange,
): Promise<LineView> {
  staffOnly(caller);
  return deps.runtime.db.transaction().execute(async (trx) => {
    const current = await findChargeLine(trx, input.chargeLineId, { forUpdate: true });
    if (!current || current.brokerId !== caller.brokerId)
      throw notFound(`Charge line ${input.chargeLineId} was not found.`);
    if (input.version !== undefined && input.version !== current.version)
      throw conflict(
        'This charge line was changed by someone else. Reload the accounting summary and try again.',
      );
    const shipment = await staffShipment(trx, caller, current.shipmentId, true);
    const decided = changeChargeLine(current, input);
    if (!decided.ok) {
      if (decided.status === 409) throw conflict(decided.problems.map((p) => p.message).join(' '));
      rejectProblems(decided.problems);
      throw new Error('unreachable');
    }
    let next = {
      ...decided.line,
      ...(await partyOf(trx, caller, shipment, input, current)),
    };
    const payers = new Set([current.payerOrganizationId]);
    if (input.groupId && input.groupId !== current.groupId) {
      if (current.invoiceId) throw conflict(lockReasons.payer);
      const group = await findGroup(trx, input.groupId);
      if (!group || group.shipmentId !== current.shipmentId)
        rejectProblems([
          problem(
            'groupId',
            `Charge line group ${input.groupId} is not a group of shipment ${current.shipmentId}.`,
          ),
        ]);
      next = { ...next, groupId: group!.groupId, payerOrganizationId: group!.payerOrganizationId };
      payers.add(group!.payerOrganizationId);
    }
    if (!(await updateChargeLine(trx, next)))
      throw conflict(
        'This charge line was changed by someone else. Reload the accounting summary and try again.',
      );
    await insertMarginChanges(
      trx,
      current.shipmentId,
      marginChanges(current, next, next, caller.displayName, new Date().toISOString()),
      { userId: caller.userId, name: caller.displayName },
    );
    await afterLinesChanged(deps, trx, shipment, payers);
    return withLocks((await findChargeLine(trx, input.chargeLineId))!);
  });
}

export async function deleteChargeLine(
  deps: AccountingDeps,
  caller: Identity,
  chargeLineId: string,
): Promise<void> {
  staffOnly(caller);
  await deps.runtime.db.transaction().execute(async (trx) => {
    const current = await findChargeLine(trx, chargeLineId, { forUpdate: true });
    if (!current || current.brokerId !== caller.brokerId)
      throw notFound(`Charge line ${chargeLineId} was not found.`);
    const shipment = await staffShipment(trx, caller, current.shipmentId, true);
    const refusal = deleteRefusal(current);
    if (refusal) throw conflict(refusal);
    await deleteLine(trx, chargeLineId);
    await insertMarginChanges(
      trx,
      current.shipmentId,
      marginChanges(current, null, current, caller.displayName, new Date().toISOString()),
      { userId: caller.userId, name: caller.displayName },
    );
    await afterLinesChanged(deps, trx, shipment, [current.payerOrganizationId]);
  });
}

function transitTypeProblems(value: number | undefined) {
  return value !== undefined && !TransitOrganizationType.has(value)
    ? [
        problem(
          'transitOrganizationType',
          `Choose a transit organization type: ${TransitOrganizationType.entries.map((e) => `${e.name} ${e.value}`).join(', ')}.`,
        ),
      ]
    : [];
}

/** POST insertChargeLineGroupOrganization: another payer on the shipment (a third party, a factor). */
export async function addGroup(
  deps: AccountingDeps,
  caller: Identity,
  input: { shipmentId: number; payerOrganizationId: string; transitOrganizationType?: number },
): Promise<ChargeLineGroup> {
  staffOnly(caller);
  rejectProblems(transitTypeProblems(input.transitOrganizationType));
  return deps.runtime.db.transaction().execute(async (trx) => {
    const shipment = await staffShipment(trx, caller, input.shipmentId, true);
    await payerOf(trx, caller, input.payerOrganizationId);
    if (
      (await groupsOf(trx, shipment.shipmentId)).some(
        (g) => g.payerOrganizationId === input.payerOrganizationId,
      )
    )
      throw conflict(`This payer already has a charge line group on shipment ${shipment.shipmentId}.`);
    const groupId = await insertGroupRow(trx, {
      shipmentId: shipment.shipmentId,
      brokerId: shipment.brokerId,
      payerOrganizationId: input.payerOrganizationId,
      transitOrganizationType: input.transitOrganizationType ?? TransitOrganizationType.values.EndCustomer,
    });
    return (await findGroup(trx, groupId))!;
  });
}

/** PUT updateChargeLineGroupOrganization: the group's payer (and transit organization type) changes. */
export async function changeGroup(
  deps: AccountingDeps,
  caller: Identity,
  input: { groupId: string; payerOrganizationId: string; transitOrganizationType?: number },
): Promise<ChargeLineGroup> {
  staffOnly(caller);
  rejectProblems(transitTypeProblems(input.transitOrganizationType));
  return deps.runtime.db.transaction().execute(async (trx) => {
    const group = await findGroup(trx, input.groupId, { forUpdate: true });
    if (!group || group.brokerId !== caller.brokerId)
      throw notFound(`Charge line group ${input.groupId} was not found.`);
    const shipment = await staffShipment(trx, caller, group.shipmentId, true);
    await payerOf(trx, caller, input.payerOrganizationId);
    const lines = (await chargeLinesOf(trx, group.shipmentId, { forUpdate: true })).filter(
      (l) => l.groupId === group.groupId,
    );
    const payerLock = groupPayerLock(lines);
    if (input.payerOrganizationId !== group.payerOrganizationId && payerLock) throw conflict(payerLock);
    if (
      input.payerOrganizationId !== group.payerOrganizationId &&
      (await groupsOf(trx, group.shipmentId)).some((g) => g.payerOrganizationId === input.payerOrganizationId)
    )
      throw conflict(`This payer already has a charge line group on shipment ${group.shipmentId}.`);
    await updateGroup(trx, group.groupId, {
      payerOrganizationId: input.payerOrganizationId,
      transitOrganizationType: input.transitOrganizationType ?? group.transitOrganizationType,
    });
    await afterLinesChanged(deps, trx, shipment, [group.payerOrganizationId, input.payerOrganizationId]);
    return (await findGroup(trx, group.groupId))!;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Commissions (decision 0057): what the caller may do to each is the domain's `commissionLocks`, sent with
// every commission and applied here in the same words.

const commissionCaller = (caller: Identity): CommissionCaller => ({
  userId: caller.userId,
  mayEdit: canEditCommissions(caller),
  mayApprove: canApproveCommissions(caller),
});

/** A commission as the API answers it: with what the caller may do to it (the server decides). */
export type CommissionView = Commission & { locks: CommissionLocks };

export const commissionView = (commission: Commission, caller: Identity): CommissionView => ({
  ...commission,
  locks: commissionLocks(commission, commissionCaller(caller)),
});

const commissionNotFound = (commissionId: string) => notFound(`Commission ${commissionId} was not found.`);
const commissionChanged = () =>
  conflict('This commission was changed by someone else. Reload the accounting summary and try again.');

/** The amount approved, kept when a commission becomes Approved and dropped when it leaves approval. */
function approvalOf(status: number, amountCents: number, before: number | null): number | null {
  if (status === CommissionStatus.values.Approved) return amountCents;
  if (status === CommissionStatus.values.HasVariance) return before;
  return null;
}

export async function addCommission(
  deps: AccountingDeps,
  caller: Identity,
  input: CommissionInput & { shipmentId: number; payeeUserId?: string | null },
): Promise<CommissionView> {
  staffOnly(caller);
  const who = commissionCaller(caller);
  const refusal = addCommissionRefusal(who);
  if (refusal) throw forbidden(refusal);
  rejectProblems(commissionProblems(input));
  const status = input.status ?? CommissionStatus.values.NotApproved;
  const payeeUserId = input.payeeUserId ?? null;
  if (status !== CommissionStatus.values.NotApproved) {
    const notAllowed = approvalRefusal(who, { payeeUserId });
    if (notAllowed) throw forbidden(notAllowed);
    const badStatus = statusChangeRefusal(CommissionStatus.values.NotApproved, status);
    if (badStatus) rejectProblems([problem('status', badStatus)]);
  }
  return deps.runtime.db.transaction().execute(async (trx) => {
    const shipment = await staffShipment(trx, caller, input.shipmentId, true);
    if (input.payeeUserId) await payeeOf(trx, caller, input.payeeUserId);
    const totals = totalsOf(await chargeLinesOf(trx, shipment.shipmentId));
    const commissionId = newId('com');
    const terms = {
      calculationType: input.calculationType,
      rate: input.rate,
      minCents: input.minCents ?? null,
      maxCents: input.maxCents ?? null,
    };
    const amountCents = commissionAmount(terms, totals);
    const changed = status !== CommissionStatus.values.NotApproved;
    await insertCommission(trx, {
      commissionId,
      shipmentId: shipment.shipmentId,
      brokerId: shipment.brokerId,
      payeeName: input.payeeName.trim(),
      payeeUserId,
      ...terms,
      amountCents,
      status,
      approvedCents: approvalOf(status, amountCents, null),
      statusChangedBy: changed ? caller.displayName : null,
      statusChangedDate: changed ? new Date().toISOString() : null,
    });
    return commissionView((await findCommission(trx, commissionId))!, caller);
  });
}

/** PUT commission: the whole commission as read, with new terms (Commissions Admin) or a new status (Commissions Approve). */
export async function changeCommission(
  deps: AccountingDeps,
  caller: Identity,
  input: CommissionInput & { commissionId: string; payeeUserId?: string | null; version?: number },
): Promise<CommissionView> {
  staffOnly(caller);
  rejectProblems(commissionProblems(input));
  const who = commissionCaller(caller);
  return deps.runtime.db.transaction().execute(async (trx) => {
    const current = await findCommission(trx, input.commissionId, { forUpdate: true });
    if (!current || current.brokerId !== caller.brokerId) throw commissionNotFound(input.commissionId);
    if (input.version !== undefined && input.version !== current.version) throw commissionChanged();
    const status = input.status ?? current.status;
    const payeeUserId = input.payeeUserId !== undefined ? input.payeeUserId : current.payeeUserId;
    // Who is paid is among the terms: changing the payee user needs Commissions Admin too.
    const payeeChanges = payeeUserId !== current.payeeUserId;
    const termsChange =
      payeeChanges ||
      input.payeeName.trim() !== current.payeeName ||
      input.calculationType !== current.calculationType ||
      input.rate !== current.rate ||
      (input.minCents ?? null) !== current.minCents ||
      (input.maxCents ?? null) !== current.maxCents;
    const locks = commissionLocks(current, who);
    if (termsChange && locks.terms) {
      if (!who.mayEdit) throw forbidden(locks.terms);
      throw conflict(locks.terms);
    }
    if (payeeChanges && payeeUserId) await payeeOf(trx, caller, payeeUserId);
    const statusChanges = status !== current.status;
    if (statusChanges) {
      // Judged on the commission as it is (its payee before any change in the same request).
      const notAllowed = approvalRefusal(who, current) ?? approvalRefusal(who, { payeeUserId });
      if (notAllowed) throw forbidden(notAllowed);
      const badStatus = statusChangeRefusal(current.status, status);
      if (badStatus) throw conflict(badStatus);
    }
    const totals = totalsOf(await chargeLinesOf(trx, current.shipmentId));
    const next: Commission = {
      ...current,
      payeeName: input.payeeName.trim(),
      payeeUserId,
      calculationType: input.calculationType,
      rate: input.rate,
      minCents: input.minCents ?? null,
      maxCents: input.maxCents ?? null,
      status,
    };
    next.amountCents = commissionAmount(next, totals);
    if (statusChanges) {
      next.approvedCents = approvalOf(status, next.amountCents, current.approvedCents);
      next.statusChangedBy = caller.displayName;
      next.statusChangedDate = new Date().toISOString();
    }
    if (!(await updateCommission(trx, next))) throw commissionChanged();
    return commissionView((await findCommission(trx, input.commissionId))!, caller);
  });
}

export async function deleteCommission(
  deps: AccountingDeps,
  caller: Identity,
  commissionId: string,
): Promise<void> {
  staffOnly(caller);
  const who = commissionCaller(caller);
  if (!who.mayEdit) throw forbidden(commissionReasons.admin);
  await deps.runtime.db.transaction().execute(async (trx) => {
    const current = await findCommission(trx, commissionId, { forUpdate: true });
    if (!current || current.brokerId !== caller.brokerId) throw commissionNotFound(commissionId);
    const refusal = commissionLocks(current, who).delete;
    if (refusal) throw conflict(refusal);
    await deleteCommissionRow(trx, commissionId);
  });
}
