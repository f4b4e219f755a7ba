// The shipment activity log's rules (000 §4, §5, §9), pure: which query a filter and a page make, the
// types a person adds by hand, the delay choices, the add form and its reset, merging the remaining load.
// The spec's numbers, texts and shared rules are the catalogue's (@loadline/contracts).
import {
  ACTIVITY_DELAY_OPTIONS_MINUTES,
  AccessLevel,
  type AccessLevelValue,
  type ActivityTypeFilter,
  DEFAULT_NOTE_ACCESS_LEVEL,
  DEFAULT_SHIPMENT_ACTIVITY_TYPE,
  SHIPMENT_ACTIVITY_PAGE_SIZE,
  ShipmentActivitySystemNote,
  ShipmentActivityType,
  ShipmentActivityTypeDisplayOrder,
  type ShipmentActivityTypeValue,
  shipmentPresetTable,
} from '@loadline/contracts';
import type { ActivityLogQuery, NewShipmentActivity } from '../api/types.ts';
import { choosePreset, clearPreset, type PresetChoice } from './presets.ts';

const T = ShipmentActivityType.values;
const A = AccessLevel.values;

// ---------------------------------------------------------------------------------------------------------
// Filters (000 §4: by type group, pinned only, non-system notes).

export interface LogFilter {
  type: ActivityTypeFilter;
  pinnedOnly: boolean;
  nonSystemOnly: boolean;
}

export const NO_FILTER: LogFilter = Object.freeze({ type: T.All, pinnedOnly: false, nonSystemOnly: false });

/** The type filter's choices in 000 §3's order: every type, then System Note (by user name, no number). */
export const TYPE_FILTER_CHOICES: readonly { filter: ActivityTypeFilter; name: string }[] = Object.freeze(
  ShipmentActivityTypeDisplayOrder.entries.map((e) => ({
    filter:
      e.code === ShipmentActivitySystemNote.code
        ? ('SystemNote' as const)
        : (ShipmentActivityType.fromCode(e.code)?.value as ShipmentActivityTypeValue),
    name: e.name,
  })),
);

/** A filter choice as a select's value and back. */
export const filterKey = (filter: ActivityTypeFilter): string => String(filter);
export function filterFromKey(key: string): ActivityTypeFilter {
  if (key === 'SystemNote') return 'SystemNote';
  const value = Number(key);
  return ShipmentActivityType.has(value) ? value : T.All;
}

/**
 * The GET /api/activitylog query for a filter: the latest page (000 §9: 50) from the start, or with
 * `remainingFrom` every entry from that index on (the 000 §4 "remaining" load).
 */
export function logQuery(shipmentId: number, filter: LogFilter, remainingFrom?: number): ActivityLogQuery {
  const query: ActivityLogQuery = {
    shipmentId,
    recordCount: SHIPMENT_ACTIVITY_PAGE_SIZE,
    startIndex: remainingFrom ?? 0,
  };
  if (remainingFrom !== undefined) query.getRemaining = true;
  if (filter.type === 'SystemNote') query.systemNotes = true;
  else if (filter.type !== T.All) query.activityType = filter.type;
  if (filter.pinnedOnly) query.pinnedOnly = true;
  if (filter.nonSystemOnly) query.nonSystemOnly = true;
  return query;
}

/** The remaining load appended to what is shown, without an entry twice (an add in between shifts the index). */
export function appendRemaining<E extends { id: number }>(shown: readonly E[], remaining: readonly E[]): E[] {
  const seen = new Set(shown.map((e) => e.id));
  return [...shown, ...remaining.filter((e) => !seen.has(e.id))];
}

/** An entry replaced by the server's answer (the access-level cycle, the pin: "the row updates from the result"). */
export function replaceEntry<E extends { id: number }>(entries: readonly E[], updated: E): E[] {
  return entries.map((e) => (e.id === updated.id ? updated : e));
}

// ---------------------------------------------------------------------------------------------------------
// The add form (000 §3, §4, §5, §9).

