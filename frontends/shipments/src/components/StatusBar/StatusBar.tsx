import { Badge, Group } from '@loadline/ui';
import { statusBarSteps } from '../../rules/statusBar.ts';
import { mantineColourOfToken } from '../../rules/statusColours.ts';

export interface StatusBarProps {
  status: number;
}

/**
 * The shipment status bar (000 §4, 001 §4): five steps, those at or below the current one coloured in the
 * status's colour; a canceled shipment is marked canceled at step 5.
 */
export function StatusBar({ status }: StatusBarProps) {
  const steps = statusBarSteps(status);
  return (
    <Group gap={4} wrap="nowrap" role="list" aria-label="Shipment status bar">
      {steps.map((s) => (
        <Badge
          key={s.step}
          role="listitem"
          aria-current={s.current ? 'step' : undefined}
          data-step={s.step}
          data-coloured={s.coloured}
          data-colour={s.colour}
          data-canceled={s.canceled || undefined}
          color={mantineColourOfToken[s.colour]}
          variant={s.coloured ? 'filled' : 'light'}
          radius="xs"
          size="lg"
          style={{ flex: 1, textDecoration: s.canceled ? 'line-through' : undefined }}
        >
          {s.label}
        </Badge>
      ))}
    </Group>
  );
}
