import { messages } from '@loadline/contracts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useBlocker } from 'react-router';
import { confirm } from './confirm.tsx';

/**
 * The unsaved-changes dialog (spec 000 §2, §8): 'Warning: Unsaved Data', buttons
 * 'Yes, Discard My Changes' and 'No, Stay On Page'. Resolves true when the user discards.
 */
export function confirmDiscardChanges(): Promise<boolean> {
  // One question at a time: a second way out taken while the dialog is open (Esc while a link's navigation
  // is being asked about, a second Esc) waits for the same answer. Stacked, the second dialog would sit under
  // the first, and 'No, Stay On Page' would only uncover it.
  if (asking) return asking;
  const texts = messages.dialogs.unsavedChanges;
  asking = confirm({
    title: texts.title,
    text: texts.text,
    confirmLabel: texts.confirm,
    cancelLabel: texts.cancel,
    danger: true,
  }).finally(() => {
    asking = null;
  });
  return asking;
}
let asking: Promise<boolean> | null = null;

// The forms that hold unsaved data now, wherever they are (a shell's page, a remote's modal): this package
// is one singleton for the shell and its remotes, so one registry serves them all, and one blocker per
// router (react-router honours only one) asks for all of them.
const dirtyForms = new Set<symbol>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The dirty forms inside an `UnsavedChangesScope` (a modal), as well as in the page's registry. */
type Scope = Set<symbol>;
const ScopeContext = createContext<Scope | null>(null);

/** True while some form on the page holds unsaved data. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

export interface UnsavedChangesGuard {
  /**
   * Wraps a way out of the form that is not a navigation — a modal's onClose (Esc, the X, a click outside)
   * or its Cancel button: while the form is dirty it asks first and leaves only on 'Yes, Discard My
   * Changes'.
   */
  confirmLeave: (leave: () => void) => () => void;
}

/**
 * Every form with unsaved data uses this (000 §2 "An unsaved-changes dialog appears when leaving a page with
 * unsaved data"). While `isDirty`: leaving the page inside the app (a link, the sidebar, the browser's Back)
 * shows the unsaved-changes dialog through the shell's `UnsavedChangesBlocker`; closing or reloading the tab
 * gets the browser's own beforeunload prompt (browsers show their own text there); and `confirmLeave` guards
 * the form's own ways out, such as a modal's Esc and X.
 */
export function useUnsavedChangesGuard(isDirty: boolean): UnsavedChangesGuard {
  const id = useRef<symbol>(null);
  id.current ??= Symbol('unsaved form');
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const scope = useContext(ScopeContext);

  useEffect(() => {
    const key = id.current!;
    if (!isDirty) return;
    dirtyForms.add(key);
    scope?.add(key);
    notify();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyForms.delete(key);
      scope?.delete(key);
      notify();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [isDirty, scope]);

  const confirmLeave = useCallback(
    (leave: () => void) => () => {
      if (!dirty.current) {
        leave();
        return;
      }
      void confirmDiscardChanges().then((discard) => {
        if (!discard) return;
        // Discarded: no longer a reason to stop the navigation that may follow.
        dirtyForms.delete(id.current!);
        scope?.delete(id.current!);
        notify();
        leave();
      });
    },
    [scope],
  );
  return { confirmLeave };
}

/**
 * For a modal whose forms are its children (or its children's children, other remotes' included): wrap the
 * content in `<UnsavedChangesScope scope={guard.scope}>` and give the modal `onClose={guard.confirmLeave(
 * onClose)}`, so Esc, the X and a click outside ask first while any form inside holds unsaved data
 * (000 §2, §8), and forms elsewhere on the page do not count.
 */
export function useUnsavedChangesScope(): UnsavedChangesGuard & { scope: Scope } {
  const scope = useRef<Scope>(null);
  scope.current ??= new Set();
  const confirmLeave = useCallback(
    (leave: () => void) => () => {
      const inside = scope.current!;
      if (inside.size === 0) {
        leave();
        return;
      }
      void confirmDiscardChanges().then((discard) => {
        if (!discard) return;
        for (const key of inside) dirtyForms.delete(key);
        inside.clear();
        notify();
        leave();
      });
    },
    [],
  );
  return { scope: scope.current, confirmLeave };
}

/** Collects the dirty forms inside it for `useUnsavedChangesScope`'s `confirmLeave`. */
export function UnsavedChangesScope({ scope, children }: { scope: Scope; children: ReactNode }) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/**
 * The one navigation blocker of a router (react-router honours one at a time): mounted once by the shell
 * (`ShellGate`), it shows the unsaved-changes dialog when any form holds unsaved data and the user leaves the
 * page (another path or query; the hash of the same page does not leave it). Needs a data router.
 */
export function UnsavedChangesBlocker() {
  // Re-rendered when forms become dirty or clean, so the blocker below always reads the registry.
  useSyncExternalStore(subscribe, hasUnsavedChanges, hasUnsavedChanges);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDiscardChanges().then((discard) => {
      asking.current = false;
      if (discard) {
        dirtyForms.clear();
        notify();
        blocker.proceed?.();
      } else blocker.reset?.();
    });
  }, [blocker]);
  return null;
}
