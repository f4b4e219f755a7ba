// Spec 002 §3.3 (shipment reference types, commodity reference types, reference filter type);
// 000 §3 (reference types used in the edit-status view); 001 §3 (reference types, commodity reference
// types, reference filter type).

import {
  defineEnum,
  defineNamedList,
  type EnumCode,
  type EnumValue,
  inRange,
  type ValueRange,
} from './enum.ts';
import { TransitLegType } from './shipment.ts';

/** 002 §3.3: values run 0 to 61, 1001 to 1069, 5000 and 5001. */
export const ShipmentReferenceTypeRanges: readonly ValueRange[] = Object.freeze([
  Object.freeze({ min: 0, max: 61 }),
  Object.freeze({ min: 1001, max: 1069 }),
  Object.freeze({ min: 5000, max: 5001 }),
]);

export function isShipmentReferenceTypeInRange(value: number): boolean {
  return ShipmentReferenceTypeRanges.some((r) => inRange(r, value));
}

/**
 * 002 §3.3: the shipment reference types whose values are given. Other members of 0 to 61 and 1001 to
 * 1026 are not shown (see `ShipmentReferenceTypesWithoutKnownValue`).
 * "Customs, Lumper, Warehouse and Other accessorial types 1047 to 1050" are numbered in that order; their
 * code names are ours.
 */
