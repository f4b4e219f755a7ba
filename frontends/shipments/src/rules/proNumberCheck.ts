// The pro-number duplicate check (000 §5, §9): only when a carrier is set and the number has at least 6
// characters, 500 ms after the last edit. The timing lives here, apart from React, so it is tested with
// fake timers; `useProNumberDuplicateCheck` wires it to the API and the toasts.

import { PRO_NUMBER_DUPLICATE_CHECK_WAIT_MS } from '@loadline/contracts';
import { checksProNumberDuplicates } from '@loadline/contracts/rules/shipments';

/** A carrier is set and the (trimmed) number has at least 6 characters: the rule the service applies too. */
export const shouldCheckProNumber = checksProNumberDuplicates;

export type ProNumberCheckState =
  | { state: 'idle' }
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'checked'; proNumber: string; duplicate: boolean }
  | { state: 'failed' };

export interface ProNumberCheckOptions {
  /** Asks the server; resolves true when another shipment has the number, rejects on failure. */
  check: (proNumber: string, signal: AbortSignal) => Promise<boolean>;
  onState: (state: ProNumberCheckState) => void;
  waitMs?: number;
}

export interface ProNumberCheck {
  /** Every keystroke: restarts the wait; an earlier check still running is dropped. */
  edit(carrierId: string | null | undefined, proNumber: string): void;
  dispose(): void;
}

export function createProNumberCheck({
  check,
  onState,
  waitMs = PRO_NUMBER_DUPLICATE_CHECK_WAIT_MS,
}: ProNumberCheckOptions): ProNumberCheck {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    running?.abort();
    running = undefined;
  };
  return {
    edit(carrierId, proNumber) {
      stop();
      if (!shouldCheckProNumber(carrierId, proNumber)) {
        onState({ state: 'idle' });
        return;
      }
      const value = proNumber.trim();
      onState({ state: 'waiting' });
      timer = setTimeout(() => {
        timer = undefined;
        const controller = new AbortController();
        running = controller;
        onState({ state: 'checking' });
        check(value, controller.signal).then(
          (duplicate) => {
            if (running !== controller) return;
            running = undefined;
            onState({ state: 'checked', proNumber: value, duplicate });
          },
          () => {
            if (running !== controller) return;
            running = undefined;
            onState({ state: 'failed' });
          },
        );
      }, waitMs);
    },
    dispose: stop,
  };
}
