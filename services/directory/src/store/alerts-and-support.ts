// SQL of system alerts (001 §3) and support requests (000 §2 item 12).
import { sql } from '@loadline/platform';
import type { SystemAlert } from '../domain/system-alerts.ts';
import type { Db } from './organizations.ts';

/** The alerts of an office that are current now. */
export async function currentAlerts(db: Db, area: string): Promise<SystemAlert[]> {
  const rows = await db
    .selectFrom('system_alert')
    .select(['system_alert_id', 'title', 'body', 'high_priority'])
    .where('area', '=', area)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .execute();
  return rows.map((r) => ({
    systemAlertId: r.system_alert_id,
    title: r.title,
    body: r.body,
    highPriority: r.high_priority,
  }));
}

export async function insertSupportRequest(
  db: Db,
  request: {
    supportRequestId: string;
    supportRequestType: number;
    currentUrl: string;
    description: string;
    userId: string;
    organizationId: string;
  },
): Promise<void> {
  await db
    .insertInto('support_request')
    .values({
      support_request_id: request.supportRequestId,
      support_request_type: request.supportRequestType,
      current_url: request.currentUrl,
      description: request.description,
      user_id: request.userId,
      organization_id: request.organizationId,
    })
    .execute();
}
