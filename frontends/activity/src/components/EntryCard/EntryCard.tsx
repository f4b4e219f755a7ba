// One log entry as every log shows it (000 §3): when (MM/DD/YYYY HH:mm), the type, who, then the text; the
// log adds its own badges, actions and lines.
import { Badge, formatDateTime, Group, Paper, Text } from '@loadline/ui';
import type { ReactNode } from 'react';

export interface EntryCardProps {
  typeName: string;
  userName: string;
  createdDate: string;
  description: string;
  /** badges after the author */
  badges?: ReactNode;
  /** controls at the right */
  actions?: ReactNode;
  /** lines under the text */
  children?: ReactNode;
}

export function EntryCard({
  typeName,
  userName,
  createdDate,
  description,
  badges,
  actions,
  children,
}: EntryCardProps) {
  const when = formatDateTime(createdDate);
  return (
    <Paper withBorder p="xs" component="article" aria-label={`${typeName} by ${userName} on ${when}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            {when}
          </Text>
          <Badge size="xs" variant="light">
            {typeName}
          </Badge>
          <Text size="xs" fw={600}>
            {userName}
          </Text>
          {badges}
        </Group>
        {actions}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {description}
      </Text>
      {children}
    </Paper>
  );
}
