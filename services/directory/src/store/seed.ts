// Loads the shared demo data (contracts/demo). Inserts by fixed ids and leaves what exists alone:
// seeding twice changes nothing, and a restart never reverts what someone changed in the demo.
import { StaffPermission } from '@loadline/contracts/catalogue';
import { demoFeatureFlags, demoOrganizations, demoSystemAlerts, demoUsers } from '@loadline/contracts/demo';
import { sql } from '@loadline/platform';
import type { DirectoryDeps } from '../service.ts';
import { saveOrganization } from './organizations.ts';
import { saveUser } from './users.ts';

export async function seedDemoData({ runtime }: Pick<DirectoryDeps, 'runtime'>): Promise<void> {
  await runtime.db.transaction().execute(async (trx) => {
    // The flags first: a broker's organization.changed carries the density scale they decide.
    for (const flag of demoFeatureFlags) {
      await trx
        .insertInto('feature_flag')
        .values({ broker_id: flag.brokerId, flag: flag.flag })
        .onConflict((oc) => oc.columns(['broker_id', 'flag']).doNothing())
        .execute();
    }
    for (const organization of demoOrganizations) {
      await saveOrganization(runtime, trx, { ...organization }, 'insertOnly');
    }
    for (const user of demoUsers) {
      await saveUser(
        runtime,
        trx,
        {
          ...user,
          permissions: StaffPermission.combine(
            ...(user.permissions as Parameters<typeof StaffPermission.combine>),
          ),
          customerSettings: 0,
          active: true,
        },
        'insertOnly',
      );
    }
    for (const alert of demoSystemAlerts) {
      await trx
        .insertInto('system_alert')
        .values({
          system_alert_id: alert.systemAlertId,
          area: alert.area,
          title: alert.title,
          body: alert.body,
          high_priority: alert.highPriority,
        })
        .onConflict((oc) => oc.column('system_alert_id').doNothing())
        .execute();
    }
    await sql`select setval(pg_get_serial_sequence('system_alert', 'system_alert_id'), greatest((select max(system_alert_id) from system_alert), 1))`.execute(
      trx,
    );
  });
}
