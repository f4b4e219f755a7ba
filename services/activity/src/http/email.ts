// Email-based activities (000 §3; 000 §2 item 9's reassignment and dismissal modals). The email automation
// files an email it read on a shipment; staff move one filed on the wrong shipment, or dismiss one that needs
// nothing (it leaves the log).
import {
  type App,
  callerOf,
  fieldError,
  newId,
  notFound,
  problemsError,
  requireStaff,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import { canSeeShipment, shipmentLevelProblem, visibleShipmentLevels } from '../domain/access.ts';
import { planEmailEntry, reassignProblem } from '../domain/email.ts';
import { blankEntry, findShipment, insertEntry, publishEntry, updateEntry } from '../store/activities.ts';
import type { ActivityTables } from '../store/tables.ts';
import { shipmentActivityOut } from './present.ts';
import { EmailReassign, errors, NewEmailActivity } from './schemas.ts';
import { visibleShipment } from './shipment-log.ts';

const DetailParam = Type.Object({ emailAutomationDetailId: Type.String({ minLength: 1, maxLength: 64 }) });

export async function registerEmailRoutes(app: App, runtime: ServiceRuntime<ActivityTables>): Promise<void> {
  const db = runtime.db;

  /** The email entry if the caller may see it; 404 otherwise. */
  const visibleEmail = async (trx: typeof db, caller: ReturnType<typeof callerOf>, detailId: string) => {
    const entry = await trx
      .selectFrom('shipment_activity')
      .selectAll()
      .where('email_automation_detail_id', '=', detailId)
      .forUpdate()
      .executeTakeFirst();
    const shipment = entry && (await findShipment(trx, entry.shipment_id));
    if (
      !entry ||
      !canSeeShipment(caller, shipment) ||
      !visibleShipmentLevels(caller).includes(entry.access_level as never)
    )
      throw notFound(`Email ${detailId} was not found.`);
    return { entry, shipment: shipment! };
  };

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
      const body = request.body;
      const detailId = body.emailAutomationDetailId ?? newId('eml');
      const plan = planEmailEntry({ ...body, emailAutomationDetailId: detailId });
      if (!plan.ok) throw problemsError(plan.problems);
      const level = shipmentLevelProblem(caller, plan.value.accessLevel);
      if (level) throw fieldError('accessLevel', level);
      const shipment = await visibleShipment(db, caller, body.shipmentId);
      const entry = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('shipment_activity')
          .select('activity_id')
          .where('email_automation_detail_id', '=', detailId)
          .executeTakeFirst();
        if (taken) throw fieldError('emailAutomationDetailId', `Email ${detailId} is already filed.`);
        const entry = await insertEntry(trx, {
          ...blankEntry,
          shipment_id: shipment.shipment_id,
          broker_id: shipment.broker_id,
          activity_type: plan.value.activityType,
          access_level: plan.value.accessLevel,
          description: plan.value.description,
          user_id: caller.userId,
          user_name: plan.value.fromName,
          created_at: plan.value.date,
          email_automation_detail_id: detailId,
          email_type: plan.value.emailType,
          email_from_name: plan.value.fromName,
          email_date: plan.value.date,
        });
        await publishEntry(runtime, trx, entry, shipment.customer_organization_id, 'added');
        return entry;
      });
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
      const target = await visibleShipment(db, caller, request.body.shipmentId);
      const entry = await db.transaction().execute(async (trx) => {
        const { entry } = await visibleEmail(trx, caller, request.params.emailAutomationDetailId);
        const problem = reassignProblem(entry, target.shipment_id);
        if (problem) throw fieldError('shipmentId', problem);
        const saved = await updateEntry(trx, entry.activity_id, {
          shipment_id: target.shipment_id,
          broker_id: target.broker_id,
        });
        await publishEntry(runtime, trx, saved, target.customer_organization_id, 'reassigned');
        return saved;
      });
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
      const entry = await db.transaction().execute(async (trx) => {
        const { entry, shipment } = await visibleEmail(trx, caller, request.params.emailAutomationDetailId);
        if (entry.email_dismissed_at) return entry;
        const saved = await updateEntry(trx, entry.activity_id, {
          email_dismissed_at: new Date(),
          email_dismissed_by: caller.displayName,
        });
        await publishEntry(runtime, trx, saved, shipment.customer_organization_id, 'dismissed');
        return saved;
      });
      return shipmentActivityOut(entry, caller);
    },
  );
}
