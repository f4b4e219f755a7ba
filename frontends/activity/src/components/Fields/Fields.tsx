// The add forms' labelled native fields. Mantine's Select, Textarea and Checkbox are not exported by
// @loadline/ui (each export costs every shell's first render), so these stand in, as in the other remotes.
import { AccessLevel } from '@loadline/contracts';
import { Stack, Text } from '@loadline/ui';
import { useId } from 'react';

const style = { font: 'inherit', fontSize: 13, padding: 4, borderRadius: 4 } as const;

export interface SelectFieldProps<V extends string | number> {
  label: string;
  value: V | '';
  choices: readonly { value: V; name: string }[];
  onChange: (value: string) => void;
  /** a first, empty choice (e.g. '--Select--') */
  placeholder?: string;
  disabled?: boolean;
}

export function SelectField<V extends string | number>({
  label,
  value,
  choices,
  onChange,
  placeholder,
  disabled = false,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Text size="xs" component="label" htmlFor={id}>
        {label}
      </Text>
      <select
        id={id}
        style={style}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={disabled}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.name}
          </option>
        ))}
      </select>
    </Stack>
  );
}

export function TextareaField({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Text size="xs" component="label" htmlFor={id}>
        {label}
      </Text>
      <textarea
        id={id}
        rows={3}
        style={{ ...style, resize: 'vertical' }}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={disabled}
      />
    </Stack>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Text size="sm" component="label">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        disabled={disabled}
      />{' '}
      {label}
    </Text>
  );
}

/** Access levels as a select's choices, by the catalogue's names (000 §3: Public 0, Private 1, Admin 2). */
export const accessLevelOptions = (levels: readonly number[]) =>
  levels.map((value) => ({ value, name: AccessLevel.nameOf(value) ?? String(value) }));
