import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { lazy, type ReactNode, Suspense } from 'react';
import { loadlineTheme } from '../../theme.ts';

// The toasts' container (notifications, transitions, swipe to dismiss) is its own chunk, loaded right after the
// first render. `toast` (feedback/toast.ts) writes to Mantine's notifications store, which is in the first
// chunk: a toast shown before the container has loaded appears as soon as it has.
const Toasts = lazy(() => import(/* webpackChunkName: "ui-toasts" */ './Toasts.tsx'));

export interface LoadlineProviderProps {
  children?: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (jsdom tests). */
  env?: 'default' | 'test';
}

/** The design system's root: Mantine with the Loadline theme, toasts and modals. */
export function LoadlineProvider({ children, env = 'default' }: LoadlineProviderProps) {
  return (
    <MantineProvider theme={loadlineTheme} env={env}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}
