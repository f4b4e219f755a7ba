// The order page's labelled native fields (as in the other remotes). Mantine's Select, Textarea and Checkbox are not exported by @loadline/ui
// (each export costs every shell's first render), so these stand in, as in the other remotes.
import { Stack, Text } from '@loadline/ui';
import { type ReactNode, useId } from 'react';

const style = { font: 'inherit', fontSize: 13, padding: 4, borderRadius: 4 } as const;

/** A label above its field; `field` gets the id the label points at. */
function Labelled({ label, field }: { label: string; field: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Text size="xs" component="label" htmlFor={id}>
        {label}
      </Text>
      {field(id)}
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
  return (
    <Labelled
      label={label}
      field={(id) => (
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
      )}
    />
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
  return (
    <Labelled
      label={label}
      field={(id) => (
        <textarea
          id={id}
          rows={3}
          style={{ ...style, resize: 'vertical' }}
          value={value}
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
