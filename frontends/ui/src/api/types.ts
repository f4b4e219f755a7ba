// Types of the API behind the gateway, derived from the OpenAPI types generated into @loadline/contracts
// (contracts/types/*.ts, `npm run contracts`). Nothing here is written by hand: each name is a path into
// the generated `paths`/`components`, so a change on a server shows up here as a type error.

import type { paths as AccountingPaths } from '@loadline/contracts/types/accounting';
import type {
  components as DirectoryComponents,
  paths as DirectoryPaths,
} from '@loadline/contracts/types/directory';
import type {
  components as GatewayComponents,
  paths as GatewayOwnPaths,
} from '@loadline/contracts/types/gateway';
import type { paths as TrackingPaths } from '@loadline/contracts/types/tracking';

/**
 * Everything the shells call goes through the gateway: its own routes plus the services it routes to.
 * Add a service's `paths` here when its generated types are committed.
 */
export type GatewayPaths = GatewayOwnPaths &
  DirectoryPaths &
  TrackingPaths &
  // the product's one progress tracker (decision 0051), answered for every long job
  Pick<AccountingPaths, '/api/progressTracker/CreateTracker' | '/api/progressTracker/GetProgress'>;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessOf<R> = R extends Record<number, unknown> ? JsonOf<R[Extract<keyof R, 200 | 201>]> : never;

/** The JSON body of the 200/201 answer of `method` on `path`. */
export type ResponseBody<
  P extends keyof GatewayPaths,
  M extends keyof GatewayPaths[P],
> = GatewayPaths[P][M] extends {
  responses: infer R;
}
  ? SuccessOf<R>
  : never;

/** The JSON request body of `method` on `path`. */
export type RequestBody<
  P extends keyof GatewayPaths,
  M extends keyof GatewayPaths[P],
> = GatewayPaths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

type QueryOf<P extends keyof GatewayPaths, M extends keyof GatewayPaths[P]> = GatewayPaths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

/** A progress tracker's state (decision 0051): whole percents, finished, a flagged error, done of total. */
export type ProgressSnapshot = ResponseBody<'/api/progressTracker/GetProgress', 'get'>;
export type ProgressTrackerType = ProgressSnapshot['trackerType'];

/** The server's one error shape: { statusCode, error, message, errors?, requestId? }. */
export type ErrorBody = DirectoryComponents['schemas']['ErrorBody'];

export type CurrentUser = GatewayComponents['schemas']['Me'];
export type PresenceUser = GatewayComponents['schemas']['PresenceUser'];
export type ShellConfig = ResponseBody<'/api/config', 'get'>;
export type Organization = DirectoryComponents['schemas']['Organization'];
export type SystemAlert = DirectoryComponents['schemas']['SystemAlert'];
export type SystemAlertsAnswer = ResponseBody<'/api/systemalerts', 'get'>;
export type SystemAlertArea = NonNullable<QueryOf<'/api/systemalerts', 'get'>['area']>;
/** 001 §3's search result; a carrier's (type 6, decision 0017) also names the carrier master to open. */
export type UniversalSearchResult = DirectoryComponents['schemas']['UniversalSearchResult'] & {
  carrierMasterId?: string | null;
};
export type SupportRequestBody = RequestBody<'/api/support/create', 'post'>;
