// Spec 002 §3.4 (shipment alert types); 000 §3 (shipment alert fields).
// Only alerts whose own number is given are in the enumeration; ranges the spec gives without naming each
// value are documented ranges, and no name is invented for a value inside them.

import { defineEnum, defineNamedList, type EnumValue, inRange, type ValueRange } from './enum.ts';

/** 002 §3.4: manual, customer-friendly and full lists use values 1 to 270. */
export const ShipmentAlertTypeRange: ValueRange = Object.freeze({ min: 1, max: 270 });

/** 002 §3.4: the alert types whose values are given one by one (code names ours). */
export const ShipmentAlertType = defineEnum([
  { value: 218, code: 'CarrierBlocked', name: 'Carrier blocked' },
  { value: 222, code: 'CreditLimitExceeded', name: 'Credit limit exceeded' },
  { value: 223, code: 'ConsolidationParent', name: 'Consolidation parent' },
  { value: 224, code: 'ConsolidationChild', name: 'Consolidation child' },
  { value: 265, code: 'Hold', name: 'Hold' },
  { value: 269, code: 'CargoInsuranceNotAvailable', name: 'Cargo insurance not available' },
  { value: 270, code: 'CargoInsuranceInsufficient', name: 'Cargo insurance insufficient' },
]);
export type ShipmentAlertTypeValue = EnumValue<typeof ShipmentAlertType>;

/** 002 §3.4: groups given as ranges only (which value is which reason is not shown). */
export const ShipmentAlertTypeGroups = Object.freeze({
  claims: Object.freeze([Object.freeze({ min: 230, max: 232 }), Object.freeze({ min: 260, max: 264 })]),
  delays: Object.freeze([Object.freeze({ min: 234, max: 258 })]),
  temperatureThresholds: Object.freeze([Object.freeze({ min: 266, max: 268 })]),
} satisfies Record<string, readonly ValueRange[]>);
export type ShipmentAlertTypeGroup = keyof typeof ShipmentAlertTypeGroups;

export function shipmentAlertTypeGroup(value: number): ShipmentAlertTypeGroup | undefined {
  for (const [group, ranges] of Object.entries(ShipmentAlertTypeGroups)) {
    if (ranges.some((r) => inRange(r, value))) return group as ShipmentAlertTypeGroup;
  }
  return undefined;
}

/** 002 §3.4: other alerts the list includes, with values not shown. */
export const ShipmentAlertTypesWithoutKnownValue = defineNamedList([
  { code: 'CarrierRejection', name: 'Carrier rejection' },
  { code: 'OnHand', name: 'On-hand' },
  { code: 'RescheduledPickup', name: 'Rescheduled pickups' },
  { code: 'Appointment', name: 'Appointments' },
  { code: 'CustomsHold', name: 'Customs hold' },
  { code: 'CustomsRelease', name: 'Customs release' },
]);

/**
 * 000 §4: canceling a Quote, Committed or Ready shipment may raise the lost-quote system alert
 * (addSystemAlertLostQuote). 002 §3.4 gives it no number: it is listed with the shipment's alerts by this
 * code, with no type number (decision 0016).
 */
export const LostQuoteAlert = Object.freeze({ code: 'LostQuote', name: 'Lost quote' } as const);
