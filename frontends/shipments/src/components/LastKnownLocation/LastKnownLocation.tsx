import { Loader, Text } from '@loadline/ui';
import { useLastLocation } from '../../hooks/useLastLocation.ts';
import { lastLocationLine } from '../../rules/lastLocation.ts';

export interface LastKnownLocationProps {
  shipmentId: number;
  /** API tracking is on for the active leg's tariff. */
  tracking: boolean;
}

/**
 * The last-known-location line (000 §2 item 2, §3): GET /api/Lastlocation/{id}'s locationStringFull and
 * locationDateTime (MM/DD HH:mm A), else 'No Location Data Available' or 'No Location Tracking Available'.
 */
export function LastKnownLocation({ shipmentId, tracking }: LastKnownLocationProps) {
  const load = useLastLocation(shipmentId);
  if (load.state === 'loading') return <Loader size="xs" aria-label="Loading the last location" />;
  const line = lastLocationLine(load.location, tracking);
  return (
    <Text size="sm" aria-label="Last known location" c={line.known ? undefined : 'dimmed'}>
      {line.text}
      {line.time ? ` (${line.time})` : ''}
    </Text>
  );
}
