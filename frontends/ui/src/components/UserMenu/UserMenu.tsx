import { Avatar, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../api/types.ts';
import { initialsOf } from '../../rules/presence.ts';

export interface UserMenuProps {
  user: CurrentUser;
  onLogout: () => void;
  /** Extra menu items (e.g. the support request). */
  children?: ReactNode;
}

/** The signed-in user in the header: name and organization, and the logout (POST /api/auth/logout). */
export function UserMenu({ user, onLogout, children }: UserMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (a label that hid the organization would not match the visible text). */}
        <UnstyledButton>
          <VisuallyHidden>Account of</VisuallyHidden>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color="loadline" aria-hidden>
              {initialsOf(user.displayName)}
            </Avatar>
            <div>
              <Text size="sm" fw={500} lh={1.1}>
                {user.displayName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.1}>
                {user.organizationName}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {children}
        <Menu.Item onClick={onLogout}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A plain logout button, for headers without a menu. */
export function LogoutButton({ onLogout }: { onLogout: () => void }) {
  return (
    <Button variant="subtle" size="xs" onClick={onLogout}>
      Log out
    </Button>
  );
}
