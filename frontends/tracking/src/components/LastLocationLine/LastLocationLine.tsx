import { messages } from '@loadline/contracts';
import { Loader, Text } from '@loadline/ui';
import type { LastLocation } from '../../api/types.ts';
import { timeLabel } from '../../rules/time.ts';

export interface LastLocationLineProps {
  /** undefined while loading; null when the call failed */
  location: LastLocation | null | undefined;
  /** API tracking is on for the active leg's tariff: which fallback text (000 §3) */
  tracking: boolean;
}

/**
 * The last known location (000 §3): locationStringFull and locationDateTime (MM/DD HH:mm A at the place),
 * else 'No Location Data Available' (tracking on, nothing yet) or 'No Location Tracking Available'.
 */
export function LastLocationLine({ location, tracking }: LastLocationLineProps) {
  if (location === undefined) return <Loader size="xs" aria-label="Loading the last location" />;
  const text = location?.locationStringFull?.trim();
  if (!text || !location?.locationDateTime)
    return (
      <Text size="sm" c="dimmed" aria-label="Last known location">
        {tracking ? messages.locations.noLocationData : messages.locations.noLocationTracking}
      </Text>
    );
  const offset = location.utcOffsetMinutes;
  const at = new Date(Date.parse(location.locationDateTime) + (offset ?? 0) * 60_000).toISOString();
  return (
    <Text size="sm" aria-label="Last known location">
      {`${text} (${timeLabel(at)}${offset === null ? ' UTC' : ''})`}
    </Text>
  );
}
