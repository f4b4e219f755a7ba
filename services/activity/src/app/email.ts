// Email-based activities (000 §3; 000 §2 item 9's reassignment and dismissal modals). The email automation
// files an email it read on a shipment; staff move one filed on the wrong shipment, or dismiss one that needs
// nothing (it leaves the log).
import type { EmailReceivedV1 } from '@loadline/contracts/events';
import { fieldError, type Kysely, newId, unwrap } from '@loadline/platform';
import { type Caller, shipmentLevelProblem, visibleShipmentLevels } from '../domain/access.ts';
import { type NewEmailEntryInput, planEmailEntry, reassignProblem } from '../domain/email.ts';
import type { ShipmentEntry } from '../domain/shipment-entry.ts';
import type { ActivityDeps } from '../service.ts';
import {
  blankEntry,
  emailRepliesOf,
  findEmailEntry,
  insertEntry,
  publishEntry,
  updateEntry,
} from '../store/activities.ts';
import type { ActivityTables } from '../store/tables.ts';
import { visibleEmail, visibleShipment } from './visibility.ts';

export type NewEmail = Omit<NewEmailEntryInput, 'emailAutomationDetailId'> & {
  shipmentId: number;
  emailAutomationDetailId?: string | undefined;
};

export async function fileEmail(deps: ActivityDeps, caller: Caller, input: NewEmail): Promise<ShipmentEntry> {
  const { runtime } = deps;
  const detailId = input.emailAutomationDetailId ?? newId('eml');
  const plan = unwrap(planEmailEntry({ ...input, emailAutomationDetailId: detailId }));
  const level = shipmentLevelProblem(caller, plan.accessLevel);
  if (level) throw fieldError('accessLevel', level);
  const shipment = await visibleShipment(runtime.db, caller, input.shipmentId);
  return runtime.db.transaction().execute(async (trx) => {
    if (await findEmailEntry(trx, detailId))
      throw fieldError('emailAutomationDetailId', `Email ${detailId} is already filed.`);
    const entry = await insertEntry(trx, {
      ...blankEntry,
      shipment_id: shipment.shipment_id,
      broker_id: shipment.broker_id,
      activity_type: plan.activityType,
      access_level: plan.accessLevel,
      description: plan.description,
      user_id: caller.userId,
      user_name: plan.fromName,
      created_at: plan.date,
      email_automation_detail_id: detailId,
      email_type: plan.emailType,
      email_from_name: plan.fromName,
      email_date: plan.date,
    });
    await publishEntry(runtime, trx, entry, shipment.customer_organization_id, 'added');
    return entry;
  });
}

export async function reassignEmail(
  deps: ActivityDeps,
  caller: Caller,
  detailId: string,
  shipmentId: number,
): Promise<ShipmentEntry> {
  const { runtime } = deps;
  const target = await visibleShipment(runtime.db, caller, shipmentId);
  return runtime.db.transaction().execute(async (trx) => {
    const { entry } = await visibleEmail(trx, caller, detailId);
    // The target must be the email's broker's (the caller's scope already says so): checked before anything
    // changes, since the attachments service moves the email's files on the event this publishes.
    const problem = reassignProblem(entry, target);
    if (problem) throw fieldError('shipmentId', problem);
    const saved = await updateEntry(trx, entry.activity_id, {
      shipment_id: target.shipment_id,
      broker_id: target.broker_id,
    });
    await publishEntry(runtime, trx, saved, target.customer_organization_id, 'reassigned');
    return saved;
  });
}

export async function dismissEmail(
  deps: ActivityDeps,
  caller: Caller,
  detailId: string,
): Promise<ShipmentEntry> {
  const { runtime } = deps;
  return runtime.db.transaction().execute(async (trx) => {
    const { entry, shipment } = await visibleEmail(trx, caller, detailId);
    if (entry.email_dismissed_at) return entry;
    const saved = await updateEntry(trx, entry.activity_id, {
      email_dismissed_at: new Date(),
      email_dismissed_by: caller.displayName,
    });
    await publishEntry(runtime, trx, saved, shipment.customer_organization_id, 'dismissed');
    return saved;
  });
}

/**
 * An email the attachments service read from a staff mailbox (tms.attachments.email.received.v1, decision
 * 0071), filed on its shipment once: the entry's emailAutomationDetailId is the message's, and unique.
 */
export async function emailReceived(
  deps: ActivityDeps,
  trx: Kysely<ActivityTables>,
  email: EmailReceivedV1,
): Promise<void> {
  // A carrier's reply naming a place is a check call: the tracking service records it (decision 0072).
  if (email.checkCall) return;
  if (await findEmailEntry(trx, email.emailAutomationDetailId)) return;
  const plan = unwrap(
    planEmailEntry({
      emailAutomationDetailId: email.emailAutomationDetailId,
      type: email.type,
      name: email.name,
      body: email.body,
      date: email.date,
    }),
  );
  const entry = await insertEntry(trx, {
    ...blankEntry,
    shipment_id: email.shipmentId,
    broker_id: email.brokerId,
    activity_type: plan.activityType,
    access_level: plan.accessLevel,
    description: plan.description,
    user_id: null,
    user_name: plan.fromName,
    created_at: plan.date,
    email_automation_detail_id: email.emailAutomationDetailId,
    email_type: plan.emailType,
    email_from_name: plan.fromName,
    email_date: plan.date,
  });
  await publishEntry(deps.runtime, trx, entry, email.customerOrganizationId, 'added');
}

/** The replies to the product's mail filed on a shipment the caller sees, newest first (001 §7). */
export async function emailReplies(
  deps: ActivityDeps,
  caller: Caller,
  shipmentId: number,
): Promise<ShipmentEntry[]> {
  const shipment = await visibleShipment(deps.runtime.db, caller, shipmentId);
  return emailRepliesOf(deps.runtime.db, shipment.shipment_id, visibleShipmentLevels(caller));
}
