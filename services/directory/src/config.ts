// The directory's own settings: none beyond the platform's (database, NATS, Redis, port, identity key).
import type { Env } from '@loadline/platform';

export type DirectorySettings = Record<string, never>;

export const loadDirectorySettings = (_env: Env): DirectorySettings => ({});
