// Routes this remote calls that contracts/types/*.ts does not have yet. Each is a small typed stand-in in
// openapi-fetch's shape with a TODO naming the route: when `node infra/dev/contracts.ts` generates the route,
// delete its entry here (RemotePaths in types.ts then takes the generated one) and fix what the compiler
// points at.

type Json<T> = { content: { 'application/json': T } };
type Ok<T> = { 200: { headers: { [name: string]: unknown } } & Json<T> };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };

/** GET /api/Lastlocation/{shipmentId} (000 §3 "Last location"). */
export interface LastLocation {
  locationStringFull: string | null;
  locationDateTime: string | null;
}

export interface PendingPaths {
  // TODO(tracking service, not in issue 3): GET /api/Lastlocation/{shipmentId} — replace with the generated
  // type once the tracking service publishes contracts/types/tracking.ts.
  '/api/Lastlocation/{shipmentId}': {
    parameters: NoParams;
    get: { parameters: { path: { shipmentId: number } }; responses: Ok<LastLocation | null> };
  };
}
