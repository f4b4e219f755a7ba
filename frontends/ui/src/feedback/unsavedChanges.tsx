import { messages } from '@loadline/contracts';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from './confirm.tsx';

/**
 * The unsaved-changes dialog (spec 000 §2, §8): 'Warning: Unsaved Data', buttons
 * 'Yes, Discard My Changes' and 'No, Stay On Page'. Resolves true when the user discards.
 */
export function confirmDiscardChanges(): Promise<boolean> {
  const texts = messages.dialogs.unsavedChanges;
  return confirm({
    title: texts.title,
    text: texts.text,
    confirmLabel: texts.confirm,
    cancelLabel: texts.cancel,
    danger: true,
  });
}

/**
 * While `isDirty`, leaving the page asks first: navigation inside the app (react-router's blocker, which
 * needs a data router such as createBrowserRouter) shows the unsaved-changes dialog; closing or reloading
 * the tab gets the browser's own beforeunload prompt (browsers show their own text there).
 */
export function useUnsavedChangesGuard(isDirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDiscardChanges().then((discard) => {
      asking.current = false;
      if (discard) blocker.proceed?.();
      else blocker.reset?.();
    });
  }, [blocker]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
}
