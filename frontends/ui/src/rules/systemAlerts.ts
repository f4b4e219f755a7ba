// System alerts (001 §3, §9): a dismissed alert stays hidden for 21 days through a cookie.

import { DISMISSED_ALERT_COOKIE_DAYS } from '@loadline/contracts';

const SECONDS_PER_DAY = 24 * 60 * 60;
export const DISMISSED_ALERT_COOKIE_PREFIX = 'loadline_alert_dismissed_';

export function dismissedAlertCookieName(systemAlertId: number | string): string {
  return `${DISMISSED_ALERT_COOKIE_PREFIX}${systemAlertId}`;
}

/** The Set-Cookie string (document.cookie form) that hides an alert for 21 days. */
export function dismissedAlertCookie(systemAlertId: number | string, secure: boolean): string {
  const maxAge = DISMISSED_ALERT_COOKIE_DAYS * SECONDS_PER_DAY;
  return `${dismissedAlertCookieName(systemAlertId)}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The ids of the dismissed alerts found in a cookie header (document.cookie). */
export function dismissedAlertIds(cookieHeader: string): Set<string> {
  const ids = new Set<string>();
  for (const part of cookieHeader.split(';')) {
    const [rawName] = part.trim().split('=');
    if (rawName?.startsWith(DISMISSED_ALERT_COOKIE_PREFIX))
      ids.add(rawName.slice(DISMISSED_ALERT_COOKIE_PREFIX.length));
  }
  return ids;
}
