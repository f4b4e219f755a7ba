// The organization and carrier logs' rules (000 §3, §5, §6; 002 §3.6, §3.7, §3.9), pure: their types, their
// presets, which access levels each offers and the one a new entry starts with.
import {
  AccessLevel,
  type AccessLevelValue,
  BrokerCarrierActivityType,
  canSeeOrganizationLogAdminAccess,
  canUseAdminAccessLevel,
  DEFAULT_NOTE_ACCESS_LEVEL,
  DEFAULT_ORGANIZATION_ACTIVITY_TYPE,
  defaultOrganizationAccessLevel,
  OrganizationLogActivityType,
  organizationPresetTable,
} from '@loadline/contracts';
import type { NewCarrierActivity, NewOrganizationActivity } from '../api/types.ts';
import { accessLevelChoices } from './log.ts';
import { choosePreset, clearPreset, type PresetChoice } from './presets.ts';

/** A log's choice of type: a select's value and its display name. */
export interface TypeChoice {
  value: string;
  name: string;
}

/** What the organization or carrier log offers and how its form becomes a request. */
export interface NotesLogRules<B> {
  types: readonly TypeChoice[];
  defaultType: string;
  /** The preset notes of a type (000 §5: Collection and Onboarding on the organization log), or none. */
  presets(type: string): readonly PresetChoice[];
  accessLevels: AccessLevelValue[];
  defaultAccessLevel: AccessLevelValue;
  body(form: NotesForm): B;
}

export interface NotesForm {
  type: string;
  preset: number | null;
  description: string;
  accessLevel: AccessLevelValue;
}

export const emptyNotesForm = (rules: NotesLogRules<unknown>): NotesForm => ({
  type: rules.defaultType,
  preset: null,
  description: '',
  accessLevel: rules.defaultAccessLevel,
});

/** 000 §5: another type clears the preset and its text. */
export function withNotesType(form: NotesForm, type: string): NotesForm {
  return type === form.type ? form : { ...clearPreset(form), type };
}

/** 000 §5: a preset goes first followed by '. ', replacing the one there. */
export function withNotesPreset(
  rules: NotesLogRules<unknown>,
  form: NotesForm,
  preset: number | null,
): NotesForm {
  return choosePreset(form, preset, rules.presets(form.type));
}

const O = OrganizationLogActivityType.values;

/** 000 §6: the Admin option for IT support admin, AR revisions, AP revisions, margin add/edit; Admin the default for IT support admins. */
export function organizationLogRules(
  organizationId: string,
  permissions: number,
): NotesLogRules<NewOrganizationActivity> {
  return {
    types: OrganizationLogActivityType.entries.map((t) => ({ value: String(t.value), name: t.name })),
    defaultType: String(DEFAULT_ORGANIZATION_ACTIVITY_TYPE),
    presets: (type) => organizationPresetTable(Number(type))?.entries ?? [],
    accessLevels: accessLevelChoices(canSeeOrganizationLogAdminAccess(permissions)),
    defaultAccessLevel: defaultOrganizationAccessLevel(permissions),
    body: (form) => {
      const type = Number(form.type) as NonNullable<NewOrganizationActivity['activityType']>;
      return {
        organizationId,
        activityType: type,
        presetCollectionNote: type === O.Collection ? form.preset : null,
        presetOnboardingNote: type === O.Onboarding ? form.preset : null,
        activityDescription: form.description.trim(),
        accessLevel: form.accessLevel,
      };
    },
  };
}

/** The carrier log: its three types (002 §3.7), no presets, Admin for IT support admins, Private by default. */
export function carrierLogRules(
  carrierMasterId: string,
  permissions: number,
): NotesLogRules<NewCarrierActivity> {
  return {
    types: BrokerCarrierActivityType.entries.map((t) => ({ value: t.code, name: t.name })),
    defaultType: BrokerCarrierActivityType.byCode.General.code,
    presets: () => [],
    accessLevels: accessLevelChoices(canUseAdminAccessLevel(permissions)),
    defaultAccessLevel: DEFAULT_NOTE_ACCESS_LEVEL,
    body: (form) => ({
      carrierMasterId,
      activityType: form.type as NonNullable<NewCarrierActivity['activityType']>,
      activityDescription: form.description.trim(),
      accessLevel: form.accessLevel,
    }),
  };
}

export const accessLevelName = (level: number): string => AccessLevel.nameOf(level) ?? String(level);