export const ShipmentReferenceType = defineEnum([
  // Default reference types.
  { value: 3, code: 'ShipperReferenceNumber', name: 'Shipper Reference Number' },
  { value: 4, code: 'ReleaseNumber', name: 'Release Number' },
  { value: 5, code: 'PONumber', name: 'PO Number' },
  { value: 6, code: 'InvoiceNumber', name: 'Invoice Number' },
  { value: 7, code: 'QuoteNumber', name: 'Quote Number' },
  { value: 9, code: 'TrailerNumber', name: 'Trailer Number' },
  { value: 10, code: 'TrackingReferenceNumber', name: 'Tracking Reference Number' },
  { value: 11, code: 'DriverCellPhoneNumber', name: 'Driver Cell Phone Number' },
  { value: 15, code: 'SecondaryBOLNumber', name: 'Secondary BOL Number' },
  { value: 19, code: 'APIQuoteNumber', name: 'API Quote Number' },
  { value: 24, code: 'ContainerNumber', name: 'Container Number' },
  { value: 25, code: 'SealNumber', name: 'Seal Number' },
  { value: 26, code: 'CustomReferenceNumber', name: 'Custom Reference Number' },
  { value: 27, code: 'CustomReferenceNumber2', name: 'Custom Reference Number 2' },
  { value: 28, code: 'ClaimNumber', name: 'Claim Number' },
  { value: 29, code: 'FileNumber', name: 'File Number' },
  { value: 31, code: 'TruckNumber', name: 'Truck Number' },
  { value: 32, code: 'Temperature', name: 'Temperature' },
  { value: 43, code: 'InsuranceDeclaredValue', name: 'Insurance Declared Value' },
  { value: 51, code: 'AppointmentConfirmationNumber', name: 'Appointment Confirmation Number' },
  { value: 55, code: 'ShowName', name: 'Show Name' },
  { value: 56, code: 'ExhibitorName', name: 'Exhibitor Name' },
  { value: 57, code: 'BoothNumber', name: 'Booth Number' },
  { value: 58, code: 'Decorator', name: 'Decorator' },
  { value: 59, code: 'QualityIssue', name: 'Quality Issue' },
  { value: 60, code: 'CancellationReason', name: 'Cancellation Reason' },
  // Charge-line related.
  { value: 1027, code: 'Transfer', name: 'Transfer' },
  { value: 1028, code: 'SecurityAdminFee', name: 'Security Admin Fee' },
  { value: 1029, code: 'SuretyBondServices', name: 'Surety Bond Services' },
  { value: 1030, code: 'OriginHandling', name: 'Origin Handling' },
  { value: 1031, code: 'DestinationHandling', name: 'Destination Handling' },
  { value: 1032, code: 'ImportCustomsClearance', name: 'Import Customs Clearance' },
  { value: 1033, code: 'ExportCustomsClearance', name: 'Export Customs Clearance' },
  { value: 1034, code: 'CustomsDutiesTaxes', name: 'Customs Duties Taxes' },
  { value: 1035, code: 'CarnetFee', name: 'Carnet Fee' },
  { value: 1036, code: 'CustomsExams', name: 'Customs Exams' },
  { value: 1037, code: 'PortFee', name: 'Port Fee' },
  { value: 1038, code: 'DocumentFee', name: 'Document Fee' },
  { value: 1039, code: 'PickupAccessorial', name: 'Pickup Accessorial' },
  { value: 1040, code: 'DeliveryAccessorial', name: 'Delivery Accessorial' },
  { value: 1041, code: 'CarrierDispatcherEmail', name: 'Carrier Dispatcher Email' },
  { value: 1042, code: 'Customs', name: 'Customs' },
  { value: 1043, code: 'Lumper', name: 'Lumper' },
  { value: 1044, code: 'Warehouse', name: 'Warehouse' },
  { value: 1045, code: 'Other', name: 'Other' },
  { value: 1046, code: 'OtherDescription', name: 'Other Description' },
  { value: 1047, code: 'CustomsAccessorialType', name: 'Customs Accessorial Type' },
  { value: 1048, code: 'LumperAccessorialType', name: 'Lumper Accessorial Type' },
  { value: 1049, code: 'WarehouseAccessorialType', name: 'Warehouse Accessorial Type' },
  { value: 1050, code: 'OtherAccessorialType', name: 'Other Accessorial Type' },
  // Other fields.
  { value: 1051, code: 'CustomsDeclaredValue', name: 'Customs Declared Value' },
  { value: 1052, code: 'ExternalBillNumber', name: 'External Bill Number' },
  { value: 1053, code: 'PaymentCheckCode', name: 'Payment Check Code' },
  { value: 1054, code: 'RelayCodeId', name: 'Relay Code Id' },
  { value: 1055, code: 'RelayChargeId', name: 'Relay Charge Id' },
  { value: 1056, code: 'AssignedBranch', name: 'Assigned Branch' },
  { value: 1057, code: 'SecondaryDriverName', name: 'Secondary Driver Name' },
  { value: 1058, code: 'SecondaryDriverCellPhoneNumber', name: 'Secondary Driver Cell Phone Number' },
  { value: 1059, code: 'CustomReferenceNumber3', name: 'Custom Reference Number 3' },
  { value: 1060, code: 'OfferRate', name: 'Offer Rate' },
  { value: 1061, code: 'DeclaredValue', name: 'Declared Value' },
  { value: 1062, code: 'TONU', name: 'TONU' },
  { value: 1063, code: 'OnHoldReason', name: 'On Hold Reason' },
  { value: 1064, code: 'DesiredTemperature', name: 'Desired Temperature' },
  { value: 1065, code: 'MinimumTemperature', name: 'Minimum Temperature' },
  { value: 1066, code: 'MaximumTemperature', name: 'Maximum Temperature' },
  { value: 1067, code: 'MinBuyRate', name: 'Min Buy Rate' },
  { value: 1068, code: 'MaxBuyRate', name: 'Max Buy Rate' },
  { value: 1069, code: 'ChildShipmentId', name: 'Child Shipment Id' },
  { value: 5000, code: 'ShipmentIdString', name: 'Shipment Id String' },
  { value: 5001, code: 'LineHaulCarrierProNumberClean', name: 'Line Haul Carrier Pro Number Clean' },
]);
export type ShipmentReferenceTypeValue = EnumValue<typeof ShipmentReferenceType>;
export type ShipmentReferenceTypeCode = EnumCode<typeof ShipmentReferenceType>;

/**
 * 002 §3.3, 000 §3, 001 §3: reference types that exist but whose values are not shown. Code names follow
 * the matching grid columns of 002 §3.11 where there is one (ReferenceNumber is from 001 §3,
 * ProofOfDeliverySignedBy from 000 §3 is ours). Servers must not invent numbers for them.
 */
