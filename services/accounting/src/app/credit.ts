// Use cases of credit (000 §3 credit info, §4 credit hold, §5 over-credit modal; 002 §3.6 aging): a
// customer's credit info, its accounting settings, and the refresh every change of its money ends with
// (the position recomputed and, when it changed, published as credit.changed for the credit-hold check).
import {
  InvoicingAutomationMethod,
  OrganizationType,
  PreferredInvoicingMethod,
} from '@loadline/contracts/catalogue';
import { conflict, forbidden, type Identity, notFound, problem, rejectProblems } from '@loadline/platform';
import {
  canChangeCustomerAccount,
  canSeeOrganizationMoney,
  customerMayPay,
  overCreditNoticeIsFor,
} from '../domain/access.ts';
import {
  type CreditPosition,
  creditPosition,
  positionChanged,
  showsOverCreditNotice,
} from '../domain/credit.ts';
import { type CustomerAccount, isoDate, type OrganizationFacts } from '../domain/model.ts';
import type { AccountingDeps } from '../service.ts';
import { accountOf, saveAccount } from '../store/accounts.ts';
import { creditFacts, lockPosition, organizationsWithPositions, savePosition } from '../store/credit.ts';
import { customersOfBroker, type Db, findOrganization } from '../store/views.ts';

export const todayOf = (deps: Pick<AccountingDeps, 'adapters'>): string => isoDate(deps.adapters.clock.now());

export const accountDefaults = (deps: Pick<AccountingDeps, 'settings'>, brokerId: string) => ({
  brokerId,
  paymentTermsDays: deps.settings.defaultPaymentTermsDays,
  creditCardFeeBasisPoints: deps.settings.defaultCardFeeBasisPoints,
});

async function positionNow(
  deps: AccountingDeps,
  db: Db,
  organization: OrganizationFacts & { brokerId: string },
): Promise<CreditPosition> {
  const account = await accountOf(
    db,
    organization.organizationId,
    accountDefaults(deps, organization.brokerId),
  );
  return creditPosition(await creditFacts(db, organization, account), todayOf(deps));
}

/**
 * Recomputes the credit of these customers inside the caller's transaction (after its change) and publishes
 * each position that changed. Organizations that are not customers, or not known yet, are left alone.
 */
export async function refreshCredit(
  deps: AccountingDeps,
  trx: Db,
  organizationIds: Iterable<string>,
): Promise<void> {
  for (const organizationId of [...new Set(organizationIds)].sort()) {
    const organization = await findOrganization(trx, organizationId);
    if (!organization?.brokerId || organization.organizationType !== OrganizationType.values.Customer)
      continue;
    const known = { ...organization, brokerId: organization.brokerId };
    const locked = await lockPosition(trx, organizationId, known.brokerId);
    const position = await positionNow(deps, trx, known);
    if (positionChanged(locked.position, position))
      await savePosition(deps.runtime, trx, known, locked.version, position);
  }
}

/** The customers of a broker whose settings changed (ApplyNewCustomerCreditHold concerns them all). */
export const customersOf = (trx: Db, brokerId: string) => customersOfBroker(trx, brokerId);

/** The daily refresh: invoices cross their due dates as days pass. Answers how many positions it looked at. */
export async function refreshAllCredit(deps: AccountingDeps): Promise<number> {
  const organizations = await organizationsWithPositions(deps.runtime.db);
  for (const organizationId of organizations)
    await deps.runtime.db.transaction().execute((trx) => refreshCredit(deps, trx, [organizationId]));
  return organizations.length;
}

async function visibleCustomer(deps: AccountingDeps, caller: Identity, organizationId: string) {
  const organization = await findOrganization(deps.runtime.db, organizationId);
  if (
    !organization?.brokerId ||
    organization.organizationType !== OrganizationType.values.Customer ||
    !canSeeOrganizationMoney(caller, organization)
  )
    throw notFound(`Organization ${organizationId} was not found.`);
  return { ...organization, brokerId: organization.brokerId };
}

/** 000 §3 credit info of a customer, with its aging (the over-credit notice reads it, 000 §5). */
export async function creditInfo(deps: AccountingDeps, caller: Identity, organizationId: string) {
  const organization = await visibleCustomer(deps, caller, organizationId);
  const position = await positionNow(deps, deps.runtime.db, organization);
  return {
    organizationId,
    name: organization.name,
    ...position,
    creditLimit: position.creditLimitCents,
    totalPastDue: position.totalPastDueCents,
    // The server decides whether this caller sees the notice and is offered to pay (001 §6).
    showOverCreditNotice: showsOverCreditNotice(position) && overCreditNoticeIsFor(caller),
    canPay: customerMayPay(caller, organization.customerSettings),
  };
}

export async function getCustomerAccount(
  deps: AccountingDeps,
  caller: Identity,
  organizationId: string,
): Promise<CustomerAccount> {
  const organization = await visibleCustomer(deps, caller, organizationId);
  if (caller.kind !== 'staff') throw forbidden('Only broker staff can see accounting settings.');
  return accountOf(deps.runtime.db, organizationId, accountDefaults(deps, organization.brokerId));
}

export interface CustomerAccountChange {
  invoicingAutomationMethod?: number;
  preferredInvoicingMethod?: number;
  paymentTermsDays?: number;
  creditCardFeeBasisPoints?: number;
  enablePastDueNotification?: boolean;
  version?: number;
}

export async function changeCustomerAccount(
  deps: AccountingDeps,
  caller: Identity,
  organizationId: string,
  change: CustomerAccountChange,
): Promise<CustomerAccount> {
  const organization = await visibleCustomer(deps, caller, organizationId);
  if (!canChangeCustomerAccount(caller))
    throw forbidden('You need the Accounting AR Revisions permission to change accounting settings.');
  const problems = [];
  if (
    change.invoicingAutomationMethod !== undefined &&
    !InvoicingAutomationMethod.has(change.invoicingAutomationMethod)
  )
    problems.push(
      problem(
        'invoicingAutomationMethod',
        `Choose an invoicing automation method: ${InvoicingAutomationMethod.entries.map((e) => `${e.name} ${e.value}`).join(', ')}.`,
      ),
    );
  if (
    change.preferredInvoicingMethod !== undefined &&
    !PreferredInvoicingMethod.has(change.preferredInvoicingMethod)
  )
    problems.push(
      problem(
        'preferredInvoicingMethod',
        `Choose a preferred invoicing method: ${PreferredInvoicingMethod.entries.map((e) => `${e.name} ${e.value}`).join(', ')}.`,
      ),
    );
  rejectProblems(problems);
  return deps.runtime.db.transaction().execute(async (trx) => {
    const current = await accountOf(trx, organizationId, accountDefaults(deps, organization.brokerId));
    if (change.version !== undefined && change.version !== current.version)
      throw conflict('These accounting settings were changed by someone else. Reload them and try again.');
    const next: CustomerAccount = {
      ...current,
      ...Object.fromEntries(Object.entries(change).filter(([k, v]) => v !== undefined && k !== 'version')),
    };
    if (!(await saveAccount(trx, next)))
      throw conflict('These accounting settings were changed by someone else. Reload them and try again.');
    await refreshCredit(deps, trx, [organizationId]);
    return accountOf(trx, organizationId, accountDefaults(deps, organization.brokerId));
  });
}

/** Every organization whose money the caller may see; used to scope lists. */
export const scopeOf = (caller: Identity) =>
  caller.kind === 'staff'
    ? { brokerId: caller.brokerId }
    : { brokerId: caller.brokerId, organizationId: caller.organizationId };
