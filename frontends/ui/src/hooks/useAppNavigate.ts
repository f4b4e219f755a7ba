import { shellPathOfShipmentRoute } from '@loadline/contracts';
import { useCallback } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * The shell path a full path opens: 000 §2's hash-routed shipment pages (/Backoffice/ShipmentInternational#/
 * Details/{id} and the like) are the back-office shell's own pages; any other path is itself.
 */
export function shellPathOf(fullPath: string): string {
  const hashAt = fullPath.indexOf('#');
  const path = hashAt < 0 ? fullPath : fullPath.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : fullPath.slice(hashAt);
  return shellPathOfShipmentRoute(path, hash) ?? fullPath;
}

/**
 * Navigates to a full path such as '/back-office/customer/staff/details/7': inside the app when the path
 * lies under the router's basename (000 §2's hash-routed shipment pages included: `shellPathOf`),
 * otherwise as a page load (another shell, a server-rendered page).
 */
export function useAppNavigate(): (fullPath: string, options?: { newTab?: boolean }) => void {
  const navigate = useNavigate();
  const base = useHref('/').replace(/\/$/, '');
  return useCallback(
    (given: string, options?: { newTab?: boolean }) => {
      if (options?.newTab) {
        window.open(given, '_blank', 'noopener');
        return;
      }
      const fullPath = base === '' ? given : shellPathOf(given);
      if (
        base !== '' &&
        (fullPath === base || fullPath.startsWith(`${base}/`) || fullPath.startsWith(`${base}?`))
      ) {
        navigate(fullPath.slice(base.length) || '/');
      } else if (base === '') {
        navigate(fullPath);
      } else {
        window.location.assign(fullPath);
      }
    },
    [navigate, base],
  );
}
