import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { loadlineTheme } from '../../theme.ts';

export interface LoadlineProviderProps {
  children?: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (jsdom tests). */
  env?: 'default' | 'test';
}

/** The design system's root: Mantine with the Loadline theme, toasts and modals. */
export function LoadlineProvider({ children, env = 'default' }: LoadlineProviderProps) {
  return (
    <MantineProvider theme={loadlineTheme} env={env}>
      <Notifications position="top-right" limit={5} />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}
