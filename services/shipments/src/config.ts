// The shipments service's own settings, read once from the environment: which carriers the local
// carrier-dispatch adapter tenders to and which of them refuse (adapters/local-dispatch.ts).
import type { Env } from '@loadline/platform';
import { type LocalDispatchConfig, localDispatchConfig } from './adapters/local-dispatch.ts';

export interface ShipmentsSettings {
  /** DISPATCH_SCACS and DISPATCH_REFUSE */
  dispatch: LocalDispatchConfig;
  /**
   * IMPORT_LOCK_MS: how long an import job's lock lasts without renewal; a worker killed half-way has its job
   * taken up again by another worker within about twice this (BullMQ's default 30 s).
   */
  importLockMs: number;
}

export const loadShipmentsSettings = (env: Env): ShipmentsSettings => ({
  dispatch: localDispatchConfig(env),
  importLockMs: Number(env.IMPORT_LOCK_MS ?? 30_000),
});
