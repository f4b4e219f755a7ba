import { useCallback } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * Navigates to a full path such as '/back-office/customer/staff/details/7': inside the app when the path
 * lies under the router's basename, otherwise as a page load (another shell, a server-rendered page).
 */
export function useAppNavigate(): (fullPath: string, options?: { newTab?: boolean }) => void {
  const navigate = useNavigate();
  const base = useHref('/').replace(/\/$/, '');
  return useCallback(
    (fullPath: string, options?: { newTab?: boolean }) => {
      if (options?.newTab) {
        window.open(fullPath, '_blank', 'noopener');
        return;
      }
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
