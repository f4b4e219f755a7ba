// The activity logs' shared rules (pure), used by the activity service and its remote alike:
// 000 §3 (shipment, organization and carrier activities), §4 (activity log behaviour), §5 (notes and
// presets), §6 (who is offered Admin), §9 (page size, delays); 002 §3.6
// (preset notes), §3.9 (organization activity types). The favorite toggle (001 §4) is in widgets.ts.
import {
  PRESET_NOTE_SEPARATOR,
  PresetAuditType,
  PresetCollectionNote,
  PresetOnboardingNote,
  PresetPayableNote,
} from './accounting.ts';
import { ACTIVITY_DELAY_OPTIONS_MINUTES } from './constants.ts';
import { defineEnum, type EnumValue } from './enum.ts';
import { OrganizationActivityType } from './organization.ts';
import { StaffPermission } from './permissions.ts';
import {
  AccessLevel,
  type AccessLevelValue,
  ShipmentActivityType,
  type ShipmentActivityTypeValue,
} from './shipment.ts';

const A = AccessLevel.values;

// ---------------------------------------------------------------------------------------------------------
// Organization activity types.

/**
 * 002 §3.9 lists the organization activity types in order (General, Collections, Setup Changes, Onboarding,
 * Custom Reference Number, Custom Alert) and gives two log entry codes, Collection 1 and Onboarding 3 (000 §3):
 * exactly their positions in that list. The log numbers the types by position, so the two given codes keep
 * their values (docs/decisions/0021). A test holds it against OrganizationActivityType.
 */
export const OrganizationLogActivityType = defineEnum([
  { value: 0, code: 'General', name: 'General' },
  { value: 1, code: 'Collection', name: 'Collections' },
  { value: 2, code: 'SetupChanges', name: 'Setup Changes' },
  { value: 3, code: 'Onboarding', name: 'Onboarding' },
  { value: 4, code: 'CustomReferenceNumber', name: 'Custom Reference Number' },
  { value: 5, code: 'CustomAlert', name: 'Custom Alert' },
]);
export type OrganizationLogActivityTypeValue = EnumValue<typeof OrganizationLogActivityType>;

/** The new organization entry's type: General, the first of the list. */
export const DEFAULT_ORGANIZATION_ACTIVITY_TYPE: OrganizationLogActivityTypeValue =
  OrganizationLogActivityType.values.General;

/** 000 §5: preset notes apply only to Collection and Onboarding organization activities. */
export const OrganizationActivityTypesWithPresetNotes: readonly number[] = Object.freeze([
  OrganizationActivityType.values.Collection,
  OrganizationActivityType.values.Onboarding,
]);

// ---------------------------------------------------------------------------------------------------------
// Preset notes (000 §5): placed at the start of the description followed by '. ', replaced when the preset
// changes, cleared for types that have none.

/** Which preset table a type uses, or undefined when the type has no presets. */
export function shipmentPresetTable(
  activityType: number,
): typeof PresetPayableNote | typeof PresetAuditType | undefined {
  if (activityType === ShipmentActivityType.values.Payable) return PresetPayableNote;
  if (activityType === ShipmentActivityType.values.Audit) return PresetAuditType;
  return undefined;
}

export function organizationPresetTable(
  activityType: number,
): typeof PresetCollectionNote | typeof PresetOnboardingNote | undefined {
  if (activityType === OrganizationActivityType.values.Collection) return PresetCollectionNote;
  if (activityType === OrganizationActivityType.values.Onboarding) return PresetOnboardingNote;
  return undefined;
}

const allPresetNames: readonly string[] = Object.freeze(
  [PresetPayableNote, PresetAuditType, PresetCollectionNote, PresetOnboardingNote]
    .flatMap((t) => t.entries.map((e) => e.name as string))
    // longest first: "System rating issue due to accessorials" before "System rating issue"
    .sort((a, b) => b.length - a.length),
);

/** The description without a preset note at its start ("Duplicate bill. Carrier billed twice" → "Carrier billed twice"). */
export function withoutPresetNote(description: string): string {
  const bare = PRESET_NOTE_SEPARATOR.trimEnd();
  for (const name of allPresetNames) {
    if (!description.startsWith(name)) continue;
    const after = description.slice(name.length);
    if (after === bare) return '';
    if (after.startsWith(PRESET_NOTE_SEPARATOR)) return after.slice(PRESET_NOTE_SEPARATOR.length);
  }
  return description;
}

/**
 * 000 §5: the preset (its name, or null for none) at the start of the description followed by '. ', in place
 * of the preset that was there.
 */
export function withPresetNote(description: string, presetName: string | null | undefined): string {
  const rest = withoutPresetNote(description);
  return presetName ? `${presetName}${PRESET_NOTE_SEPARATOR}${rest}` : rest;
}

// ---------------------------------------------------------------------------------------------------------
// Access levels (000 §4, §6).

/** 000 §6: IT support admins are offered the Admin level on shipment (and carrier) notes. */
export function canUseAdminAccessLevel(permissions: number): boolean {
  return StaffPermission.has(permissions, 'ITSupportAdmin');
}

/**
 * 000 §4: the access level cycles Public, Private, Admin through the server. Someone who may not use Admin
 * cycles Public, Private (the server would refuse Admin).
 */
export function nextAccessLevelFor(current: number, adminAllowed: boolean): AccessLevelValue {
  if (current === A.Public) return A.Private;
  if (current === A.Private) return adminAllowed ? A.Admin : A.Public;
  return A.Public;
}

/** 000 §6: a new organization entry defaults to Admin for IT support admins, else Private (000 §5). */
export function defaultOrganizationAccessLevel(permissions: number): AccessLevelValue {
  return canUseAdminAccessLevel(permissions) ? A.Admin : A.Private;
}

// ---------------------------------------------------------------------------------------------------------
// The log's filters and loading (000 §4).

/** 000 §4: system notes are those whose user name starts with "System". */
export function isSystemUserName(userName: string | null | undefined): boolean {
  return (userName ?? '').startsWith('System');
}

/** The type filter's choices (000 §3's order): a type number, All, or System Note (no number, by user name). */
export type ActivityTypeFilter = ShipmentActivityTypeValue | 'SystemNote';

/** 000 §4: after a page of `pageSize`, fewer records mean all were retrieved; otherwise "remaining" is offered. */
export function allRetrieved(returned: number, pageSize: number): boolean {
  return returned < pageSize;
}

/** 000 §9: delay 0 (assign now) or one of the delay options. */
export function isActivityDelay(minutes: number): boolean {
  return minutes === 0 || ACTIVITY_DELAY_OPTIONS_MINUTES.includes(minutes);
}