export const ShipmentReferenceTypesWithoutKnownValue = defineNamedList([
  { code: 'ReferenceNumber', name: 'Reference Number' },
  { code: 'DriverName', name: 'Driver Name' },
  { code: 'CarrierDispatcherName', name: 'Carrier Dispatcher Name' },
  { code: 'CarrierDispatcherPhoneNumber', name: 'Carrier Dispatcher Phone Number' },
  { code: 'ProofOfDeliverySignedBy', name: 'Proof Of Delivery Signed By' },
  { code: 'PickupCarrierProNumber', name: 'Pickup Carrier Pro Number' },
  { code: 'DeliveryCarrierProNumber', name: 'Delivery Carrier Pro Number' },
  { code: 'LinehaulCarrierProNumber', name: 'Linehaul Carrier Pro Number' },
  { code: 'LastFreeDay', name: 'Last Free Day' },
  { code: 'ContainerSize', name: 'Container Size' },
  { code: 'SteamshipLine', name: 'Steamship Line' },
  { code: 'VesselVoyage', name: 'Vessel Voyage' },
]);

/** 002 §3.3, 001 §3. Values not shown. */
export const CommodityReferenceType = defineNamedList([
  { code: 'ShipperReferenceNumber', name: 'Shipper Reference Number' },
  { code: 'PONumber', name: 'PO Number' },
  { code: 'Temperature', name: 'Temperature' },
  { code: 'ChildShipmentId', name: 'Child Shipment Id' },
]);

/** 002 §3.3, 001 §3. Values not shown. */
export const ReferenceFilterType = defineNamedList([
  { code: 'Equals', name: 'Equals' },
  { code: 'NotEquals', name: 'Not Equals' },
  { code: 'StartsWith', name: 'Starts With' },
]);

/** 000 §3 "pro numbers for pickup, delivery and linehaul legs": the three pro-number reference types. */
export const ProNumberReferenceCodes = Object.freeze([
  ShipmentReferenceTypesWithoutKnownValue.byCode.PickupCarrierProNumber.code,
  ShipmentReferenceTypesWithoutKnownValue.byCode.DeliveryCarrierProNumber.code,
  ShipmentReferenceTypesWithoutKnownValue.byCode.LinehaulCarrierProNumber.code,
] as const);
export type ProNumberReferenceCode = (typeof ProNumberReferenceCodes)[number];

/** The pro-number reference type of a leg (000 §3): pickup and delivery legs have their own, any other the linehaul's. */
export function proNumberReferenceCodeForLeg(legType: number | null | undefined): ProNumberReferenceCode {
  if (legType === TransitLegType.values.PickupLocal) return ProNumberReferenceCodes[0];
  if (legType === TransitLegType.values.DeliveryLocal) return ProNumberReferenceCodes[1];
  return ProNumberReferenceCodes[2];
}

/** A reference type's name, whether the spec numbers it or not; the code itself when unknown. */
export const referenceTypeNameOf = (code: string): string =>
  ShipmentReferenceType.fromCode(code)?.name ?? ShipmentReferenceTypesWithoutKnownValue.nameOf(code) ?? code;

/**
 * The reference types that are a leg's carrier's own (decision 0117 addendum): its pro numbers, its drivers,
 * its truck and its dispatcher. When the leg's carrier changes they were the previous carrier's, and go with
 * it unless staff keep them. A trailer may be the shipper's (a drop trailer) and stays.
 */
export const CarrierReferenceCodes: readonly string[] = Object.freeze([
  ...ProNumberReferenceCodes,
  ShipmentReferenceTypesWithoutKnownValue.byCode.DriverName.code,
  ShipmentReferenceType.byCode.DriverCellPhoneNumber.code,
  ShipmentReferenceType.byCode.SecondaryDriverName.code,
  ShipmentReferenceType.byCode.SecondaryDriverCellPhoneNumber.code,
  ShipmentReferenceType.byCode.TruckNumber.code,
  ShipmentReferenceTypesWithoutKnownValue.byCode.CarrierDispatcherName.code,
  ShipmentReferenceType.byCode.CarrierDispatcherEmail.code,
  ShipmentReferenceTypesWithoutKnownValue.byCode.CarrierDispatcherPhoneNumber.code,
]);

/** The leg's references that are its carrier's own, in CarrierReferenceCodes' order (pro numbers first). */
export function carrierReferencesOfLeg<R extends { referenceTypeCode: string; transitLegId: string | null }>(
  references: readonly R[],
  transitLegId: string,
): R[] {
  const rank = (r: R) => CarrierReferenceCodes.indexOf(r.referenceTypeCode);
  return references
    .filter((r) => r.transitLegId === transitLegId && rank(r) >= 0)
    .sort((a, b) => rank(a) - rank(b));
}
