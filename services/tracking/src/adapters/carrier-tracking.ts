// The tracking test of 000 §4 asks the carrier where a load is through an integration source (002
// §3.8 integration ids) behind this adapter. The answer is the carrier's latest report: a position and
// the time it was reported (not the time of asking), so asking twice between two reports gives the same
// report and adds nothing (issue 14 item 9). The local default answers from configured routes: a
// source it knows reports the truck on the shipment's lane every `reportEveryMinutes` (15 by default,
// as a truck's telematics do), by the share of the transit time gone; a configured failure (or an
// unknown source) answers no position.
import { along, type Position, shareGone } from '../domain/route-position.ts';

export interface TrackingRequest {
  integrationSourceId: number;
  proNumber: string;
  scac: string | null;
  /** the lane and planned times, which a local route follows */
  origin: Position | null;
  destination: Position | null;
  pickupAt: Date | null;
  deliveryAt: Date | null;
}

export type TrackingAnswer =
  /** `at`: when the carrier reported the position */
  { found: true; position: Position; at: Date } | { found: false; message: string };

export interface CarrierTrackingAdapter {
  track(request: TrackingRequest): Promise<TrackingAnswer>;
}

export interface LocalTrackingConfig {
  /** integration source ids that answer; '*' any */
  sources: '*' | number[];
  /** pro numbers (or integration source ids as `source:<id>`) that answer with a failure */
  failing: string[];
  /** how often the carriers report a position (TRACKING_TEST_REPORT_MINUTES, default 15) */
  reportEveryMinutes?: number;
}

export class LocalCarrierTracking implements CarrierTrackingAdapter {
  private readonly config: LocalTrackingConfig;
  private readonly now: () => Date;
  constructor(config: LocalTrackingConfig, now: () => Date = () => new Date()) {
    this.config = config;
    this.now = now;
  }
  async track(request: TrackingRequest): Promise<TrackingAnswer> {
    const known = this.config.sources === '*' || this.config.sources.includes(request.integrationSourceId);
    if (!known)
      return { found: false, message: `Integration source ${request.integrationSourceId} is not connected.` };
    if (
      this.config.failing.includes(request.proNumber) ||
      this.config.failing.includes(`source:${request.integrationSourceId}`)
    )
      return { found: false, message: `The carrier has no position for pro number ${request.proNumber}.` };
    if (!request.origin || !request.destination)
      return { found: false, message: 'The shipment has no lane to follow.' };
    // The latest report: the last whole reporting interval.
    const every = (this.config.reportEveryMinutes ?? 15) * 60_000;
    const at = new Date(Math.floor(this.now().getTime() / every) * every);
    const share =
      request.pickupAt && request.deliveryAt ? shareGone(request.pickupAt, request.deliveryAt, at) : 0.5;
    return { found: true, position: along(request.origin, request.destination, share), at };
  }
}
