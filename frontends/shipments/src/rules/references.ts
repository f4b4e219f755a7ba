// Reference numbers the edit-status view uses (000 §3): driver name and cell phone, carrier dispatcher
// name, phone and email, truck and trailer numbers, proof-of-delivery signed-by, and the pro number of the
// active leg by its type (pickup, delivery or linehaul). Types are kept by catalogue code (the service
// shows `referenceTypeCode`; 002 §3.3 gives no number for several of them). Pure.

import {
  proNumberReferenceCodeForLeg,
  ShipmentReferenceType,
  ShipmentReferenceTypesWithoutKnownValue,
} from '@loadline/contracts';
import type { ReferenceNumber } from '../api/types.ts';

const Numbered = ShipmentReferenceType.byCode;
const Unnumbered = ShipmentReferenceTypesWithoutKnownValue.byCode;

/** 000 §3 "pro numbers for pickup, delivery and linehaul legs": the catalogue's rule. */
export const proNumberReferenceCode = proNumberReferenceCodeForLeg;

/** The status update's transitLegReferenceNumber: the leg's tracking reference number (services README). */
export const TRANSIT_LEG_REFERENCE_CODE = Numbered.TrackingReferenceNumber.code;
export const POD_SIGNED_BY_CODE = Unnumbered.ProofOfDeliverySignedBy.code;

/** The carrier card's driver and equipment lines, in the order shown. */
export const carrierCardReferenceCodes: readonly { code: string; name: string }[] = Object.freeze([
  Unnumbered.DriverName,
  Numbered.DriverCellPhoneNumber,
  Unnumbered.CarrierDispatcherName,
  Unnumbered.CarrierDispatcherPhoneNumber,
  Numbered.CarrierDispatcherEmail,
  Numbered.TruckNumber,
  Numbered.TrailerNumber,
]);

/** The reference types that hold a phone number (shown as one, 001 §5). */
const phoneReferenceCodes: readonly string[] = [
  Numbered.DriverCellPhoneNumber.code,
  Numbered.SecondaryDriverCellPhoneNumber.code,
  Unnumbered.CarrierDispatcherPhoneNumber.code,
];
export const isPhoneReference = (code: string) => phoneReferenceCodes.includes(code);

/**
 * The value of a reference type: the given leg's own, else the shipment's (no leg); without a leg, the
 * first of the type. '' when none.
 */
export function referenceValue(
  references: readonly ReferenceNumber[],
  code: string,
  transitLegId?: string | null,
): string {
  const ofType = references.filter((r) => r.referenceTypeCode === code);
  const found = transitLegId
    ? (ofType.find((r) => r.transitLegId === transitLegId) ?? ofType.find((r) => r.transitLegId === null))
    : ofType[0];
  return found?.value ?? '';
}
