// HTTP doors of a shipment's carrier: its compliance for the carrier confirmation sheet (001 §7
// carrierCompliance, 001 §5), the audit questions, the leg audits (000 §4) and recording one.
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import {
  auditQuestionList,
  recordLegAudit,
  shipmentAuditsOf,
  shipmentCarrierCompliance,
} from '../app/shipment-carriers.ts';
import type { CarriersDeps } from '../service.ts';
import { AuditIn, AuditRecordedOut, errors, ShipmentIdParam } from './schemas.ts';

export function shipmentCarrierRoutes(app: App, deps: CarriersDeps): void {
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
    (request) => shipmentCarrierCompliance(deps, callerOf(request), request.params.shipmentId),
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
    async () => auditQuestionList(),
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
    (request) => shipmentAuditsOf(deps, callerOf(request), request.params.shipmentId),
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
    (request) => recordLegAudit(deps, callerOf(request), request.body),
  );
}
