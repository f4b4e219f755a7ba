// The activity forms' own selects, built on the shared labelled native fields of @loadline/ui.
import { AccessLevel, type AccessLevelValue, messages } from '@loadline/contracts';
import { SelectField } from '@loadline/ui';
import type { PresetChoice } from '../../rules/presets.ts';

/** The access level select (000 §3: Public 0, Private 1, Admin 2), offering `levels`. */
export function AccessLevelField({
  levels,
  value,
  onChange,
  disabled = false,
}: {
  levels: readonly AccessLevelValue[];
  value: AccessLevelValue;
  onChange: (level: AccessLevelValue) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField
      label="Access level"
      value={value}
      choices={levels.map((level) => ({ value: level, name: AccessLevel.nameOf(level) ?? String(level) }))}
      onChange={(v) => onChange(Number(v) as AccessLevelValue)}
      disabled={disabled}
    />
  );
}

/** The preset note select (000 §5), '--Select--' for none; nothing for a type without presets. */
export function PresetField({
  presets,
  value,
  onChange,
  disabled = false,
}: {
  presets: readonly PresetChoice[];
  value: number | null;
  onChange: (preset: number | null) => void;
  disabled?: boolean;
}) {
  if (presets.length === 0) return null;
  return (
    <SelectField
      label="Preset note"
      value={value ?? ''}
      choices={presets}
      placeholder={messages.common.selectPlaceholder}
      onChange={(v) => onChange(v === '' ? null : Number(v))}
      disabled={disabled}
    />
  );
}
