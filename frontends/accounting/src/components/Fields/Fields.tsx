// Labelled native fields. Mantine's Select and Checkbox are not exported by @loadline/ui (each
// export costs every shell's first render), so these stand in, as in the other remotes.
import { Stack, Text } from '@loadline/ui';
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

export function SelectField<V extends string | number>({
  label,
  value,
  choices,
  onChange,
  error,
  disabled = false,
}: {
  label: string;
  value: V | '';
  choices: readonly { value: V; name: string }[];
  onChange: (value: string) => void;
  error?: string | null | undefined;
  disabled?: boolean;
}) {
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
