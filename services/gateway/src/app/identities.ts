// Who a signed-in user is, from the gateway's read model of the directory, cached briefly in the process:
// every request of a session asks, and the answer changes rarely. The read model's consumer drops the cache
// when a user or an organization changes (other replicas drop theirs within the cache's lifetime).
import type { Kysely, ServiceRuntime } from '@loadline/platform';
import type { Me } from '../domain/identity.ts';
import { loadMe } from '../store/identities.ts';
import type { GatewayTables } from '../store/tables.ts';

/** Short cache: permission changes reach a signed-in user within this time. */
const cacheMilliseconds = 2000;

export class IdentityDirectory {
  private readonly cache = new Map<string, { me: Me | null; at: number }>();
  private readonly db: Kysely<GatewayTables>;
  constructor(db: Kysely<GatewayTables>) {
    this.db = db;
  }

  forgetAll(): void {
    this.cache.clear();
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }

  async me(userId: string): Promise<Me | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < cacheMilliseconds) return hit.me;
    const me = await loadMe(this.db, userId);
    this.cache.set(userId, { me, at: Date.now() });
    if (this.cache.size > 10_000) this.cache.clear();
    return me;
  }
}

/** One cache per runtime (a process holds one; a test may hold two replicas side by side). */
const directories = new WeakMap<object, IdentityDirectory>();

export function identitiesOf(runtime: ServiceRuntime<GatewayTables>): IdentityDirectory {
  let directory = directories.get(runtime);
  if (!directory) {
    directory = new IdentityDirectory(runtime.db);
    directories.set(runtime, directory);
  }
  return directory;
}
