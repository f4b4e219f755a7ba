import {
  RemoteModuleIds,
  RemotePage,
  type ShipmentTrackingProps,
  useOptionalShellRuntime,
} from '@loadline/ui';
import { LastKnownLocation } from '../LastKnownLocation/index.ts';

/**
 * Where the tracking remote plugs in (`tracking/ShipmentTracking`: the last known location, the location
 * history modal, request driver location and, in the edit-status modal, the tracking test on open). Outside
 * a shell (this remote's stand-alone harness, its tests) the plain last-known-location line stands in.
 */
export function TrackingPlugin(props: ShipmentTrackingProps) {
  const runtime = useOptionalShellRuntime();
  if (!runtime) return <LastKnownLocation shipmentId={props.shipmentId} tracking={props.tracking ?? false} />;
  return (
    <RemotePage<ShipmentTrackingProps> name="Tracking" id={RemoteModuleIds.shipmentTracking} props={props} />
  );
}
