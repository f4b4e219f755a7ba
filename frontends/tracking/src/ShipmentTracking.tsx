// Exposed as `tracking/ShipmentTracking` (props: ShipmentTrackingProps in @loadline/ui's remotes.ts): what
// the shipments remote shows of tracking on a shipment's page and in the edit-status modal (000 §2 items 2
// and 3, §4): the last known location, the location history modal, request driver location, and the
// tracking test on open.
import { messages } from '@loadline/contracts';
import { Button, Group, type ShipmentTrackingProps, toast } from '@loadline/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
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
  const [last, setLast] = useState<LastLocation | null | undefined>(undefined);
  const [history, setHistory] = useState(false);

  const loadLast = useCallback(async () => {
    const answer = await calls.lastLocation(shipmentId);
    setLast(answer.ok ? answer.data : null);
  }, [calls, shipmentId]);

  useEffect(() => {
    let live = true;
    // 000 §4: with API tracking on the leg's tariff and a pro number, a tracking test runs on open; its
    // success updates the location, a failure just loads the last location.
    const testFirst = runTrackingTest && tracking && Boolean(proNumber?.trim());
    void (async () => {
      if (testFirst) {
        const answer = await calls.trackingTest({
          integrationSourceId: integrationSourceId ?? 0,
          shipmentId,
          proNumber: proNumber!.trim(),
        });
        if (!live) return;
        // A new position: the spec's success. Nothing new, or a load no longer moving: the location is up
        // to date, nothing to say (issue 14 item 9). A failure: the spec's warning.
        if (answer.ok && answer.data.result) toast.success(messages.locations.trackingTestUpdated);
        else if (!(answer.ok && answer.data.upToDate))
          toast.warning(messages.locations.trackingTestUpdateFailed);
      }
      if (live) await loadLast();
    })();
    return () => {
      live = false;
    };
  }, [calls, shipmentId, runTrackingTest, tracking, proNumber, integrationSourceId, loadLast]);

  // The page heard of a new location on the shipment's live group (000 §7): read the last one again.
  const firstKey = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey === firstKey.current) return;
    void loadLast();
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
        onLocationsChanged={() => void loadLast()}
      />
    </Group>
  );
}

export default ShipmentTracking;
