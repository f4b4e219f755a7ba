import { Alert, Button, Stack } from '@mantine/core';
import type { SystemAlertArea } from '../../api/types.ts';
import { useSystemAlerts } from '../../hooks/useSystemAlerts.ts';

export interface SystemAlertsProps {
  area: SystemAlertArea;
}

/** The system alerts list (000 §2 item 12, 001 §3, §9): 2 at first, "show all", dismiss for 21 days. */
export function SystemAlerts({ area }: SystemAlertsProps) {
  const { visible, hiddenCount, showAll, dismiss } = useSystemAlerts(area);
  if (visible.length === 0 && hiddenCount === 0) return null;
  return (
    <Stack gap="xs" mb="md" aria-label="System alerts" role="region">
      {visible.map((alert) => (
        <Alert
          key={alert.systemAlertId}
          title={alert.title}
          color={alert.highPriority ? 'red' : 'blue'}
          withCloseButton
          closeButtonLabel={`Dismiss ${alert.title}`}
          onClose={() => dismiss(alert.systemAlertId)}
        >
          {alert.body}
        </Alert>
      ))}
      {hiddenCount > 0 && (
        <Button variant="subtle" size="xs" onClick={showAll} style={{ alignSelf: 'flex-start' }}>
          Show all system alerts
        </Button>
      )}
    </Stack>
  );
}
