// The local default carrier-dispatch adapter: no carrier is called. Which carriers have electronic
// dispatch, and which of them refuse (with what message), is configuration:
//
//   DISPATCH_SCACS=*                      carriers with electronic dispatch: '*' (every carrier with a
//                                         SCAC, the default), a comma-separated SCAC list, or empty (none)
//   DISPATCH_REFUSE=SMCR=No capacity|ABCD  carriers that refuse, each SCAC with an optional message
//                                         after '='; entries separated by '|'
//
// Accepting answers a confirmation number made from the SCAC and the idempotency key, so the same
// tender confirms the same way twice.
import { createHash } from 'node:crypto';
import type {
  CarrierDispatchAdapter,
  DispatchCarrier,
  DispatchRequest,
  DispatchResult,
} from './carrier-dispatch.ts';

export interface LocalDispatchConfig {
  /** SCACs with electronic dispatch, or '*' for every carrier that has a SCAC */
  scacs: '*' | readonly string[];
  /** SCAC → the message the carrier refuses with */
  refusals: Readonly<Record<string, string>>;
}

/** Ours: the refusal message when the configuration gives none. */
export const defaultRefusalMessage = 'The carrier refused the load tender.';

const scacOf = (text: string) => text.trim().toUpperCase();

/** Reads DISPATCH_SCACS and DISPATCH_REFUSE (see the top of this file). */
export function localDispatchConfig(env: Record<string, string | undefined>): LocalDispatchConfig {
  const scacsText = env.DISPATCH_SCACS?.trim() ?? '*';
  const scacs =
    scacsText === '*'
      ? '*'
      : scacsText
          .split(',')
          .map(scacOf)
          .filter((s) => s !== '');
  const refusals: Record<string, string> = {};
  for (const entry of (env.DISPATCH_REFUSE ?? '').split('|')) {
    const at = entry.indexOf('=');
    const scac = scacOf(at < 0 ? entry : entry.slice(0, at));
    if (scac === '') continue;
    const message = at < 0 ? '' : entry.slice(at + 1).trim();
    refusals[scac] = message || defaultRefusalMessage;
  }
  return { scacs, refusals };
}

export class LocalDispatchAdapter implements CarrierDispatchAdapter {
  readonly name = 'local dispatch';
  readonly #config: LocalDispatchConfig;

  constructor(config: LocalDispatchConfig) {
    this.#config = config;
  }

  supports(carrier: DispatchCarrier): boolean {
    const scac = carrier.scac ? scacOf(carrier.scac) : '';
    if (scac === '') return false;
    return this.#config.scacs === '*' || this.#config.scacs.includes(scac);
  }

  async dispatch(request: DispatchRequest, signal: AbortSignal): Promise<DispatchResult> {
    signal.throwIfAborted();
    const scac = scacOf(request.carrier.scac ?? '');
    const refusal = this.#config.refusals[scac];
    if (refusal !== undefined) return { dispatched: false, errors: [refusal], confirmationNumber: null };
    return {
      dispatched: true,
      errors: [],
      confirmationNumber: `${scac}-${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 10).toUpperCase()}`,
    };
  }
}
