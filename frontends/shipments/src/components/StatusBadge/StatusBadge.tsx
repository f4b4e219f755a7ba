import { ShipmentStatus } from '@loadline/contracts';
import { Badge } from '@loadline/ui';
import { statusMantineColour } from '../../rules/statusColours.ts';

export interface StatusBadgeProps {
  status: number;
}

/** A shipment status by name in its colour (000 §4, 001 §4: anything unknown is grey). */
export function StatusBadge({ status }: StatusBadgeProps) {
  return (
    <Badge color={statusMantineColour(status)} variant="filled" data-status={status}>
      {ShipmentStatus.nameOf(status) ?? String(status)}
    </Badge>
  );
}
