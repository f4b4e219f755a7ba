import { CANCEL_STATUS_CHOICE, messages } from '@loadline/contracts';
import { Button, Group, Stack, Text } from '@loadline/ui';
import { useId } from 'react';
import type { StatusDetails } from '../../api/types.ts';
import { statusMantineColour } from '../../rules/statusColours.ts';
import { choiceName } from '../../rules/statusUpdate.ts';

/** What the service answers the modal (its status engine decides; the picker only shows it). */
export type StatusChoices = Pick<
  StatusDetails,
  'suggestedStatuses' | 'manualStatuses' | 'allowedStatuses' | 'canCancel'
>;

export interface StatusPickerProps {
  /** The active leg's status. */
  current: number;
  /**
   * The server's choices: the suggestions (000 §4 table, in the shipment's set), the custom picker's list,
   * the statuses an update may move to (others are offered but disabled) and whether cancel is offered.
   */
  choices: StatusChoices;
  /** The chosen status, -1 to cancel, null for none. */
  choice: number | null;
  onChoose: (choice: number | null) => void;
  disabled?: boolean;
}

const slots = [
  { key: 'previous', label: 'Previous' },
  { key: 'next', label: 'Next' },
  { key: 'other', label: 'Other' },
] as const;

/**
 * The suggested previous / next / other status buttons and the custom status picker ('--Select--', the
 * server's manual list, and Canceled, the cancel choice -1, when the server says the shipment can still be
 * canceled), as the service answers them (000 §4): nothing is recomputed here.
 */
export function StatusPicker({ current, choices, choice, onChoose, disabled }: StatusPickerProps) {
  const pickerId = useId();
  const suggestions = choices.suggestedStatuses;
  const enabled = (status: number) => status === current || choices.allowedStatuses.includes(status);
  const manual = choices.manualStatuses;
  const canCancel = choices.canCancel;
  return (
    <Stack gap="xs">
      <Group gap="md" align="flex-end" role="group" aria-label="Suggested statuses">
        {slots.map(({ key, label }) => {
          const status = suggestions[key];
          if (status === null) return null;
          const chosen = choice === status;
          return (
            <Stack gap={2} key={key}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Button
                size="xs"
                color={statusMantineColour(status)}
                variant={chosen ? 'filled' : 'outline'}
                aria-pressed={chosen}
                disabled={disabled || !enabled(status)}
                onClick={() => onChoose(chosen ? null : status)}
              >
                {choiceName(status)}
              </Button>
            </Stack>
          );
        })}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" component="label" htmlFor={pickerId}>
            Custom status
          </Text>
          <select
            id={pickerId}
            value={choice === null ? '' : String(choice)}
            disabled={disabled}
            onChange={(e) => onChoose(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
            style={{ height: 30, minWidth: 180, borderRadius: 4, padding: '0 6px' }}
          >
            <option value="">{messages.common.selectPlaceholder}</option>
            {manual.map((status) => (
              <option key={status} value={status} disabled={!enabled(status)}>
                {choiceName(status)}
              </option>
            ))}
            {canCancel && <option value={CANCEL_STATUS_CHOICE}>{choiceName(CANCEL_STATUS_CHOICE)}</option>}
          </select>
        </Stack>
      </Group>
    </Stack>
  );
}
