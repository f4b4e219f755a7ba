// Labelled native form fields for the remotes' forms. Mantine's Select, Textarea and Checkbox are not
// exported by @loadline/ui (each export costs every shell's first render); these plain elements stand in.
import { Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

const style = { font: 'inherit', fontSize: 13, padding: 4, borderRadius: 4 } as const;

/** A label above its field and, below it, what is wrong with it; `field` gets the id the label points at. */
export function Labelled({
  label,
  error,
  hint,
  field,
}: {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  field: (id: string, described: string | undefined) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Stack gap={2}>
      <Text size="xs" component="label" htmlFor={id}>
        {label}
      </Text>
      {field(id, error ? errorId : undefined)}
      {hint}
      {error && (
        <Text size="xs" c="red" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}

export interface SelectFieldProps<V extends string | number> {
  label: string;
  value: V | '';
  choices: readonly { value: V; name: string }[];
  onChange: (value: string) => void;
  /** a first, empty choice (e.g. '--Select--') */
  placeholder?: string;
  error?: string | null | undefined;
  disabled?: boolean;
}

export function SelectField<V extends string | number>({
  label,
  value,
  choices,
  onChange,
  placeholder,
  error,
  disabled = false,
}: SelectFieldProps<V>) {
  return (
    <Labelled
      label={label}
      error={error}
      field={(id, described) => (
        <select
          id={id}
          style={style}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
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
      )}
    />
  );
}

export function TextareaField({
  label,
  value,
  onChange,
  error,
  disabled = false,
  readOnly = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  disabled?: boolean;
  /** shown and selectable, not changed (what the caller may read but not write) */
  readOnly?: boolean;
}) {
  return (
    <Labelled
      label={label}
      error={error}
      field={(id, described) => (
        <textarea
          readOnly={readOnly}
          id={id}
          rows={3}
          style={{ ...style, resize: 'vertical' }}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.currentTarget.value)}
          disabled={disabled}
        />
      )}
    />
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  size = 'sm',
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  size?: 'xs' | 'sm';
  disabled?: boolean;
}) {
  return (
    <Text size={size} component="label">
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
