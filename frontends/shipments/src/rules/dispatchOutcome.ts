// The dispatch outcome after a successful status update (000 §4, §8): shown when the resulting status is
// Dispatched, Ready or Sent. Pure: picks the catalogue's text and the kind of toast.

import { messages, showsDispatchOutcome } from '@loadline/contracts';
import type { StatusUpdateAnswer } from '../api/types.ts';

export interface DispatchOutcome {
  kind: 'success' | 'error' | 'warning';
  text: string;
}

export function dispatchOutcome(
  answer: Pick<
    StatusUpdateAnswer,
    'status' | 'shipmentDispatchTried' | 'shipmentDispatched' | 'shipmentDispatchErrors'
  >,
): DispatchOutcome | null {
  if (!showsDispatchOutcome(answer.status)) return null;
  if (answer.shipmentDispatched) return { kind: 'success', text: messages.dispatch.dispatched };
  if (answer.shipmentDispatchTried) {
    const errors = answer.shipmentDispatchErrors.map((e) => e.errorMessage).filter((m) => m.trim() !== '');
    return { kind: 'error', text: messages.dispatch.failedWithErrors(errors) };
  }
  return { kind: 'warning', text: messages.dispatch.notAvailable };
}
