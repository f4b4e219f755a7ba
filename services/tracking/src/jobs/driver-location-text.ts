// Sends the driver's one-time link by text message (queue `tracking-driver-location-text`). The job
// id is the request id, so a retried request queues nothing twice; the platform retries a failed
// send 5 times with exponential backoff, and the provider gets the request id as idempotency key.
import type { ServiceRuntime } from '@loadline/platform';
import type { TextMessageProvider } from '../adapters/text-messages.ts';
import { driverLinkToken, driverLocationMessage, e164 } from '../domain/driver-location.ts';
import type { TrackingTables } from '../store/tables.ts';

export const driverLocationTextQueue = 'tracking-driver-location-text';

export interface DriverLocationTextJob {
  requestId: string;
}

export interface DriverLinkSettings {
  /** where the gateway is reached from a phone, e.g. https://tms.example.com */
  publicUrl: string;
  /** signs the links' tokens */
  secret: string;
}

/** The public page of a request (served by this service through the gateway). */
export const driverLinkPath = (token: string) => `/driver-location/${token}`;

export function registerDriverLocationTextWorker(
  runtime: ServiceRuntime<TrackingTables>,
  provider: TextMessageProvider,
  link: DriverLinkSettings,
) {
  return runtime.work<DriverLocationTextJob>({
    queue: driverLocationTextQueue,
    concurrency: 4,
    async process(job) {
      const request = await runtime.db
        .selectFrom('driver_location_request')
        .selectAll()
        .where('request_id', '=', job.data.requestId)
        .executeTakeFirst();
      if (!request || request.sent_at) return { skipped: true };
      const url = `${link.publicUrl.replace(/\/$/, '')}${driverLinkPath(driverLinkToken(request.request_id, link.secret))}`;
      const sent = await provider.send({
        to: e164(request.cell_phone),
        body: driverLocationMessage(url),
        reference: request.request_id,
      });
      await runtime.db
        .updateTable('driver_location_request')
        .set({ sent_at: new Date() })
        .where('request_id', '=', request.request_id)
        .execute();
      return sent;
    },
  });
}
