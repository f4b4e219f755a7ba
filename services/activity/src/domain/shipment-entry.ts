// A new shipment activity entry, as POST /api/activitylog takes it (000 §3 Shipment activity, §4, §5, §9).
// Pure: the route stores what this plans.
import {
  ACTIVITY_DELAY_OPTIONS_MINUTES,
  AccessLevel,
  type AccessLevelValue,
  DEFAULT_NOTE_ACCESS_LEVEL,
  DEFAULT_SHIPMENT_ACTIVITY_TYPE,
  isActivityDelay,
  ShipmentActivityType,
  ShipmentActivityTypesWithPresetNotes,
  shipmentPresetTable,
  withPresetNote,
} from '@loadline/contracts/catalogue';
import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '@loadline/contracts/rules/activity';
import type { FieldProblem, Result } from '@loadline/platform/problems';
import { type Caller, shipmentLevelProblem } from './access.ts';

const T = ShipmentActivityType.values;

/**
 * Types staff add by hand. Status Change entries are written by status updates (their events) and Email
 * entries by the email automation, so neither is added through the log's form (ours).
 */
export const manualActivityTypes: readonly number[] = Object.freeze(
  ShipmentActivityType.valueList.filter((v) => v !== T.All && v !== T.StatusChange && v !== T.Email),
);

/**
 * A shipment activity entry as the log keeps it (000 §3 Shipment activity), in the log's stored names: the
 * store answers this for the log and its archive (whose entries carry when they were archived).
 */
export interface ShipmentEntry {
  activity_id: number;
  shipment_id: number;
  broker_id: string;
  activity_type: number;
  access_level: number;
  description: string;
  preset_payable_note: number | null;
  preset_audit_note: number | null;
  pinned: boolean;
  is_assignment: boolean;
  assignment_delay_minutes: number | null;
  assign_to_staff_id: string | null;
  assign_to_name: string | null;
  assign_to_team: boolean;
  /** when the assignment is (or becomes) assigned: created + delay */
  assignment_due_at: Date | null;
  /** set when the assignment became assigned: at once for delay 0, by the assignment-due job otherwise */
  assigned_at: Date | null;
  user_id: string | null;
  user_name: string;
  created_at: Date;
  /** the event this entry was made from (status.changed, note.added): one entry per event */
  source_event_id: string | null;
  /** set on a copy pushed from a consolidation parent's entry (000 §4): pushing twice adds nothing */
  pushed_from_activity_id: number | null;
  pushed_from_shipment_id: number | null;
  /** a demo entry's fixed key (store/demo.ts): seeding twice adds nothing */
  demo_key: string | null;
  /** email-based activity (000 §3): the email automation's detail id, its type, sender name and date */
  email_automation_detail_id: string | null;
  email_type: string | null;
  email_from_name: string | null;
  email_date: Date | null;
  email_dismissed_at: Date | null;
  email_dismissed_by: string | null;
  version: number;
  /** an archived entry's: when the nightly job moved it to the archive */
  archived_at?: Date | null;
}

export interface NewShipmentEntryInput {
  activityType?: number | undefined;
  accessLevel?: number | undefined;
  description?: string | undefined;
  presetPayableNote?: number | null | undefined;
  presetAuditNote?: number | null | undefined;
  pinned?: boolean | undefined;
  isAssignment?: boolean | undefined;
  assignmentDelayMinutes?: number | null | undefined;
  assignToStaffId?: string | null | undefined;
  /** assign to the broker's team rather than one staff member (001 §3 isTeam) */
  isTeam?: boolean | undefined;
}

export interface PlannedAssignment {
  staffId: string | null;
  isTeam: boolean;
  delayMinutes: number;
  dueAt: Date;
  /** delay 0: assigned at once (000 §4); otherwise scheduled and assigned when due */
  assignedNow: boolean;
}

export interface PlannedShipmentEntry {
  activityType: number;
  accessLevel: AccessLevelValue;
  description: string;
  presetPayableNote: number | null;
  presetAuditNote: number | null;
  pinned: boolean;
  assignment: PlannedAssignment | null;
}

const typeNames = (values: readonly number[]) =>
  values.map((v) => `${ShipmentActivityType.nameOf(v)} ${v}`).join(', ');

export function planShipmentEntry(
  input: NewShipmentEntryInput,
  caller: Caller,
  now: Date,
): Result<PlannedShipmentEntry> {
  const problems: FieldProblem[] = [];
  const activityType = input.activityType ?? DEFAULT_SHIPMENT_ACTIVITY_TYPE;
  if (!manualActivityTypes.includes(activityType)) {
    problems.push({
      field: 'activityType',
      message: `activityType must be one of ${typeNames(manualActivityTypes)}.`,
    });
  }

  const accessLevel = (input.accessLevel ?? DEFAULT_NOTE_ACCESS_LEVEL) as AccessLevelValue;
  if (!AccessLevel.has(accessLevel)) {
    problems.push({ field: 'accessLevel', message: 'accessLevel must be Public 0, Private 1 or Admin 2.' });
  } else {
    const levelProblem = shipmentLevelProblem(caller, accessLevel);
    if (levelProblem) problems.push({ field: 'accessLevel', message: levelProblem });
  }

  // 000 §5: the preset of a Payable or Audit entry goes at the start of the description followed by
  // '. '; other types carry no preset (cleared).
  const table = shipmentPresetTable(activityType);
  const preset =
    activityType === T.Payable
      ? (input.presetPayableNote ?? null)
      : activityType === T.Audit
        ? (input.presetAuditNote ?? null)
        : null;
  if (preset !== null && table && !table.has(preset)) {
    const field = activityType === T.Payable ? 'presetPayableNote' : 'presetAuditNote';
    problems.push({
      field,
      message: `${field} must be one of ${table.entries.map((e) => `${e.value} (${e.name})`).join(', ')}.`,
    });
  }
  const presetName = preset !== null && table ? (table.nameOf(preset) ?? null) : null;
  const typed = (input.description ?? '').trim();
  const description = (
    ShipmentActivityTypesWithPresetNotes.includes(activityType as never)
      ? withPresetNote(typed, presetName)
      : typed
  ).trim();
  if (description === '') {
    problems.push({ field: 'description', message: 'description is required.' });
  } else if (description.length > ACTIVITY_DESCRIPTION_MAX_LENGTH) {
    problems.push({
      field: 'description',
      message: `description must be at most ${ACTIVITY_DESCRIPTION_MAX_LENGTH} characters.`,
    });
  }

  let assignment: PlannedAssignment | null = null;
  if (input.isAssignment) {
    const delayMinutes = input.assignmentDelayMinutes ?? 0;
    if (!isActivityDelay(delayMinutes)) {
      problems.push({
        field: 'assignmentDelayMinutes',
        message: `assignmentDelayMinutes must be 0 or one of ${ACTIVITY_DELAY_OPTIONS_MINUTES.join(', ')}.`,
      });
    }
    const isTeam = input.isTeam === true;
    const staffId = isTeam ? null : (input.assignToStaffId?.trim() ?? '');
    if (!isTeam && !staffId) {
      problems.push({ field: 'assignToStaffId', message: 'Choose the staff member to assign.' });
    }
    assignment = {
      staffId: staffId || null,
      isTeam,
      delayMinutes,
      dueAt: new Date(now.getTime() + delayMinutes * 60_000),
      assignedNow: delayMinutes === 0,
    };
  }

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      activityType,
      accessLevel,
      description,
      presetPayableNote: activityType === T.Payable ? preset : null,
      presetAuditNote: activityType === T.Audit ? preset : null,
      pinned: input.pinned === true,
      assignment,
    },
  };
}
