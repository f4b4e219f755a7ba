// HTTP doors of the email-based activities (000 §3; 000 §2 item 9's reassignment and dismissal modals):
// parse → app → present.
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { dismissEmail, emailReplies, fileEmail, reassignEmail } from '../app/email.ts';
import type { ActivityDeps } from '../service.ts';
import { shipmentActivityOut } from './present.ts';
import { EmailReassign, errors, NewEmailActivity } from './schemas.ts';

const DetailParam = Type.Object({ emailAutomationDetailId: Type.String({ minLength: 1, maxLength: 64 }) });

export function emailRoutes(app: App, deps: ActivityDeps): void {
  app.get(
    '/api/emailautomationlog/replies/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['email activity'],
        summary:
          "The replies to the product's mail (email automation type Reply) filed on a shipment, newest first (001 §7; decision 0071)",
        params: Type.Object({ id: Type.Integer({ minimum: 1, description: 'the shipment number' }) }),
        response: { 200: Type.Array(Type.Ref('ShipmentActivity')), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return (await emailReplies(deps, caller, request.params.id)).map((e) => shipmentActivityOut(e, caller));
    },
  );

  app.post(
    '/api/emailautomationlog',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['email activity'],
        summary:
          'Files an email on a shipment as an Email entry (000 §3 email-based activity: body, type, name, date)',
        body: NewEmailActivity,
        response: { 201: Type.Ref('ShipmentActivity'), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const entry = await fileEmail(deps, caller, request.body);
      reply.status(201);
      return shipmentActivityOut(entry, caller);
    },
  );

  app.put(
    '/api/emailautomationlog/:emailAutomationDetailId/reassign',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['email activity'],
        summary:
          'Moves an email entry to another shipment of the broker (the email activity reassignment modal)',
        params: DetailParam,
        body: EmailReassign,
        response: { 200: Type.Ref('ShipmentActivity'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const entry = await reassignEmail(
        deps,
        caller,
        request.params.emailAutomationDetailId,
        request.body.shipmentId,
      );
      return shipmentActivityOut(entry, caller);
    },
  );

  app.put(
    '/api/emailautomationlog/:emailAutomationDetailId/dismiss',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['email activity'],
        summary:
          'Dismisses an email entry (the email activity dismissal modal): it leaves the log; the answer is the entry as dismissed',
        params: DetailParam,
        response: { 200: Type.Ref('ShipmentActivity'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return shipmentActivityOut(
        await dismissEmail(deps, caller, request.params.emailAutomationDetailId),
        caller,
      );
    },
  );
}
