import { Button, Paper, Stack, Text, TextInput, Title } from '@loadline/ui';
import type { DateTimeParts } from '../../rules/dateTime.ts';
import {
  copyDeliveryToAppointment,
  type DeliveryTimes,
  type TimeProblem,
  withDeliveryEstimated,
  withPodArrivalDate,
} from '../../rules/stopTimes.ts';
import { DateTimeField } from '../DateTimeField/index.ts';
import { placeLine, type StopPlace } from '../PickupCard/index.ts';

export interface DeliveryCardProps {
  place: StopPlace | undefined;
  times: DeliveryTimes;
  onChange: (next: DeliveryTimes) => void;
  problems: readonly TimeProblem[];
  today: string;
  /** Proof of delivery signed by (a reference of the shipment). */
  signedBy: string;
  onSignedByChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * The delivery card (000 §2 item 2) with the 000 §5 rules live: estimated after close moves the close date
 * to the estimated date and is flagged as a delivery-time error; a proof-of-delivery arrival date fills the
 * arrival and departure times with 00:00 when empty, and clearing it clears both times; copy-to-appointment
 * copies the estimated date and time to the appointment begin.
 */
export function DeliveryCard({
  place,
  times,
  onChange,
  problems,
  today,
  signedBy,
  onSignedByChange,
  disabled,
}: DeliveryCardProps) {
  const problemOf = (field: keyof DeliveryTimes) => problems.find((p) => p.field === field)?.message ?? null;
  const plain = (key: keyof DeliveryTimes) => (part: keyof DateTimeParts) => (value: string) =>
    onChange({ ...times, [key]: { ...times[key], [part]: value } });
  const estimated = (part: keyof DateTimeParts) => (value: string) =>
    onChange(withDeliveryEstimated(times, { ...times.estimated, [part]: value }, today));
  return (
    <Paper withBorder p="sm" role="region" aria-label="Delivery">
      <Stack gap="xs">
        <Title order={5}>Delivery</Title>
        {place && (
          <Text size="sm" c="dimmed">
            {placeLine(place)}
          </Text>
        )}
        <DateTimeField
          label="Delivery estimated"
          value={times.estimated}
          onDateChange={estimated('date')}
          onTimeChange={estimated('time')}
          error={problemOf('estimated')}
          disabled={disabled}
        />
        <DateTimeField
          label="Delivery close"
          value={times.close}
          onDateChange={plain('close')('date')}
          onTimeChange={plain('close')('time')}
          error={problemOf('close')}
          disabled={disabled}
        />
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => onChange(copyDeliveryToAppointment(times))}
          disabled={disabled}
        >
          Copy to appointment
        </Button>
        <DateTimeField
          label="Delivery appointment begin"
          value={times.appointmentBegin}
          onDateChange={plain('appointmentBegin')('date')}
          onTimeChange={plain('appointmentBegin')('time')}
          disabled={disabled}
        />
        <DateTimeField
          label="Delivery appointment end"
          value={times.appointmentEnd}
          onDateChange={plain('appointmentEnd')('date')}
          onTimeChange={plain('appointmentEnd')('time')}
          disabled={disabled}
        />
        <DateTimeField
          label="Proof of delivery arrival"
          value={times.podArrival}
          onDateChange={(date) => onChange(withPodArrivalDate(times, date))}
          onTimeChange={plain('podArrival')('time')}
          disabled={disabled}
        />
        <DateTimeField
          label="Proof of delivery departure"
          value={times.podDeparture}
          onDateChange={plain('podDeparture')('date')}
          onTimeChange={plain('podDeparture')('time')}
          disabled={disabled}
        />
        <TextInput
          size="xs"
          label="Proof of delivery signed by"
          value={signedBy}
          onChange={(e) => onSignedByChange(e.currentTarget.value)}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
