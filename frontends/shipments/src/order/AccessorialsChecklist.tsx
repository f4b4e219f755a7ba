import { CheckboxField, Paper, Stack, Text, Title } from '@loadline/ui';
import type { AccessorialChecklist } from '../api/types.ts';

export interface AccessorialsChecklistProps {
  groups: AccessorialChecklist;
  chosen: readonly number[];
  onToggle: (accessorialId: number, checked: boolean) => void;
}

/**
 * The accessorials checklist (001 §2), split by accessorial type as the service gives it for the lane (Puerto
 * Rico-only ones already left out unless the lane touches Puerto Rico); a required one is checked and locked.
 */
export function AccessorialsChecklist({ groups, chosen, onToggle }: AccessorialsChecklistProps) {
  return (
    <Paper withBorder p="sm" role="region" aria-label="Accessorials">
      <Stack gap="xs">
        <Title order={5}>Accessorials</Title>
        {groups.map((group) => (
          <fieldset key={group.accessorialType} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>
              <Text fw={600} size="sm">
                {group.name}
              </Text>
            </legend>
            {group.accessorials.map((a) => (
              <CheckboxField
                key={a.accessorialId}
                label={a.name}
                checked={a.required || chosen.includes(a.accessorialId)}
                disabled={a.required}
                onChange={(checked) => onToggle(a.accessorialId, checked)}
              />
            ))}
          </fieldset>
        ))}
      </Stack>
    </Paper>
  );
}
