// Rules for a new shipment: its type, its first status, its legs and its stops. Pure.
import {
  DOMESTIC_SHIPMENT_TYPE_MASK,
  DomesticShipmentTypes,
  INTERNATIONAL_SHIPMENT_TYPE_MASK,
  isInternationalShipmentType,
  ShipmentStatus,
  type ShipmentStatusValue,
  ShipmentStopType,
  ShipmentType,
  TransitLegType,
} from '@loadline/contracts/catalogue';
import type { FieldProblem } from '@loadline/platform/problems';
import { manualChoices } from './status-engine.ts';

const S = ShipmentStatus.values;

/** 002 §3.1 / §6.5: known bits only, at least one, and not international and domestic at once. */
export function checkShipmentType(mask: number): string | undefined {
  if (!Number.isSafeInteger(mask) || mask <= 0)
    return 'shipmentType must have at least one shipment type bit.';
  const unknown = ShipmentType.unknownBits(mask);
  if (unknown !== 0) return `shipmentType has bits that are not shipment types (${unknown}).`;
  if ((mask & INTERNATIONAL_SHIPMENT_TYPE_MASK) !== 0 && (mask & DOMESTIC_SHIPMENT_TYPE_MASK) !== 0) {
    return 'shipmentType cannot be international and domestic at once.';
  }
  return undefined;
}

export const isInternational = (shipmentType: number): boolean => isInternationalShipmentType(shipmentType);

/** The statuses a customer user may create a shipment in: a quote request or a booking. */
export const customerInitialStatuses: readonly ShipmentStatusValue[] = Object.freeze([S.Quote, S.Committed]);

/**
 * A new shipment starts as a Quote unless told otherwise. Staff may enter one at any status of the
 * manual list (entering a load that already moves); customers only as Quote or Committed.
 */
export function checkInitialStatus(
  status: number,
  kind: 'staff' | 'customer',
  international: boolean,
): string | undefined {
  const allowed: readonly number[] =
    kind === 'customer' ? customerInitialStatuses : manualChoices(international);
  if (allowed.includes(status)) return undefined;
  const names = allowed.map((s) => ShipmentStatus.nameOf(s)).join(', ');
  return `A new shipment can start as ${names}; not as ${ShipmentStatus.nameOf(status) ?? status}.`;
}

/**
 * A customer orders one domestic shipment type (002 §3.1's domestic subset), as the front office's order page
 * offers: international freight has its own documents and stops abroad, entered by the broker's staff.
 */
export function checkCustomerShipmentType(mask: number): string | undefined {
  if ((DomesticShipmentTypes as readonly number[]).includes(mask)) return undefined;
  const names = DomesticShipmentTypes.map((t) => ShipmentType.nameOf(t)).join(', ');
  return `A customer can order ${names}; not ${ShipmentType.nameOf(mask) ?? mask}.`;
}

/**
 * The active leg (the one the edit-status view shows): the leg marked active, else the first
 * Linehaul leg, else the first leg. At most one leg may be marked.
 */
export function chooseActiveLeg(legs: readonly { transitType: number; active?: boolean | undefined }[]): {
  index: number;
  problem?: string;
} {
  const marked = legs.flatMap((l, i) => (l.active ? [i] : []));
  if (marked.length > 1) return { index: marked[0]!, problem: 'Only one transit leg can be active.' };
  if (marked.length === 1) return { index: marked[0]! };
  const linehaul = legs.findIndex((l) => l.transitType === TransitLegType.values.Linehaul);
  return { index: linehaul >= 0 ? linehaul : 0 };
}

const FirstPick = ShipmentStopType.byCode.FirstPick.code;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

/** Stops run in route order: a FirstPick first, a LastDrop last, Pick, Drop or Both between. */
export function checkStopOrder(stopTypes: readonly string[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (stopTypes[0] !== FirstPick)
    problems.push({ field: 'stops', message: 'The first stop must be the FirstPick.' });
  if (stopTypes.length < 2 || stopTypes[stopTypes.length - 1] !== LastDrop) {
    problems.push({ field: 'stops', message: 'The last stop must be the LastDrop.' });
  }
  stopTypes.forEach((type, i) => {
    if (i > 0 && i < stopTypes.length - 1 && (type === FirstPick || type === LastDrop)) {
      problems.push({ field: `stops.${i}.stopType`, message: `A shipment has one ${type}.` });
    }
  });
  return problems;
}
