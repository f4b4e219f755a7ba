// Leg audit visibility (000 §4): "pickup audit shown for linehaul legs with status at or beyond
// in-transit; delivery audit for linehaul legs at or beyond delivered". The service applies the same
// rule to what it accepts, so an audit can only be recorded where the screen offers it. Pure.
//
// "At or beyond" compares status values (the catalogue's reading). Ours: a canceled leg (1100, above
// Delivered by value) moved no freight and offers no audit; a leg without a carrier has no one to audit.
import {
  DELIVERY_AUDIT_MIN_LEG_STATUS,
  PICKUP_AUDIT_MIN_LEG_STATUS,
  ShipmentStatus,
  TransitLegType,
} from '@loadline/contracts/catalogue';
import type { AuditCategoryCode } from './audits.ts';

export interface AuditableLeg {
  transitType: number;
  status: number;
  carrierMasterId: string | null;
}

const minimum: Readonly<Record<AuditCategoryCode, number>> = {
  Pickup: PICKUP_AUDIT_MIN_LEG_STATUS,
  Delivery: DELIVERY_AUDIT_MIN_LEG_STATUS,
};

export function auditShown(leg: AuditableLeg, category: AuditCategoryCode): boolean {
  return (
    leg.transitType === TransitLegType.values.Linehaul &&
    leg.carrierMasterId !== null &&
    leg.status !== ShipmentStatus.values.Canceled &&
    leg.status >= minimum[category]
  );
}

/** Why an audit cannot be recorded on a leg (null: it can). */
export function auditRefusal(leg: AuditableLeg, category: AuditCategoryCode): string | null {
  if (auditShown(leg, category)) return null;
  if (leg.transitType !== TransitLegType.values.Linehaul) return 'Only linehaul legs are audited.';
  if (leg.carrierMasterId === null) return 'The leg has no carrier to audit.';
  if (leg.status === ShipmentStatus.values.Canceled) return 'A canceled leg is not audited.';
  return category === 'Pickup'
    ? `A pickup audit is recorded once the leg is ${ShipmentStatus.nameOf(PICKUP_AUDIT_MIN_LEG_STATUS)} or beyond.`
    : `A delivery audit is recorded once the leg is ${ShipmentStatus.nameOf(DELIVERY_AUDIT_MIN_LEG_STATUS)} or beyond.`;
}
