// The demo data (store/seed.ts), then each demo customer's credit position computed and published, so the
// shipments service's credit hold and the over-credit notice see Globex over its limit from the start.
import { demoCustomers } from '@loadline/contracts/demo';
import type { AccountingDeps } from '../service.ts';
import { seedDemoData } from '../store/seed.ts';
import { refreshCredit } from './credit.ts';

export async function seedDemo(deps: AccountingDeps): Promise<void> {
  await seedDemoData(deps);
  await deps.runtime.db.transaction().execute((trx) =>
    refreshCredit(
      deps,
      trx,
      demoCustomers.map((c) => c.organizationId),
    ),
  );
}
