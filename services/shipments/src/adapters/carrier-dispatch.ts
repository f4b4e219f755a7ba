// Electronic dispatch: a status update that moves a leg to Dispatched, Ready or Sent (000 §4) tenders
// the load to the leg's carrier through a carrier-dispatch adapter, when that carrier has one. An
// adapter speaks to one kind of carrier connection (EDI 204, a carrier's API, a load-tender
// service); `LocalDispatchAdapter` (local-dispatch.ts) is the default, accepting or refusing by configuration.

import type { DispatchCarrier, DispatchRequest, DispatchResult } from '../domain/dispatch.ts';

export type { DispatchCarrier, DispatchRequest, DispatchResult, DispatchStop } from '../domain/dispatch.ts';

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
