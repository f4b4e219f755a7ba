import { ShipmentStatus } from '@loadline/contracts';
import { Badge, type MantineSize } from '@loadline/ui';
import { statusMantineColour } from '../../rules/statusColours.ts';

export interface StatusBadgeProps {
  status: number;
  size?: MantineSize;
}

/**
 * A shipment status by name in its colour (000 §4, 001 §4: anything unknown is grey), whole and as written
 * (issue 14 item 11: never cut to "CO…", where Committed and Complete looked alike).
 */
export function StatusBadge({ status, size = 'md' }: StatusBadgeProps) {
  return (
    <Badge
      color={statusMantineColour(status)}
      variant="filled"
      size={size}
      tt="none"
      data-status={status}
      style={{ minWidth: 'max-content', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {ShipmentStatus.nameOf(status) ?? String(status)}
    </Badge>
  );
}
