// HTTP doors of the accounting summary (001 §7 accountingSummary calls): parse → app → present.
import { type App, callerOf, ErrorBodySchema, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import {
  addChargeLine,
  addCommission,
  addGroup,
  changeChargeLineUseCase,
  changeCommission,
  changeGroup,
  deleteChargeLine,
  deleteCommission,
  getSummary,
  marginHistory,
} from '../app/summary.ts';
import type { AccountingDeps } from '../service.ts';
import {
  AccountingSummary,
  ChargeLineCreate,
  ChargeLineUpdate,
  CommissionCreate,
  CommissionUpdate,
  GroupCreate,
  GroupUpdate,
  MarginHistory,
  ShipmentIdParam,
} from './schemas.ts';

export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const tags = ['accounting summary'];
const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export function summaryRoutes(app: App, deps: AccountingDeps): void {
  app.get(
    '/api/accountingSummary/:shipmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          "A shipment's charge lines grouped per payer with totals and margin, margin history, invoice and bill details, commissions and accounting concerns (001 §3)",
        params: ShipmentIdParam,
        response: { 200: AccountingSummary, ...errors },
      },
    },
    (request) => getSummary(deps, callerOf(request), request.params.shipmentId),
  );

  app.get(
    '/api/accountingSummary/:shipmentId/marginHistory',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Every change of a buy or sell on the shipment, with who and when, newest first',
        params: ShipmentIdParam,
        response: { 200: MarginHistory, ...errors },
      },
    },
    (request) => marginHistory(deps, callerOf(request), request.params.shipmentId),
  );

  app.post(
    '/api/accountingSummary/transitChargeline',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          "Adds a charge line to a payer's group (the shipment's customer unless groupId or payerOrganizationId says otherwise)",
        body: ChargeLineCreate,
        response: { 201: Type.Ref('ChargeLine'), ...errors },
      },
    },
    async (request, reply) => {
      const line = await addChargeLine(deps, callerOf(request), request.body);
      reply.status(201);
      return line;
    },
  );

  app.put(
    '/api/accountingSummary/transitChargeline',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'Saves a charge line from the inline editor (001 §7: the whole model; answers the saved line). An invoiced sell or a billed buy does not change (409); a line changed since `version` answers 409',
        body: ChargeLineUpdate,
        response: { 200: Type.Ref('ChargeLine'), ...errors },
      },
    },
    (request) => changeChargeLineUseCase(deps, callerOf(request), request.body),
  );

  app.delete(
    '/api/accountingSummary/transitChargeline/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Deletes a charge line that is on no invoice and no bill',
        params: IdParam,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteChargeLine(deps, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/accountingSummary/insertChargeLineGroupOrganization',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Adds a payer (a charge line group) to the shipment',
        body: GroupCreate,
        response: { 201: Type.Ref('ChargeLineGroup'), ...errors },
      },
    },
    async (request, reply) => {
      const group = await addGroup(deps, callerOf(request), request.body);
      reply.status(201);
      return group;
    },
  );

  app.put(
    '/api/accountingSummary/updateChargeLineGroupOrganization',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: "Changes a charge line group's payer (refused once its charges are invoiced)",
        body: GroupUpdate,
        response: { 200: Type.Ref('ChargeLineGroup'), ...errors },
      },
    },
    (request) => changeGroup(deps, callerOf(request), request.body),
  );

  app.post(
    '/api/accountingSummary/commission',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Adds a commission (Commissions Admin); its amount follows from the shipment’s buy and sell',
        body: CommissionCreate,
        response: { 201: Type.Ref('Commission'), ...errors },
      },
    },
    async (request, reply) => {
      const commission = await addCommission(deps, callerOf(request), request.body);
      reply.status(201);
      return commission;
    },
  );

  app.put(
    '/api/accountingSummary/commission',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'Saves a commission as read with new terms (Commissions Admin; not while approved) or a new status (Commissions Approve; Approve, Decline, Reopen as its locks allow, never one’s own): decision 0057',
        body: CommissionUpdate,
        response: { 200: Type.Ref('Commission'), ...errors },
      },
    },
    (request) => changeCommission(deps, callerOf(request), request.body),
  );

  app.delete(
    '/api/accountingSummary/commission/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Deletes a commission not yet approved (Commissions Admin)',
        params: IdParam,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCommission(deps, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
