import { messages } from '@loadline/contracts';
import { Button, toast } from '@loadline/ui';
import { useState } from 'react';
import { useShipmentsApi } from '../../api/client.ts';
import { getTrackingLink } from '../../api/shipments.ts';

export interface TrackingLinkButtonProps {
  shipmentId: number;
}

/**
 * Copies the carrier's tracking link (GET /api/ShipmentUpdateStatus/getTrackingLink/{id}) to the
 * clipboard: 'Tracking link copied to clipboard!', else 'Unable to get Tracking link!' (000 §8).
 */
export function TrackingLinkButton({ shipmentId }: TrackingLinkButtonProps) {
  const client = useShipmentsApi();
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    setBusy(true);
    try {
      const answer = await getTrackingLink(client, shipmentId);
      if (!answer.ok || !answer.data) {
        toast.error(messages.locations.trackingLinkFailed);
        return;
      }
      await navigator.clipboard.writeText(answer.data);
      toast.success(messages.locations.trackingLinkCopied);
    } catch {
      toast.error(messages.locations.trackingLinkFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" size="compact-xs" loading={busy} onClick={() => void copy()}>
      Copy tracking link
    </Button>
  );
}
