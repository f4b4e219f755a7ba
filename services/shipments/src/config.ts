// The shipments service's own settings, read once from the environment: which carriers the local
// carrier-dispatch adapter tenders to and which of them refuse (adapters/local-dispatch.ts).
import type { Env } from '@loadline/platform';
import { type LocalDispatchConfig, localDispatchConfig } from './adapters/local-dispatch.ts';

export interface ShipmentsSettings {
  /** DISPATCH_SCACS and DISPATCH_REFUSE */
  dispatch: LocalDispatchConfig;
}

export const loadShipmentsSettings = (env: Env): ShipmentsSettings => ({
  dispatch: localDispatchConfig(env),
});
