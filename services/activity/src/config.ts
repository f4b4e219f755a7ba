// The activity service's own settings: none beyond the platform's (database, NATS, Redis, port, identity
// key, SEED_DEMO_DATA).
import type { Env } from '@loadline/platform';

export type ActivitySettings = Record<string, never>;

export const loadActivitySettings = (_env: Env): ActivitySettings => ({});
