// 000 §5, shared by the three add forms: a preset note goes at the start of the description followed by
// '. ', replacing the one there; a type without presets clears it (the catalogue's withPresetNote). Pure.
import { withPresetNote } from '@loadline/contracts';

export interface WithPreset {
  /** the preset note's value in its type's table, or null */
  preset: number | null;
  description: string;
}

export type PresetChoice = { readonly value: number; readonly name: string };

/** The form after a change of type: no preset, and no preset text left at the start. */
export function clearPreset<F extends WithPreset>(form: F): F {
  return { ...form, preset: null, description: withPresetNote(form.description, null) };
}

/** The form with `preset` (one of `choices`, or null) put first in the description. */
export function choosePreset<F extends WithPreset>(
  form: F,
  preset: number | null,
  choices: readonly PresetChoice[],
): F {
  const name = preset === null ? undefined : choices.find((p) => p.value === preset)?.name;
  return { ...form, preset: name ? preset : null, description: withPresetNote(form.description, name) };
}
