// Email-based activities (000 §3: body, type, name, date, emailAutomationDetailId; 000 §2 item 9: the
// reassignment and dismissal modals). The email automation files an email it read on a shipment as an Email
// entry; staff move one filed on the wrong shipment (reassign) or set aside one that needs nothing
// (dismiss). Pure.
import {
  type AccessLevelValue,
  DEFAULT_NOTE_ACCESS_LEVEL,
  EmailAutomationType,
  ShipmentActivityType,
} from '@loadline/contracts/catalogue';
import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '@loadline/contracts/rules/activity';
import type { FieldProblem, Result } from '@loadline/platform/problems';

export interface NewEmailEntryInput {
  emailAutomationDetailId: string;
  type: string;
  name: string;
  body: string;
  date: string;
  accessLevel?: number | undefined;
}

export interface PlannedEmailEntry {
  activityType: number;
  accessLevel: AccessLevelValue;
  description: string;
  emailType: string;
  fromName: string;
  date: Date;
}

export function planEmailEntry(input: NewEmailEntryInput): Result<PlannedEmailEntry> {
  const problems: FieldProblem[] = [];
  if (!EmailAutomationType.has(input.type)) {
    problems.push({ field: 'type', message: `type must be one of ${EmailAutomationType.codes.join(', ')}.` });
  }
  const body = input.body.trim();
  if (body === '') problems.push({ field: 'body', message: 'body is required.' });
  else if (body.length > ACTIVITY_DESCRIPTION_MAX_LENGTH)
    problems.push({
      field: 'body',
      message: `body must be at most ${ACTIVITY_DESCRIPTION_MAX_LENGTH} characters.`,
    });
  const name = input.name.trim();
  if (name === '') problems.push({ field: 'name', message: 'name is required.' });
  const date = new Date(input.date);
  if (Number.isNaN(date.getTime())) problems.push({ field: 'date', message: 'date must be a date-time.' });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      activityType: ShipmentActivityType.values.Email,
      // An email is the broker's correspondence: Private until someone shares it (000 §5's default).
      accessLevel: (input.accessLevel ?? DEFAULT_NOTE_ACCESS_LEVEL) as AccessLevelValue,
      description: body,
      emailType: input.type,
      fromName: name,
      date,
    },
  };
}

/**
 * Why an email entry cannot move to the target shipment, or undefined when it can. An email moves only within
 * its broker: its files and its record in the attachments service follow it there (decision 0039).
 */
export function reassignProblem(
  entry: { shipment_id: number; broker_id: string; email_dismissed_at: Date | null },
  target: { shipment_id: number; broker_id: string },
): string | undefined {
  if (entry.email_dismissed_at) return 'A dismissed email cannot be reassigned.';
  if (entry.broker_id !== target.broker_id) return `Shipment ${target.shipment_id} was not found.`;
  if (entry.shipment_id === target.shipment_id)
    return `The email is already on shipment ${target.shipment_id}.`;
  return undefined;
}
