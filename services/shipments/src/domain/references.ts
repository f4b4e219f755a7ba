// Shipment reference numbers (000 §3, 002 §3.3). A reference type is kept by its catalogue code:
// the spec gives numbers for some types only, and the others (driver name, dispatcher name and
// phone, proof-of-delivery signed-by, the pro numbers per leg...) must not get invented numbers.
// The API shows `referenceType` (the number, or null when the spec shows none) and
// `referenceTypeCode`.
import {
  ProNumberReferenceCodes,
  proNumberReferenceCodeForLeg,
  ShipmentReferenceType,
  ShipmentReferenceTypesWithoutKnownValue,
} from '@loadline/contracts/catalogue';

export type ReferenceTypeCode = string;

/** The reference types that hold a phone number: checked as one (001 §5), shown as one. */
export const phoneReferenceCodes: readonly ReferenceTypeCode[] = Object.freeze([
  ShipmentReferenceType.byCode.DriverCellPhoneNumber.code,
  ShipmentReferenceType.byCode.SecondaryDriverCellPhoneNumber.code,
  ShipmentReferenceTypesWithoutKnownValue.byCode.CarrierDispatcherPhoneNumber.code,
]);

export type ResolvedReferenceType =
  | { ok: true; code: ReferenceTypeCode; referenceType: number | null }
  | { ok: false; message: string };

export function isKnownReferenceTypeCode(code: string): boolean {
  return (
    ShipmentReferenceType.fromCode(code) !== undefined || ShipmentReferenceTypesWithoutKnownValue.has(code)
  );
}

/** The 002 §3.3 number of a type, or null when the spec does not show it. */
export function referenceTypeNumber(code: ReferenceTypeCode): number | null {
  return ShipmentReferenceType.fromCode(code)?.value ?? null;
}

/** Accepts a type by number or by code (both must agree when both are given). */
export function resolveReferenceType(input: {
  referenceType?: number | null;
  referenceTypeCode?: string | null;
}): ResolvedReferenceType {
  const { referenceType, referenceTypeCode } = input;
  if (referenceType === undefined || referenceType === null) {
    if (!referenceTypeCode) return { ok: false, message: 'referenceType or referenceTypeCode is required.' };
    if (!isKnownReferenceTypeCode(referenceTypeCode)) {
      return { ok: false, message: `${referenceTypeCode} is not a known reference type.` };
    }
    return { ok: true, code: referenceTypeCode, referenceType: referenceTypeNumber(referenceTypeCode) };
  }
  const entry = ShipmentReferenceType.fromValue(referenceType);
  if (!entry) return { ok: false, message: `${referenceType} is not a known reference type.` };
  if (referenceTypeCode && referenceTypeCode !== entry.code) {
    return {
      ok: false,
      message: `referenceType ${referenceType} is ${entry.code}, not ${referenceTypeCode}.`,
    };
  }
  return { ok: true, code: entry.code, referenceType: entry.value };
}

/** 000 §3: the pro-number type of a leg (the catalogue's rule). */
export const proNumberTypeForLeg = (legType: number): ReferenceTypeCode =>
  proNumberReferenceCodeForLeg(legType);

export const proNumberTypes: readonly ReferenceTypeCode[] = ProNumberReferenceCodes;

/** The proof-of-delivery signed-by reference (000 §3, status update payload). */
export const proofOfDeliverySignedByType: ReferenceTypeCode =
  ShipmentReferenceTypesWithoutKnownValue.byCode.ProofOfDeliverySignedBy.code;

/**
 * The status update's `transitLegReferenceNumber` (000 §3 names it, shape not shown): read as the
 * targeted leg's tracking reference number.
 */
export const transitLegReferenceType: ReferenceTypeCode =
  ShipmentReferenceType.byCode.TrackingReferenceNumber.code;

/**
 * Reference types a customer never sees: the broker's buy side (ours: the spec has no list; a
 * broker does not show its buy rates to the shipper). The grid hides the same columns.
 */
export const staffOnlyReferenceTypes: readonly string[] = Object.freeze([
  'OfferRate',
  'MinBuyRate',
  'MaxBuyRate',
]);

/** The references a caller may see. */
export function visibleReferences<T extends { referenceTypeCode: string }>(
  references: readonly T[],
  isCustomer: boolean,
): T[] {
  return isCustomer
    ? references.filter((r) => !staffOnlyReferenceTypes.includes(r.referenceTypeCode))
    : [...references];
}