/** Types a person adds (docs/decisions/0021): not All (a filter), Status Change or Email (written for them). */
export const ADDABLE_TYPES: readonly { value: ShipmentActivityTypeValue; name: string }[] = Object.freeze(
  TYPE_FILTER_CHOICES.filter(
    (c): c is { filter: ShipmentActivityTypeValue; name: string } =>
      typeof c.filter === 'number' && ![T.All, T.StatusChange, T.Email].includes(c.filter as never),
  ).map((c) => ({ value: c.filter, name: c.name })),
);

/** The access levels offered: Public and Private, and Admin with 000 §6's permission. */
export function accessLevelChoices(adminAllowed: boolean): AccessLevelValue[] {
  return adminAllowed ? [A.Public, A.Private, A.Admin] : [A.Public, A.Private];
}

/** 000 §9: assign now (0) or after one of the delays. */
export const DELAY_CHOICES: readonly number[] = Object.freeze([0, ...ACTIVITY_DELAY_OPTIONS_MINUTES]);

/** "Now", "30 minutes", "1 hour", "4 hours", "1 day", "2 days", "1 week". */
export function delayLabel(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return 'Now';
  if (minutes % 10080 === 0) return unit(minutes / 10080, 'week');
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

export interface Assignee {
  staffId: string;
  name: string;
}

export interface ShipmentActivityForm {
  activityType: ShipmentActivityTypeValue;
  /** the preset note's value in the type's preset table (Payable, Audit), or null */
  preset: number | null;
  description: string;
  accessLevel: AccessLevelValue;
  pinned: boolean;
  assign: boolean;
  /** the staff member to assign, the broker's team, or none chosen yet */
  assignee: Assignee | 'team' | null;
  delayMinutes: number;
}

/** 000 §3, §4, §5: a new entry is General and Private with an empty description; what an add resets to. */
export function emptyShipmentForm(): ShipmentActivityForm {
  return {
    activityType: DEFAULT_SHIPMENT_ACTIVITY_TYPE,
    preset: null,
    description: '',
    accessLevel: DEFAULT_NOTE_ACCESS_LEVEL,
    pinned: false,
    assign: false,
    assignee: null,
    delayMinutes: 0,
  };
}

/** The preset notes a type offers (000 §5: Payable and Audit), or none. */
export function presetChoices(activityType: number): readonly PresetChoice[] {
  return shipmentPresetTable(activityType)?.entries ?? [];
}

/** 000 §5: another type clears the preset (and its text at the start of the description). */
export function withType(
  form: ShipmentActivityForm,
  activityType: ShipmentActivityTypeValue,
): ShipmentActivityForm {
  return activityType === form.activityType ? form : { ...clearPreset(form), activityType };
}

/** 000 §5: the preset goes first, followed by '. ', replacing the one that was there. */
export function withPreset(form: ShipmentActivityForm, preset: number | null): ShipmentActivityForm {
  return choosePreset(form, preset, presetChoices(form.activityType));
}

/** The form can be sent: a description, and a chosen assignee (or the team) when assigning. */
export function formProblem(form: ShipmentActivityForm): string | null {
  if (form.description.trim() === '') return 'Enter a description.';
  if (form.assign && form.assignee === null) return 'Choose whom to assign.';
  return null;
}

/** POST /api/activitylog's body for the form. */
export function shipmentActivityBody(shipmentId: number, form: ShipmentActivityForm): NewShipmentActivity {
  const payable = form.activityType === T.Payable ? form.preset : null;
  const audit = form.activityType === T.Audit ? form.preset : null;
  const body: NewShipmentActivity = {
    shipmentId,
    activityType: form.activityType,
    accessLevel: form.accessLevel,
    description: form.description.trim(),
    presetPayableNote: payable,
    presetAuditNote: audit,
    pinned: form.pinned,
  };
  if (form.assign) {
    body.isAssignment = true;
    body.assignmentDelayMinutes = form.delayMinutes;
    if (form.assignee === 'team') body.isTeam = true;
    else body.assignToStaffId = form.assignee?.staffId ?? null;
  }
  return body;
}
