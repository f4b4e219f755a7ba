// Electronic dispatch: a status update that moves a leg to Dispatched, Ready or Sent (000 §4) tenders
// the load to the leg's carrier through a carrier-dispatch adapter, when that carrier has one. An
// adapter speaks to one kind of carrier connection (EDI 204, a carrier's API, a load-tender
// service); `LocalDispatchAdapter` (local.ts) is the default, accepting or refusing by configuration.

export interface DispatchCarrier {
  carrierMasterId: string | null;
  name: string | null;
  scac: string | null;
}

export interface DispatchStop {
  companyName: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  /** wall-clock date-times at the stop, 'YYYY-MM-DDTHH:mm:ss' */
  readyDateTime: string | null;
  closeDateTime: string | null;
}

export interface DispatchRequest {
  /** the same tender asked twice (a retry) carries the same key: the carrier books it once */
  idempotencyKey: string;
  shipmentId: number;
  brokerId: string;
  transitLegId: string;
  transitType: number;
  /** the status the leg moved to (Dispatched, Ready or Sent) */
  status: number;
  carrier: DispatchCarrier;
  serviceLevel: number | null;
  proNumber: string | null;
  pickup: DispatchStop | null;
  delivery: DispatchStop | null;
  totalWeight: number | null;
  weightUnit: number;
  totalHandlingUnits: number | null;
}

export interface DispatchResult {
  dispatched: boolean;
  /** why the carrier refused, one message each (000 §3 shipmentDispatchErrors) */
  errors: string[];
  /** the carrier's confirmation, when it gives one */
  confirmationNumber: string | null;
}

export interface CarrierDispatchAdapter {
  /** shown in the activity note ("through <name>") */
  readonly name: string;
  /** Whether this carrier has electronic dispatch through this adapter. */
  supports(carrier: DispatchCarrier): boolean;
  /** Tenders the load. A thrown error or an abort counts as a failed dispatch. */
  dispatch(request: DispatchRequest, signal: AbortSignal): Promise<DispatchResult>;
}

/** Ours: how long a status update waits for the carrier before reporting the dispatch as failed. */
export const dispatchTimeoutMs = 10_000;
