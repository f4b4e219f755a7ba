// The popup a Gmail, Microsoft or Front mailbox signs in through (001 §2 "mailbox sign-in popups"; decision
// 0036). It is opened empty inside the click (a popup opened later, after a request, is blocked by browsers),
// sent to the provider's authorization page, and watched: while it shows the provider's page its address
// cannot be read (another origin); once the provider sends it back to our redirect page it can, and its
// query holds the code and state (or the provider's error). The popup is then closed here.

export type PopupReturn =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'error'; error: string }
  | { kind: 'closed' };

const popupFeatures = 'popup=yes,width=520,height=680';

/** Opens the empty popup; null when the browser blocked it. */
export const openSignInPopup = (): Window | null =>
  window.open('about:blank', 'loadline-mailbox-sign-in', popupFeatures);

/** The popup's address when it is ours again (same origin), else null: it is still at the provider. */
function readableAddress(popup: Window): string | null {
  try {
    return popup.location.href;
  } catch {
    return null;
  }
}

/** Waits until the popup is back on `redirectUrl` (its code or error read, the popup closed) or closed. */
export function waitForPopupReturn(
  popup: Window,
  redirectUrl: string,
  intervalMs = 250,
): Promise<PopupReturn> {
  const target = new URL(redirectUrl);
  return new Promise((resolve) => {
    const timer = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(timer);
        resolve({ kind: 'closed' });
        return;
      }
      const href = readableAddress(popup);
      if (!href || href === 'about:blank') return;
      const at = new URL(href);
      if (at.origin !== target.origin || at.pathname !== target.pathname) return;
      window.clearInterval(timer);
      popup.close();
      const query = at.searchParams;
      const code = query.get('code');
      const state = query.get('state');
      resolve(
        code && state
          ? { kind: 'code', code, state }
          : { kind: 'error', error: query.get('error_description') || query.get('error') || 'no code' },
      );
    }, intervalMs);
  });
}
