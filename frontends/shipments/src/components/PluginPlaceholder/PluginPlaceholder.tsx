import { Paper, Text } from '@loadline/ui';

export interface PluginPlaceholderProps {
  /** What plugs in here, e.g. "Activity log". */
  name: string;
  /** The remote module that will plug in (its future module id). */
  remote: string;
}

/**
 * A clearly labelled place where another remote's widget will plug in (the activity log and the
 * attachments of 000 §2 item 2 plug in this way), mounted through RemotePage once that remote exists.
 */
export function PluginPlaceholder({ name, remote }: PluginPlaceholderProps) {
  return (
    <Paper
      withBorder
      p="sm"
      role="region"
      aria-label={name}
      data-plugin={remote}
      style={{ borderStyle: 'dashed' }}
    >
      <Text fw={600} size="sm">
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {`${name} plugs in here (${remote}).`}
      </Text>
    </Paper>
  );
}
