// Pieces the document sender and the bulk email sender share: the tab buttons, the delivery warnings the
// user must dismiss before sending (001 §5), the red list of what stops a send, and a labelled textarea.
import { Alert, Button, Group, Stack, Text } from '@loadline/ui';
import { type ReactNode, useId } from 'react';

export interface SendTabProps {
  selected: boolean;
  label: string;
  onSelect: () => void;
}

export function SendTab({ selected, label, onSelect }: SendTabProps) {
  return (
    <Button
      role="tab"
      aria-selected={selected}
      size="xs"
      variant={selected ? 'filled' : 'default'}
      onClick={onSelect}
    >
      {label}
    </Button>
  );
}

export interface DeliveryWarningAlertsProps {
  /** the warnings not yet dismissed, as the service decided them */
  warnings: readonly { code: string; message: string }[];
  onDismiss: (code: string) => void;
}

export function DeliveryWarningAlerts({ warnings, onDismiss }: DeliveryWarningAlertsProps) {
  return warnings.map((w) => (
    <Alert key={w.code} color="yellow" role="alert" title="Check the recipients">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{w.message}</Text>
        <Button size="compact-xs" variant="light" color="yellow" onClick={() => onDismiss(w.code)}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  ));
}

export function ProblemAlert({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="red" role="alert">
      {problems.map((p) => (
        <Text size="sm" key={p}>
          {p}
        </Text>
      ))}
    </Alert>
  );
}

export interface LabelledTextareaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  placeholder?: string;
  /** a line under the box (e.g. what was read from it) */
  hint?: ReactNode;
}

/** A labelled plain textarea (the ui package offers no Mantine Textarea; one is not worth its weight). */
export function LabelledTextarea({
  label,
  value,
  onChange,
  rows = 3,
  placeholder,
  hint,
}: LabelledTextareaProps) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Text size="xs" fw={500} component="label" htmlFor={id}>
        {label}
      </Text>
      <textarea
        id={id}
        rows={rows}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        style={{ font: 'inherit', fontSize: 12, padding: 6, borderRadius: 4, resize: 'vertical' }}
      />
      {hint !== undefined && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
