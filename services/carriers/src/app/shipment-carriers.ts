// Use cases of a shipment's carrier: its compliance for the carrier confirmation sheet (001 §7
// carrierCompliance, 001 §5), the leg audits (000 §4 leg audit visibility, 002 §3.9 audit enumerations)
// and recording one. The shipment and its legs come from the read model of the shipments service's
// events; another broker's shipment is 404 like one that does not exist.
import { messages } from '@loadline/contracts/catalogue';
import { type Identity, notFound, problem, problemsError } from '@loadline/platform';
import {
  type AuditAnswerValue,
  type AuditCategoryCode,
  auditQuestions,
  auditScore,
  carrierScore,
  round2,
  scoreAudit,
} from '../domain/audits.ts';
import { actorOf } from '../domain/carriers.ts';
import { auditRefusal, auditShown } from '../domain/leg-audits.ts';
import { activeLegOf, type ShipmentRef } from '../domain/legs.ts';
import { complianceView } from '../domain/views.ts';
import type { CarriersDeps } from '../service.ts';
import { recordAudit, shipmentAudits } from '../store/audits.ts';
import { loadCarrierView, loadTally } from '../store/carriers.ts';
import { loadShipmentRef } from '../store/shipments.ts';
import { problemsOf } from './problems.ts';

/** Ours: the shipment has no carrier, so there is no one to confirm the load with. */
export const noCarrierReason = { code: 'NoCarrier', message: 'The shipment has no carrier.' } as const;

/** A shipment of the caller's broker, or 404. */
async function brokerShipment(
  deps: CarriersDeps,
  caller: Identity,
  shipmentId: number,
): Promise<ShipmentRef> {
  const shipment = await loadShipmentRef(deps.runtime.db, shipmentId, {
    brokerId: caller.brokerId,
    customerOrganizationId: null,
  });
  if (!shipment) throw notFound(`Shipment ${shipmentId} was not found.`);
  return shipment;
}

/** The compliance of the shipment's carrier (its active leg's): no sheet for a carrier out of compliance. */
export async function shipmentCarrierCompliance(deps: CarriersDeps, caller: Identity, shipmentId: number) {
  const shipment = await brokerShipment(deps, caller, shipmentId);
  const leg = activeLegOf(shipment.legs);
  const view = leg?.carrierMasterId
    ? await loadCarrierView(deps.runtime.db, leg.carrierMasterId, caller.brokerId)
    : undefined;
  const refused = messages.carrier.confirmationSheetOutOfCompliance;
  if (!leg?.carrierMasterId || !view) {
    return {
      shipmentId,
      carrierMasterId: leg?.carrierMasterId ?? null,
      carrierMasterName: leg?.carrierMasterName ?? null,
      inCompliance: false,
      carrierConfirmationAvailable: false,
      message: refused,
      reasons: [noCarrierReason],
    };
  }
  const compliance = complianceView(view, deps.adapters.clock.today());
  return {
    shipmentId,
    carrierMasterId: view.master.carrierMasterId,
    carrierMasterName: view.master.name,
    inCompliance: compliance.inCompliance,
    carrierConfirmationAvailable: compliance.inCompliance,
    message: compliance.inCompliance ? null : refused,
    reasons: compliance.reasons,
  };
}

/** The pickup and delivery audit questions (002 §3.9). */
export const auditQuestionList = () =>
  auditQuestions.map((q) => ({ ...q, ...(q.options ? { options: [...q.options] } : {}) }));

/** A shipment's carrier legs with which audits are shown (000 §4) and the audits recorded. */
export async function shipmentAuditsOf(deps: CarriersDeps, caller: Identity, shipmentId: number) {
  const shipment = await brokerShipment(deps, caller, shipmentId);
  const audits = await shipmentAudits(deps.runtime.db, caller.brokerId, shipmentId);
  const auditOf = (transitLegId: string, category: AuditCategoryCode) => {
    const a = audits.find((x) => x.transitLegId === transitLegId && x.category === category);
    return a
      ? {
          auditId: a.auditId,
          category: a.category,
          answers: a.answers as Record<string, boolean | number | string>,
          score: round2(auditScore(a.points, a.maxPoints)),
          recordedBy: a.recordedBy,
          recordedDate: a.recordedDate,
        }
      : null;
  };
  return {
    shipmentId,
    legs: shipment.legs
      .filter((l) => l.carrierMasterId !== null)
      .map((l) => ({
        transitLegId: l.transitLegId,
        status: l.status,
        serviceLevel: l.serviceLevel,
        transitType: l.transitType,
        carrierMasterName: l.carrierMasterName,
        carrierMasterId: l.carrierMasterId,
        weightUnit: shipment.weightUnit,
        pickupAuditShown: auditShown(l, 'Pickup'),
        deliveryAuditShown: auditShown(l, 'Delivery'),
        pickupAudit: auditOf(l.transitLegId, 'Pickup'),
        deliveryAudit: auditOf(l.transitLegId, 'Delivery'),
      })),
  };
}

export interface AuditInput {
  shipmentId: number;
  transitLegId: string;
  category: AuditCategoryCode;
  answers: Record<string, AuditAnswerValue>;
}

/**
 * Records a pickup or delivery audit of a leg's carrier, replacing the leg's earlier one; refused (400)
 * where 000 §4 shows no audit. Answers the audit's score and the carrier's new score.
 */
export async function recordLegAudit(deps: CarriersDeps, caller: Identity, input: AuditInput) {
  const { shipmentId, transitLegId, category, answers } = input;
  const shipment = await brokerShipment(deps, caller, shipmentId);
  const leg = shipment.legs.find((l) => l.transitLegId === transitLegId);
  if (!leg)
    throw problemsError([
      problem('transitLegId', `Leg ${transitLegId} is not a leg of shipment ${shipmentId}.`),
    ]);
  const refusal = auditRefusal(leg, category);
  if (refusal) throw problemsError([problem('category', refusal)]);
  const scored = scoreAudit(category, answers);
  if (!scored.ok) throw problemsError(problemsOf(scored.errors));
  const carrierMasterId = leg.carrierMasterId!;
  const auditId = await deps.runtime.db.transaction().execute((trx) =>
    recordAudit(deps.runtime, trx, {
      brokerId: caller.brokerId,
      carrierMasterId,
      shipmentId,
      transitLegId,
      category,
      scored: scored.audit,
      recordedBy: actorOf(caller),
    }),
  );
  const tally = await loadTally(deps.runtime.db, caller.brokerId, carrierMasterId);
  return {
    auditId,
    score: round2(scored.audit.score),
    carrierScore: { carrierMasterId, ...carrierScore(tally) },
  };
}
