// Exposed as `tracking/ShipmentTracking` (props: ShipmentTrackingProps in @loadline/ui's remotes.ts): what
// the shipments remote shows of tracking on a shipment's page and in the edit-status modal (000 §2 items 2
// and 3, §4): the last known location, the location history modal, request driver location, and the
// tracking test on open.
import { messages } from '@loadline/contracts';
import { Button, Group, type ShipmentTrackingProps, toast, useLoad } from '@loadline/ui';
import { useEffect, useRef, useState } from 'react';
import { useTrackingCalls } from './api/client.ts';
import type { LastLocation } from './api/types.ts';
import { LastLocationLine } from './components/LastLocationLine/index.ts';
import { LocationHistoryModal } from './components/LocationHistoryModal/index.ts';
import { RequestDriverLocation } from './components/RequestDriverLocation/index.ts';

export type { ShipmentTrackingProps };

export function ShipmentTracking({
  shipmentId,
  office,
  tracking = false,
  proNumber = null,
  integrationSourceId = null,
  runTrackingTest = false,
  refreshKey,
}: ShipmentTrackingProps) {
  const calls = useTrackingCalls();
  const [history, setHistory] = useState(false);

  // 000 §4: with API tracking on the leg's tariff and a pro number, a tracking test runs on open; its
  // success updates the location, a failure just loads the last location.
  const testFirst = runTrackingTest && tracking && Boolean(proNumber?.trim());
  const trackingTestFailed = () => toast.warning(messages.locations.trackingTestUpdateFailed);
  const test = useLoad(
    testFirst ? ['trackingTest', shipmentId, proNumber, integrationSourceId] : null,
    () =>
      calls.trackingTest({
        integrationSourceId: integrationSourceId ?? 0,
        shipmentId,
        proNumber: proNumber!.trim(),
      }),
    {
      // A new position: the spec's success. Nothing new, or a load no longer moving: the location is up to
      // date, nothing to say (issue 14 item 9). A failure: the spec's warning.
      onLoaded: (answer) => {
        if (answer.result) toast.success(messages.locations.trackingTestUpdated);
        else if (!answer.upToDate) trackingTestFailed();
      },
      onFailed: trackingTestFailed,
    },
  );
  const tested = !testFirst || test.state === 'loaded' || test.state === 'failed';
  const lastLoad = useLoad(tested ? ['lastLocation', shipmentId] : null, () =>
    calls.lastLocation(shipmentId),
  );
  const last: LastLocation | null | undefined =
    lastLoad.state === 'loaded' ? lastLoad.data : lastLoad.state === 'failed' ? null : undefined;
  const loadLast = lastLoad.reload;

  // The page heard of a new location on the shipment's live group (000 §7): read the last one again.
  const firstKey = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey === firstKey.current) return;
    loadLast();
  }, [refreshKey, loadLast]);

  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Tracking">
      <LastLocationLine location={last} tracking={tracking} />
      <Button size="compact-xs" variant="light" onClick={() => setHistory(true)}>
        Location history
      </Button>
      <RequestDriverLocation shipmentId={shipmentId} office={office} />
      <LocationHistoryModal
        shipmentId={shipmentId}
        office={office}
        opened={history}
        onClose={() => setHistory(false)}
        onLocationsChanged={loadLast}
      />
    </Group>
  );
}

export default ShipmentTracking;
