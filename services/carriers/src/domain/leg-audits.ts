// Leg audit visibility (000 §4): "pickup audit shown for linehaul legs with status at or beyond
// in-transit; delivery audit for linehaul legs at or beyond delivered". The service applies the same
// rule to what it accepts, so an audit can only be recorded where the screen offers it. Pure.
//
// The rule itself is the catalogue's `legAuditShown` ("at or beyond" compares status values; a canceled
// leg offers none). Ours here: a leg without a carrier has no one to audit.
import {
  AUDITED_LEG_TYPE,
  DELIVERY_AUDIT_MIN_LEG_STATUS,
  legAuditShown,
  PICKUP_AUDIT_MIN_LEG_STATUS,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';
import type { AuditCategoryCode } from './audits.ts';

export interface AuditableLeg {
  transitType: number;
  status: number;
  carrierMasterId: string | null;
}

/** The catalogue's rule (shared with the screens), on a leg that has a carrier to audit. */
export function auditShown(leg: AuditableLeg, category: AuditCategoryCode): boolean {
  return leg.carrierMasterId !== null && legAuditShown(category, leg);
}

/** Why an audit cannot be recorded on a leg (null: it can). */
export function auditRefusal(leg: AuditableLeg, category: AuditCategoryCode): string | null {
  if (auditShown(leg, category)) return null;
  if (leg.transitType !== AUDITED_LEG_TYPE) return 'Only linehaul legs are audited.';
  if (leg.carrierMasterId === null) return 'The leg has no carrier to audit.';
  if (leg.status === ShipmentStatus.values.Canceled) return 'A canceled leg is not audited.';
  return category === 'Pickup'
    ? `A pickup audit is recorded once the leg is ${ShipmentStatus.nameOf(PICKUP_AUDIT_MIN_LEG_STATUS)} or beyond.`
    : `A delivery audit is recorded once the leg is ${ShipmentStatus.nameOf(DELIVERY_AUDIT_MIN_LEG_STATUS)} or beyond.`;
}
