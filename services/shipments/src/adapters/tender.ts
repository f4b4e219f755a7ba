// Tenders a load through the adapter with a time limit; a failure or a time-out is a failed
// dispatch, never a failed status update (the status change is already committed).
import { type DispatchOutcome, noAnswerMessage } from '../domain/dispatch.ts';
import { type CarrierDispatchAdapter, type DispatchRequest, dispatchTimeoutMs } from './carrier-dispatch.ts';

export async function tender(
  adapter: CarrierDispatchAdapter,
  request: DispatchRequest,
  timeoutMs = dispatchTimeoutMs,
): Promise<DispatchOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const result = await Promise.race([
      adapter.dispatch(request, signal),
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), {
          once: true,
        }),
      ),
    ]);
    return {
      tried: true,
      dispatched: result.dispatched,
      errors: result.dispatched ? [] : result.errors.filter((e) => e.trim() !== ''),
      confirmationNumber: result.confirmationNumber,
    };
  } catch (error) {
    return {
      tried: true,
      dispatched: false,
      errors: [noAnswerMessage(error instanceof Error ? error.message : String(error))],
      confirmationNumber: null,
    };
  }
}
