import { AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface AppShellLayoutProps {
  /** The product name or logo at the left of the header. */
  brand: ReactNode;
  /** Middle of the header (the universal search box in the back office). */
  headerCenter?: ReactNode;
  /** Right of the header (presence, support, user menu, logout). */
  headerRight?: ReactNode;
  /** The navigation sidebar; none in the front office. */
  navbar?: ReactNode;
  /** Above the page (system alerts). */
  banner?: ReactNode;
  children: ReactNode;
}

/** Where the skip link goes: the page, past the header and the sidebar. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The shells' frame (Mantine AppShell): header, optional sidebar, the page. Its first focusable element is
 * "Skip to main content" (shown when focused), so keyboard users pass the header and sidebar at once.
 */
export function AppShellLayout({
  brand,
  headerCenter,
  headerRight,
  navbar,
  banner,
  children,
}: AppShellLayoutProps) {
  const [opened, { toggle }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={navbar ? { width: 320, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      padding="md"
    >
      <a href={`#${MAIN_CONTENT_ID}`} className="loadline-skip-link">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            {navbar && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Toggle navigation"
              />
            )}
            {typeof brand === 'string' ? (
              <Text fw={700} size="lg">
                {brand}
              </Text>
            ) : (
              brand
            )}
          </Group>
          {headerCenter}
          <Group gap="sm" wrap="nowrap">
            {headerRight}
          </Group>
        </Group>
      </AppShell.Header>
      {navbar && (
        <AppShell.Navbar p="md" aria-label="Navigation">
          <ScrollArea>{navbar}</ScrollArea>
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {banner}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
