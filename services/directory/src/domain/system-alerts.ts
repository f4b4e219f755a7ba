// System alerts (spec 000 §3, 001 §3, §9): the list shows 2 at first; `showall` returns them all.
import { SYSTEM_ALERTS_SHOWN_FIRST, type SystemAlertArea } from '@loadline/contracts/catalogue';

export const alertsShownAtFirst = SYSTEM_ALERTS_SHOWN_FIRST;

export type { SystemAlertArea };

/** Staff read the back office's alerts and may look at the front office's; customers only their own office's. */
export function alertAreaFor(
  kind: 'staff' | 'customer',
  asked: SystemAlertArea | undefined,
): SystemAlertArea {
  if (kind === 'customer') return 'frontoffice';
  return asked ?? 'backoffice';
}

/** High-priority alerts first, then the newest. */
export function orderAlerts<T extends { highPriority: boolean; systemAlertId: number }>(alerts: T[]): T[] {
  return [...alerts].sort(
    (a, b) => Number(b.highPriority) - Number(a.highPriority) || b.systemAlertId - a.systemAlertId,
  );
}

/** A system alert as the lists show it. */
export interface SystemAlert {
  systemAlertId: number;
  title: string;
  body: string;
  highPriority: boolean;
}
