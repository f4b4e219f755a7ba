// Sign-in credentials for the shared demo users (contracts/demo), all with the demo password.
// Upserts by user id and keeps an existing hash: seeding twice changes nothing.
import { demoPassword, demoUsers } from '@loadline/contracts/demo';
import type { ServiceRuntime } from '@loadline/platform';
import { hashPassword } from '../auth/passwords.ts';
import type { GatewayTables } from './tables.ts';

export async function seedDemoData(runtime: ServiceRuntime<GatewayTables>): Promise<void> {
  const existing = new Set(
    (await runtime.db.selectFrom('credential').select('user_id').execute()).map((r) => r.user_id),
  );
  for (const user of demoUsers) {
    if (existing.has(user.userId)) continue;
    await runtime.db
      .insertInto('credential')
      .values({ user_id: user.userId, password_hash: await hashPassword(demoPassword) })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }
}
