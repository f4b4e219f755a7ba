// System alerts (spec 000 §3, 001 §3, §9): the list shows 2 at first; `showall` returns them all.

/** 001 §9: at most 2 alerts are shown at first. */
export const alertsShownAtFirst = 2;

export const systemAlertAreas = ['backoffice', 'frontoffice'] as const;
export type SystemAlertArea = (typeof systemAlertAreas)[number];

/** High-priority alerts first, then the newest. */
export function orderAlerts<T extends { highPriority: boolean; systemAlertId: number }>(alerts: T[]): T[] {
  return [...alerts].sort(
    (a, b) => Number(b.highPriority) - Number(a.highPriority) || b.systemAlertId - a.systemAlertId,
  );
}
