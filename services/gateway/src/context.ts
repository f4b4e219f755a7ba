import type { ServiceRuntime } from '@loadline/platform';
import type { IdentityDirectory } from './auth/identity.ts';
import type { ServiceName } from './domain/routing.ts';
import type { GatewayTables } from './store/tables.ts';

/** What the gateway's routes share. */
export interface GatewayContext {
  runtime: ServiceRuntime<GatewayTables>;
  directory: IdentityDirectory;
  identityPrivateKey: string;
  /** base URL of each running service, e.g. { directory: 'http://127.0.0.1:8101' } */
  services: Partial<Record<ServiceName, string>>;
  secureCookies: boolean;
  /** before every Redis key: the event namespace (empty in production, unique per test run) */
  keyPrefix: string;
  /**
   * Ends every session of a user but `keep`, and closes their live connections on every replica
   * (a password change, a disabled user, a removed role: decision 0009).
   */
  endSessions(userId: string, keep?: string): Promise<void>;
}
