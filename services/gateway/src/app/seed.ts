// Sign-in credentials for the shared demo users (contracts/demo), all with the demo password. Seeding twice
// changes nothing: an existing hash is kept.
import { demoPassword, demoUsers } from '@loadline/contracts/demo';
import type { GatewayDeps } from '../service.ts';
import { addMissingCredentials } from '../store/credentials.ts';
import { hashPassword } from './passwords.ts';

export async function seedDemoData(deps: Pick<GatewayDeps, 'runtime'>): Promise<void> {
  await addMissingCredentials(
    deps.runtime.db,
    demoUsers.map((u) => ({ userId: u.userId, passwordHash: () => hashPassword(demoPassword) })),
  );
}
