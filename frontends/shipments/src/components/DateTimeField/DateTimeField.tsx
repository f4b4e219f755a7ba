import { Group, Text, TextInput } from '@loadline/ui';
import type { DateTimeParts } from '../../rules/dateTime.ts';

export interface DateTimeFieldProps {
  label: string;
  value: DateTimeParts;
  /** A change of the date alone (some rules react to the date: 000 §5). */
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  error?: string | null;
  disabled?: boolean;
}

/** A date (MM/DD/YYYY in the browser's picker) and a 24-hour time (HH:mm), side by side. */
export function DateTimeField({
  label,
  value,
  onDateChange,
  onTimeChange,
  error,
  disabled,
}: DateTimeFieldProps) {
  return (
    <div>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          type="date"
          size="xs"
          label={label}
          aria-label={`${label} date`}
          value={value.date}
          onChange={(e) => onDateChange(e.currentTarget.value)}
          error={Boolean(error)}
          disabled={disabled}
          style={{ flex: 3 }}
        />
        <TextInput
          type="time"
          size="xs"
          aria-label={`${label} time`}
          value={value.time}
          onChange={(e) => onTimeChange(e.currentTarget.value)}
          error={Boolean(error)}
          disabled={disabled}
          style={{ flex: 2 }}
        />
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
