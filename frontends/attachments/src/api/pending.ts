// Routes this remote calls that contracts/types/*.ts does not have yet, typed in openapi-fetch's shape with
// a TODO naming the route: when `node infra/dev/contracts.ts` generates it, delete the entry here.

type Json<T> = { content: { 'application/json': T } };
type Ok<T> = { 200: { headers: { [name: string]: unknown } } & Json<T> };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };

/** GET /api/carrierCompliance/{shipmentId} (001 §7): may the carrier confirmation sheet be sent? */
export interface CarrierCompliance {
  carrierConfirmationAvailable: boolean;
  /** 001 §5's text when it is not available */
  message: string | null;
}

export interface PendingPaths {
  // TODO(carriers service, issue 7): GET /api/carrierCompliance/{shipmentId} — replace with the generated
  // type once contracts/types/carriers.ts is on main.
  '/api/carrierCompliance/{shipmentId}': {
    parameters: NoParams;
    get: { parameters: { path: { shipmentId: number } }; responses: Ok<CarrierCompliance> };
  };
}
