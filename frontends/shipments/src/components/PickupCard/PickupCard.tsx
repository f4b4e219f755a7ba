import { Button, Paper, Stack, Text, Title } from '@loadline/ui';
import type { DateTimeParts } from '../../rules/dateTime.ts';
import {
  copyPickupToAppointment,
  type PickupTimes,
  type TimeProblem,
  withActualPickupArrivalDate,
  withPickupReady,
} from '../../rules/stopTimes.ts';
import { DateTimeField } from '../DateTimeField/index.ts';

export interface StopPlace {
  companyName: string | null;
  city: string | null;
  state: string | null;
}

export interface PickupCardProps {
  place: StopPlace | undefined;
  times: PickupTimes;
  onChange: (next: PickupTimes) => void;
  problems: readonly TimeProblem[];
  /** 'YYYY-MM-DD': a missing date counts as today (000 §5). */
  today: string;
  disabled?: boolean;
}

export function placeLine(place: StopPlace | undefined): string {
  if (!place) return '';
  const town = [place.city, place.state].filter(Boolean).join(', ');
  return [place.companyName, town].filter(Boolean).join(' · ');
}

/**
 * The pickup card (000 §2 item 2) with the 000 §5 rules live: ready after close moves the close date to
 * the ready date; an actual arrival date without a time gets 00:00; copy-to-appointment copies the ready
 * date and time to the appointment begin; ready after close flags the close.
 */
export function PickupCard({ place, times, onChange, problems, today, disabled }: PickupCardProps) {
  const problemOf = (field: keyof PickupTimes) => problems.find((p) => p.field === field)?.message ?? null;
  const plain = (key: keyof PickupTimes) => (part: keyof DateTimeParts) => (value: string) =>
    onChange({ ...times, [key]: { ...times[key], [part]: value } });
  const ready = (part: keyof DateTimeParts) => (value: string) =>
    onChange(withPickupReady(times, { ...times.ready, [part]: value }, today));
  return (
    <Paper withBorder p="sm" role="region" aria-label="Pickup">
      <Stack gap="xs">
        <Title order={5}>Pickup</Title>
        {place && (
          <Text size="sm" c="dimmed">
            {placeLine(place)}
          </Text>
        )}
        <DateTimeField
          label="Pickup ready"
          value={times.ready}
          onDateChange={ready('date')}
          onTimeChange={ready('time')}
          error={problemOf('ready')}
          disabled={disabled}
        />
        <DateTimeField
          label="Pickup close"
          value={times.close}
          onDateChange={plain('close')('date')}
          onTimeChange={plain('close')('time')}
          error={problemOf('close')}
          disabled={disabled}
        />
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => onChange(copyPickupToAppointment(times))}
          disabled={disabled}
        >
          Copy to appointment
        </Button>
        <DateTimeField
          label="Pickup appointment begin"
          value={times.appointmentBegin}
          onDateChange={plain('appointmentBegin')('date')}
          onTimeChange={plain('appointmentBegin')('time')}
          disabled={disabled}
        />
        <DateTimeField
          label="Pickup appointment end"
          value={times.appointmentEnd}
          onDateChange={plain('appointmentEnd')('date')}
          onTimeChange={plain('appointmentEnd')('time')}
          disabled={disabled}
        />
        <DateTimeField
          label="Actual pickup arrival"
          value={times.actualArrival}
          onDateChange={(date) => onChange(withActualPickupArrivalDate(times, date))}
          onTimeChange={plain('actualArrival')('time')}
          disabled={disabled}
        />
        <DateTimeField
          label="Actual pickup departure"
          value={times.actualDeparture}
          onDateChange={plain('actualDeparture')('date')}
          onTimeChange={plain('actualDeparture')('time')}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
