// Pieces the document sender and the bulk email sender share: the tab buttons, the delivery warnings the
// user must dismiss before sending (001 §5) and the red list of what stops a send.
import { Alert, Button, Group, Text } from '@loadline/ui';

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
  /** the warnings not yet dismissed */
  warnings: readonly string[];
  onDismiss: (warning: string) => void;
}

export function DeliveryWarningAlerts({ warnings, onDismiss }: DeliveryWarningAlertsProps) {
  return warnings.map((w) => (
    <Alert key={w} color="yellow" role="alert" title="Check the recipients">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{w}</Text>
        <Button size="compact-xs" variant="light" color="yellow" onClick={() => onDismiss(w)}>
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
