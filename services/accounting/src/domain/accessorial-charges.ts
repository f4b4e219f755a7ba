// The order's accessorials become the shipment's charge lines (issue 17 item 2; decision 0098): which of a
// shipment.updated's accessorials need a line, and the charge line type an accessorial type gets. Pure.
import { AccessorialType, ShipmentStatus } from '@loadline/contracts/catalogue';
import type { ChargeLineTypeCode } from './model.ts';

const A = AccessorialType.values;
const S = ShipmentStatus.values;

/** 002 §3.5: the accessorial types that have a charge line type of their own; the others are Accessorial. */
const ownType: ReadonlyMap<number, ChargeLineTypeCode> = new Map<number, ChargeLineTypeCode>([
  [A.Pickup, 'Pickup'],
  [A.Delivery, 'Delivery'],
  [A.Fuel, 'Fuel'],
  [A.Insurance, 'Insurance'],
  [A.Lumper, 'Lumper'],
  [A.Warehouse, 'Warehouse'],
  [A.Customs, 'Customs'],
]);

export const chargeLineTypeOfAccessorial = (accessorialType: number | undefined): ChargeLineTypeCode =>
  (accessorialType !== undefined ? ownType.get(accessorialType) : undefined) ?? 'Accessorial';

/**
 * A shipment that arrives delivered, complete or canceled (a historical import) was billed elsewhere: its
 * accessorials are kept on the shipment but make no charge line.
 */
const settled: readonly number[] = [S.Delivered, S.Complete, S.Canceled];

export interface AccessorialToCharge {
  accessorialId: number;
  name: string;
  accessorialType?: number | undefined;
}

/** The accessorials of the event not named by the shipment's last known version: each may need a line. */
export function accessorialsToCharge(
  known: readonly number[] | undefined,
  status: number,
  accessorials: readonly AccessorialToCharge[] | undefined,
): AccessorialToCharge[] {
  if (!accessorials || accessorials.length === 0 || settled.includes(status)) return [];
  const before = new Set(known ?? []);
  return accessorials.filter((a) => !before.has(a.accessorialId));
}
