// Use cases of a broker's carriers (000 §7, 001 §7 carriers): details, compliance, score, the master list
// of states per region, the portal link; the favorite; and the preview's edits (status, preferred regions,
// insurance certificates). The doors check the role (staff; LSP Carrier Add/Edit for the edits, 001 §6);
// each use case reads only the caller's broker's relation, and a change writes its event in its
// transaction (store/carriers.ts publishBrokerCarrier).
import { messages, PreferredRegionType } from '@loadline/contracts/catalogue';
import { type Identity, notFound, problem, problemsError } from '@loadline/platform';
import { brokerOfPath, canEditCarriers } from '../domain/access.ts';
import { actorOf, type BrokerCarrierRef, type CarrierView, type InsuranceInput } from '../domain/carriers.ts';
import { checkPreferredRegions, masterStateRegions, type PreferredRegion } from '../domain/regions.ts';
import { complianceView, detailsView, scoreView } from '../domain/views.ts';
import type { CarriersDeps } from '../service.ts';
import {
  carrierExists,
  type Db,
  findBrokerCarrier,
  loadCarrierView,
  loadTally,
  publishBrokerCarrier,
  replacePreferredRegions,
} from '../store/carriers.ts';
import { saveInsurance } from '../store/insurance.ts';
import { problemsOf } from './problems.ts';

const carrierNotFound = (id: string) => notFound(`Carrier ${id} was not found.`);
const brokerCarrierNotFound = (id: string) => notFound(`Broker carrier ${id} was not found.`);

/** The regions of 002 §3.1 with their states, and the preferred region types: what the preview map draws. */
export function masterStateRegionList() {
  return {
    regions: masterStateRegions(),
    preferredRegionTypes: PreferredRegionType.entries.map((t) => ({
      value: t.value,
      code: t.code,
      name: t.name,
    })),
  };
}

/** The 000 §3 carrier score from the caller's broker's audits; an unknown carrier is 404. */
export async function carrierScoreOf(deps: CarriersDeps, caller: Identity, carrierMasterId: string) {
  const db = deps.runtime.db;
  const tally = await loadTally(db, caller.brokerId, carrierMasterId);
  // No audits and no such carrier: 404; no audits of a known carrier: its empty score.
  if (tally.pickupCount + tally.deliveryCount === 0 && !(await carrierExists(db, carrierMasterId)))
    throw carrierNotFound(carrierMasterId);
  return scoreView({ tally }, carrierMasterId);
}

/** The carrier as the `{brokerId or 0}` broker sees it, which must be the caller's (else 404). */
async function viewFor(
  deps: CarriersDeps,
  caller: Identity,
  carrierMasterId: string,
  brokerParam: string,
): Promise<{ brokerId: string; view: CarrierView }> {
  const brokerId = brokerOfPath(caller, brokerParam);
  if (!brokerId) throw carrierNotFound(carrierMasterId);
  const view = await loadCarrierView(deps.runtime.db, carrierMasterId, brokerId);
  if (!view) throw carrierNotFound(carrierMasterId);
  return { brokerId, view };
}

/** Compliance info (000 §7): whether the carrier is in compliance for the broker, and why not. */
export async function carrierComplianceOf(
  deps: CarriersDeps,
  caller: Identity,
  carrierMasterId: string,
  brokerParam: string,
) {
  const { view } = await viewFor(deps, caller, carrierMasterId, brokerParam);
  return complianceView(view, deps.adapters.clock.today());
}

/** Carrier details (000 §7), with whether the caller may edit the broker's relation. */
export async function carrierDetailsOf(
  deps: CarriersDeps,
  caller: Identity,
  carrierMasterId: string,
  brokerParam: string,
) {
  const { brokerId, view } = await viewFor(deps, caller, carrierMasterId, brokerParam);
  const canEdit = canEditCarriers(caller) && view.brokerCarrier !== null;
  return detailsView(view, brokerId, deps.adapters.clock.today(), canEdit);
}

/**
 * A change of one of the caller's broker carriers, in one transaction with the row locked; answers the
 * carrier's details after it.
 */
async function changeBrokerCarrier(
  deps: CarriersDeps,
  caller: Identity,
  brokerCarrierId: string,
  change: (trx: Db, bc: BrokerCarrierRef) => Promise<void>,
) {
  const carrierMasterId = await deps.runtime.db.transaction().execute(async (trx) => {
    const bc = await findBrokerCarrier(trx, brokerCarrierId, caller.brokerId, { forUpdate: true });
    if (!bc) throw brokerCarrierNotFound(brokerCarrierId);
    await change(trx, bc);
    return bc.carrierMasterId;
  });
  const view = await loadCarrierView(deps.runtime.db, carrierMasterId, caller.brokerId);
  return detailsView(view!, caller.brokerId, deps.adapters.clock.today(), true);
}

