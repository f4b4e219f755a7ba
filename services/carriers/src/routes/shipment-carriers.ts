// The carrier of a shipment: its compliance for the carrier confirmation sheet (001 §7
// carrierCompliance, 001 §5), the leg audits (000 §4 leg audit visibility, 002 §3.9 audit
// enumerations) and recording one. The shipment and its legs come from the read model of the
// shipments service's events.
import { messages } from '@loadline/contracts/catalogue';
import { type App, badRequest, callerOf, notFound, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import {
  type AuditCategoryCode,
  auditQuestions,
  auditScore,
  carrierScore,
  round2,
  scoreAudit,
} from '../domain/audits.ts';
import { auditRefusal, auditShown } from '../domain/leg-audits.ts';
import { activeLegOf } from '../domain/legs.ts';
import { recordAudit, shipmentAudits } from '../store/audits.ts';
import { loadCarrierView, loadTally } from '../store/carriers.ts';
import { loadShipmentRef } from '../store/shipments.ts';
import { actorOf } from './broker-carrier.ts';
import type { RouteContext } from './index.ts';
import { AuditIn, AuditRecordedOut, errors, ShipmentIdParam } from './schemas.ts';
import { complianceView } from './views.ts';

const shipmentNotFound = (id: number) => notFound(`Shipment ${id} was not found.`);

/** Ours: the shipment has no carrier, so there is no one to confirm the load with. */
export const noCarrierReason = { code: 'NoCarrier', message: 'The shipment has no carrier.' } as const;

export async function registerShipmentCarrierRoutes(
  app: App,
  { runtime, today }: RouteContext,
): Promise<void> {
  const db = runtime.db;

  app.get(
    '/api/carrierCompliance/:shipmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary:
          "The compliance of the shipment's carrier (its active leg's): the carrier confirmation sheet is not available for a carrier out of compliance (001 §5)",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Ref('ShipmentCarrierCompliance'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { shipmentId } = request.params;
      const shipment = await loadShipmentRef(db, shipmentId, {
        brokerId: caller.brokerId,
        customerOrganizationId: null,
      });
      if (!shipment) throw shipmentNotFound(shipmentId);
      const leg = activeLegOf(shipment.legs);
      const view = leg?.carrierMasterId
        ? await loadCarrierView(db, leg.carrierMasterId, caller.brokerId)
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
      const compliance = complianceView(view, today());
      return {
        shipmentId,
        carrierMasterId: view.master.carrierMasterId,
        carrierMasterName: view.master.name,
        inCompliance: compliance.inCompliance,
        carrierConfirmationAvailable: compliance.inCompliance,
        message: compliance.inCompliance ? null : refused,
        reasons: compliance.reasons,
      };
    },
  );

  app.get(
    '/api/brokerCarrier/auditQuestions',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['audits'],
        summary: 'The pickup and delivery audit questions (002 §3.9 audit category and question type)',
        response: { 200: Type.Array(Type.Ref('AuditQuestion')), ...errors },
      },
    },
    async () => auditQuestions.map((q) => ({ ...q, ...(q.options ? { options: [...q.options] } : {}) })),
  );

  app.get(
    '/api/brokerCarrier/audits/:shipmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['audits'],
        summary:
          "A shipment's carrier legs (000 §3 carrier leg) with which audits are shown (000 §4 leg audit visibility) and the audits recorded",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Ref('ShipmentAudits'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { shipmentId } = request.params;
      const shipment = await loadShipmentRef(db, shipmentId, {
        brokerId: caller.brokerId,
        customerOrganizationId: null,
      });
      if (!shipment) throw shipmentNotFound(shipmentId);
      const audits = await shipmentAudits(db, caller.brokerId, shipmentId);
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
    },
  );

  app.post(
    '/api/brokerCarrier/audit',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['audits'],
        summary:
          "Records a pickup or delivery audit of a leg's carrier (replacing the leg's earlier one); the carrier score moves at once",
        body: AuditIn,
        response: { 200: AuditRecordedOut, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { shipmentId, transitLegId, category, answers } = request.body;
      const shipment = await loadShipmentRef(db, shipmentId, {
        brokerId: caller.brokerId,
        customerOrganizationId: null,
      });
      if (!shipment) throw shipmentNotFound(shipmentId);
      const leg = shipment.legs.find((l) => l.transitLegId === transitLegId);
      if (!leg)
        throw badRequest(`Leg ${transitLegId} is not a leg of shipment ${shipmentId}.`, {
          'model.transitLegId': [`Leg ${transitLegId} is not a leg of shipment ${shipmentId}.`],
        });
      const refusal = auditRefusal(leg, category);
      if (refusal) throw badRequest(refusal, { 'model.category': [refusal] });
      const scored = scoreAudit(category, answers);
      if (!scored.ok) {
        const entries = Object.entries(scored.errors);
        throw badRequest(
          entries.map(([, m]) => m).join(' '),
          Object.fromEntries(entries.map(([k, m]) => [`model.${k}`, [m]])),
        );
      }
      const carrierMasterId = leg.carrierMasterId!;
      const auditId = await runtime.db.transaction().execute((trx) =>
        recordAudit(runtime, trx, {
          brokerId: caller.brokerId,
          carrierMasterId,
          shipmentId,
          transitLegId,
          category,
          scored: scored.audit,
          recordedBy: actorOf(request),
        }),
      );
      const tally = await loadTally(db, caller.brokerId, carrierMasterId);
      return {
        auditId,
        score: round2(scored.audit.score),
        carrierScore: { carrierMasterId, ...carrierScore(tally) },
      };
    },
  );
}
