// New organization and carrier log entries (000 §3 Organization activity and Carrier activity, §5, §6).
// Pure: the routes store what these plan.
import {
  AccessLevel,
  type AccessLevelValue,
  BrokerCarrierActivityType,
  DEFAULT_NOTE_ACCESS_LEVEL,
  DEFAULT_ORGANIZATION_ACTIVITY_TYPE,
  defaultOrganizationAccessLevel,
  OrganizationActivityType,
  OrganizationLogActivityType,
  organizationPresetTable,
  withPresetNote,
} from '@loadline/contracts/catalogue';
import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '@loadline/contracts/rules/activity';
import type { FieldProblem, Result } from '@loadline/platform/problems';
import { type Caller, organizationLevelProblem, shipmentLevelProblem } from './access.ts';

const O = OrganizationActivityType.values;

/** An organization activity entry as the log keeps it (000 §3 Organization activity). */
export interface OrganizationEntry {
  activityId: number;
  organizationId: string;
  brokerId: string;
  activityType: number;
  presetCollectionNote: number | null;
  presetOnboardingNote: number | null;
  description: string;
  accessLevel: number;
  userName: string;
  createdAt: Date;
  lastUpdated: Date;
}

/** A carrier activity entry as the log keeps it (000 §3 Carrier activity). */
export interface CarrierEntry {
  activityId: number;
  carrierMasterId: string;
  brokerId: string;
  activityType: string;
  description: string;
  accessLevel: number;
  userName: string;
  createdAt: Date;
}

export interface NewOrganizationEntryInput {
  activityType?: number | undefined;
  presetCollectionNote?: number | null | undefined;
  presetOnboardingNote?: number | null | undefined;
  activityDescription?: string | undefined;
  accessLevel?: number | undefined;
}

export interface PlannedOrganizationEntry {
  activityType: number;
  presetCollectionNote: number | null;
  presetOnboardingNote: number | null;
  description: string;
  accessLevel: AccessLevelValue;
}

function checkDescription(description: string, problems: FieldProblem[]): void {
  if (description === '')
    problems.push({ field: 'activityDescription', message: 'activityDescription is required.' });
  else if (description.length > ACTIVITY_DESCRIPTION_MAX_LENGTH)
    problems.push({
      field: 'activityDescription',
      message: `activityDescription must be at most ${ACTIVITY_DESCRIPTION_MAX_LENGTH} characters.`,
    });
}

function checkLevel(
  level: number,
  problems: FieldProblem[],
  problemOf: (level: number) => string | undefined,
) {
  if (!AccessLevel.has(level)) {
    problems.push({ field: 'accessLevel', message: 'accessLevel must be Public 0, Private 1 or Admin 2.' });
    return;
  }
  const problem = problemOf(level);
  if (problem) problems.push({ field: 'accessLevel', message: problem });
}

export function planOrganizationEntry(
  input: NewOrganizationEntryInput,
  caller: Caller,
): Result<PlannedOrganizationEntry> {
  const problems: FieldProblem[] = [];
  const activityType = input.activityType ?? DEFAULT_ORGANIZATION_ACTIVITY_TYPE;
  if (!OrganizationLogActivityType.has(activityType)) {
    problems.push({
      field: 'activityType',
      message: `activityType must be one of ${OrganizationLogActivityType.entries.map((e) => `${e.name} ${e.value}`).join(', ')}.`,
    });
  }
  // 000 §6: Admin is the default for IT support admins; otherwise Private (000 §5).
  const accessLevel = (input.accessLevel ??
    defaultOrganizationAccessLevel(caller.permissions)) as AccessLevelValue;
  checkLevel(accessLevel, problems, (l) => organizationLevelProblem(caller, l));

  // 000 §5: Collection and Onboarding entries put their preset at the start of the description.
  const table = organizationPresetTable(activityType);
  const preset =
    activityType === O.Collection
      ? (input.presetCollectionNote ?? null)
      : activityType === O.Onboarding
        ? (input.presetOnboardingNote ?? null)
        : null;
  if (preset !== null && table && !table.has(preset)) {
    const field = activityType === O.Collection ? 'presetCollectionNote' : 'presetOnboardingNote';
    problems.push({
      field,
      message: `${field} must be one of ${table.entries.map((e) => `${e.value} (${e.name})`).join(', ')}.`,
    });
  }
  const typed = (input.activityDescription ?? '').trim();
  const description = (
    table ? withPresetNote(typed, preset !== null ? (table.nameOf(preset) ?? null) : null) : typed
  ).trim();
  checkDescription(description, problems);

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      activityType,
      presetCollectionNote: activityType === O.Collection ? preset : null,
      presetOnboardingNote: activityType === O.Onboarding ? preset : null,
      description,
      accessLevel,
    },
  };
}

export interface NewCarrierEntryInput {
  activityType?: string | undefined;
  activityDescription?: string | undefined;
  accessLevel?: number | undefined;
}

export interface PlannedCarrierEntry {
  activityType: string;
  description: string;
  accessLevel: AccessLevelValue;
}

/** 002 §3.7: carrier activity types are General, Bill Payments, Variance (by code: their numbers are not shown). */
export const DEFAULT_CARRIER_ACTIVITY_TYPE = BrokerCarrierActivityType.byCode.General.code;

export function planCarrierEntry(input: NewCarrierEntryInput, caller: Caller): Result<PlannedCarrierEntry> {
  const problems: FieldProblem[] = [];
  const activityType = input.activityType ?? DEFAULT_CARRIER_ACTIVITY_TYPE;
  if (!BrokerCarrierActivityType.has(activityType)) {
    problems.push({
      field: 'activityType',
      message: `activityType must be one of ${BrokerCarrierActivityType.codes.join(', ')}.`,
    });
  }
  const accessLevel = (input.accessLevel ?? DEFAULT_NOTE_ACCESS_LEVEL) as AccessLevelValue;
  checkLevel(accessLevel, problems, (l) => shipmentLevelProblem(caller, l));
  const description = (input.activityDescription ?? '').trim();
  checkDescription(description, problems);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { activityType, description, accessLevel } };
}