/** Marks a broker carrier as a favorite or not (001 §7); an inherited carrier refuses (001 §6). */
export async function setFavorite(
  deps: CarriersDeps,
  caller: Identity,
  input: { brokerCarrierId: string; favorite: boolean },
): Promise<{ brokerCarrierId: string; favorite: boolean }> {
  const { brokerCarrierId, favorite } = input;
  return deps.runtime.db.transaction().execute(async (trx) => {
    const bc = await findBrokerCarrier(trx, brokerCarrierId, caller.brokerId, { forUpdate: true });
    if (!bc) throw brokerCarrierNotFound(brokerCarrierId);
    if (bc.inherited) throw problemsError([problem('brokerCarrierId', messages.favorites.inheritedCarrier)]);
    if (bc.favorite !== favorite)
      await publishBrokerCarrier(
        deps.runtime,
        trx,
        brokerCarrierId,
        deps.adapters.clock.today(),
        { favorite },
        actorOf(caller),
      );
    return { brokerCarrierId, favorite };
  });
}

/** Sets the broker carrier status (002 §3.7); blocking raises the carrier-blocked alert through the event. */
export function setStatus(
  deps: CarriersDeps,
  caller: Identity,
  input: { brokerCarrierId: string; status: number },
) {
  return changeBrokerCarrier(deps, caller, input.brokerCarrierId, async (trx, bc) => {
    if (bc.status === input.status) return;
    const today = deps.adapters.clock.today();
    await publishBrokerCarrier(
      deps.runtime,
      trx,
      bc.brokerCarrierId,
      today,
      { status: input.status },
      actorOf(caller),
    );
  });
}

/** Replaces a broker carrier's preferred regions (checked as a whole first: nothing is written if refused). */
export function setPreferredRegions(
  deps: CarriersDeps,
  caller: Identity,
  input: { brokerCarrierId: string; regions: readonly PreferredRegion[] },
) {
  const checked = checkPreferredRegions(input.regions);
  if (!checked.ok) throw problemsError(problemsOf(checked.errors));
  return changeBrokerCarrier(deps, caller, input.brokerCarrierId, async (trx, bc) => {
    await replacePreferredRegions(trx, bc.brokerCarrierId, checked.regions);
    const today = deps.adapters.clock.today();
    await publishBrokerCarrier(deps.runtime, trx, bc.brokerCarrierId, today, {}, actorOf(caller));
  });
}

export interface InsuranceCertificate {
  brokerCarrierId: string;
  brokerCarrierInsuranceId?: string;
  insuranceType: string;
  insurerName?: string | null;
  policyNumber?: string | null;
  coverageAmount?: number | null;
  expirationDate: string;
}

/** Adds an insurance certificate, or changes one of the broker carrier's own (a renewal). */
export function saveInsuranceCertificate(deps: CarriersDeps, caller: Identity, input: InsuranceCertificate) {
  const { brokerCarrierId, brokerCarrierInsuranceId, expirationDate } = input;
  const certificate: InsuranceInput = {
    ...(brokerCarrierInsuranceId ? { brokerCarrierInsuranceId } : {}),
    insuranceType: input.insuranceType.trim(),
    insurerName: input.insurerName?.trim() || null,
    policyNumber: input.policyNumber?.trim() || null,
    coverageAmount: input.coverageAmount ?? null,
    expirationDate,
  };
  return changeBrokerCarrier(deps, caller, brokerCarrierId, async (trx, bc) => {
    const today = deps.adapters.clock.today();
    const saved = await saveInsurance(
      deps.runtime,
      trx,
      bc.brokerCarrierId,
      certificate,
      today,
      actorOf(caller),
    );
    if ('notFound' in saved)
      throw notFound(
        `Insurance ${brokerCarrierInsuranceId} of broker carrier ${brokerCarrierId} was not found.`,
      );
  });
}

/** The broker carrier's portal link (001 §7), or 404 'Carrier portal link does not exist!'. */
export async function portalLinkOf(
  deps: CarriersDeps,
  caller: Identity,
  brokerCarrierId: string,
): Promise<{ brokerCarrierId: string; portalLink: string }> {
  const bc = await findBrokerCarrier(deps.runtime.db, brokerCarrierId, caller.brokerId);
  if (!bc?.portalLink) throw notFound(messages.carrier.portalLinkMissing);
  return { brokerCarrierId: bc.brokerCarrierId, portalLink: bc.portalLink };
}
