// Electronic dispatch rules (000 §3 status update response, §4, §8 dispatch outcomes). Pure.
//
// Moving a leg to Dispatched, Ready or Sent tenders it to the leg's carrier when that carrier has
// electronic dispatch (an adapter supports it). The status change is committed first and stands
// whatever the carrier answers: the outcome is reported in the response (the screen shows the
// 000 §8 dispatch message) and written to the activity log as a system note.
import {
  DEFAULT_NOTE_ACCESS_LEVEL,
  ShipmentActivityType,
  ShipmentStatus,
  showsDispatchOutcome,
} from '@loadline/contracts/catalogue';

/** A leg moved to Dispatched, Ready or Sent (from another status) is tendered. */
export function shouldTryDispatch(previousLegStatus: number, newLegStatus: number): boolean {
  return previousLegStatus !== newLegStatus && showsDispatchOutcome(newLegStatus);
}

export interface DispatchOutcome {
  tried: boolean;
  dispatched: boolean;
  errors: string[];
  confirmationNumber: string | null;
}

export const notTried: DispatchOutcome = Object.freeze({
  tried: false,
  dispatched: false,
  errors: [],
  confirmationNumber: null,
});

/** The 000 §3 response fields. */
export function dispatchAnswer(outcome: DispatchOutcome) {
  return {
    shipmentDispatchTried: outcome.tried,
    shipmentDispatched: outcome.tried && outcome.dispatched,
    shipmentDispatchErrors: outcome.errors.map((errorMessage) => ({ errorMessage })),
  };
}

/** Ours: the error reported when the adapter failed or did not answer in time. */
export const noAnswerMessage = (reason: string) =>
  `The carrier's dispatch service did not answer (${reason}).`;

/**
 * The author of system notes. 000 §4 tells system notes apart by a user name starting with
 * "System" (the activity log's "non-system notes" filter); the catalogue holds no such constant.
 */
export const systemActor = Object.freeze({ userId: 'usr_system', name: 'System' });

/** The dispatch note: an Operations activity, Private (the default level), not pinned. */
export const dispatchNoteType = ShipmentActivityType.values.Operations;
export const dispatchNoteAccessLevel = DEFAULT_NOTE_ACCESS_LEVEL;

/** The activity note's text (ours: the spec quotes the toasts, which point to this note for details). */
export function dispatchNoteText(input: {
  outcome: DispatchOutcome;
  status: number;
  carrierName: string | null;
  scac: string | null;
  adapterName: string;
  requestedBy: string;
}): string {
  const { outcome } = input;
  const carrier = [input.carrierName, input.scac ? `(${input.scac})` : null].filter(Boolean).join(' ');
  const head = `Electronic dispatch to ${carrier || 'the carrier'} through ${input.adapterName}, on the move to ${ShipmentStatus.nameOf(input.status) ?? input.status} by ${input.requestedBy}:`;
  if (outcome.dispatched) {
    return `${head} accepted${outcome.confirmationNumber ? `, confirmation ${outcome.confirmationNumber}` : ''}.`;
  }
  const why = outcome.errors.length > 0 ? ` ${outcome.errors.join(' ')}` : '';
  return `${head} failed.${why}`;
}

// What a carrier is tendered (the adapters in adapters/ speak it to one kind of carrier connection).

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
