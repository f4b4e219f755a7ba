import { Avatar, Tooltip } from '@mantine/core';
import type { PresenceUser } from '../../hooks/usePresence.ts';
import { initialsOf } from '../../rules/presence.ts';

export interface PresenceAvatarsProps {
  /** The other viewers of the page (usePresence). */
  users: readonly PresenceUser[];
  /** Shown before the rest collapse into "+N". */
  max?: number;
}

/** Who else is viewing the page (001 §1, §3, §9): initials, default 2 letters; name and company on hover. */
export function PresenceAvatars({ users, max = 5 }: PresenceAvatarsProps) {
  if (users.length === 0) return null;
  const shown = users.slice(0, max);
  const rest = users.length - shown.length;
  return (
    <Tooltip.Group openDelay={200} closeDelay={100}>
      <Avatar.Group spacing="sm" aria-label="Also viewing this page">
        {shown.map((user) => (
          <Tooltip
            key={user.ConnectionId}
            label={user.Company ? `${user.DisplayName} (${user.Company})` : user.DisplayName}
            withArrow
          >
            <Avatar
              radius="xl"
              size="sm"
              color="initials"
              name={user.DisplayName}
              aria-label={user.DisplayName}
            >
              {initialsOf(user.DisplayName)}
            </Avatar>
          </Tooltip>
        ))}
        {rest > 0 && (
          <Avatar radius="xl" size="sm">
            +{rest}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
