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

/** The shells' frame (Mantine AppShell): header, optional sidebar, the page. */
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
      <AppShell.Main>
        {banner}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
