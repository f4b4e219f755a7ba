// The carriers service's own settings: none beyond the platform's (database, NATS, Redis, port, identity key).
import type { Env } from '@loadline/platform';

export type CarriersSettings = Record<string, never>;

export const loadCarriersSettings = (_env: Env): CarriersSettings => ({});
