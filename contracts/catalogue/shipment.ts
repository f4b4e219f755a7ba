// Spec 002 §3.1 (shipment enumerations), §3.2 (service levels), §6.5 (shipment types are bit flags);
// 000 §3 (location types, activity types, access levels), §4 (access-level cycle), §5 (presets);
// 001 §3 (equipment types, lengths).
// Shipment status lives in shipment-status.ts; units and freight classes in freight-class.ts;
// days and regions in calendar.ts and regions.ts.

import {
  defineEnum,
  defineFlags,
  defineNamedList,
  type EnumCode,
  type EnumValue,
  type ValueRange,
} from './enum.ts';

// ---------------------------------------------------------------------------------------------------------
// Shipment type (bit flags), 002 §3.1.

export const ShipmentType = defineFlags([
  { value: 1, code: 'SmallPackage', name: 'Small Package' },
  { value: 2, code: 'LTL', name: 'LTL' },
  { value: 4, code: 'Truckload', name: 'Truckload' },
  { value: 8, code: 'DomesticFreight', name: 'Domestic Freight' },
  { value: 16, code: 'AirHouse', name: 'Air House' },
  { value: 32, code: 'Ocean', name: 'Ocean' },
  { value: 64, code: 'AirMaster', name: 'Air Master' },
  { value: 128, code: 'OceanCombined', name: 'Ocean Combined' },
  { value: 256, code: 'Cartage', name: 'Cartage' },
  { value: 512, code: 'Other', name: 'Other' },
  { value: 1024, code: 'SupplementalInsuranceProvider', name: 'Supplemental Insurance Provider' },
  { value: 2048, code: 'Drayage', name: 'Drayage' },
]);
export type ShipmentTypeValue = EnumValue<typeof ShipmentType>;
export type ShipmentTypeCode = EnumCode<typeof ShipmentType>;

/** 002 §3.1: international subset 16, 32, 64, 128. */
export const InternationalShipmentTypes: readonly ShipmentTypeValue[] = Object.freeze([
  16, 32, 64, 128,
] as const);
/** 002 §3.1: domestic subset 1, 2, 4, 8, 256, 2048. (Other 512 and Supplemental Insurance Provider 1024 are
 * in neither subset.) */
export const DomesticShipmentTypes: readonly ShipmentTypeValue[] = Object.freeze([
  1, 2, 4, 8, 256, 2048,
] as const);
export const INTERNATIONAL_SHIPMENT_TYPE_MASK = ShipmentType.combine(...InternationalShipmentTypes);
export const DOMESTIC_SHIPMENT_TYPE_MASK = ShipmentType.combine(...DomesticShipmentTypes);

/** True when the shipment type has any international bit (a shipment normally has exactly one type). */
export function isInternationalShipmentType(type: number): boolean {
  return InternationalShipmentTypes.some((t) => ShipmentType.has(type, t));
}

/** True when the shipment type has any domestic bit. */
export function isDomesticShipmentType(type: number): boolean {
  return DomesticShipmentTypes.some((t) => ShipmentType.has(type, t));
}

// ---------------------------------------------------------------------------------------------------------
// Stops, locations, legs.

/** 002 §3.1 (000 §3 uses FirstPick, LastDrop and other). Values not shown. */
export const ShipmentStopType = defineNamedList([
  { code: 'FirstPick', name: 'First Pick' },
  { code: 'LastDrop', name: 'Last Drop' },
  { code: 'Pick', name: 'Pick' },
  { code: 'Drop', name: 'Drop' },
  { code: 'Both', name: 'Both' },
]);

/** 002 §3.1, 000 §3. */
export const ShipmentLocationType = defineEnum([
  { value: 0, code: 'Informational', name: 'Informational' },
  { value: 10, code: 'Origin', name: 'Origin' },
  { value: 20, code: 'Destination', name: 'Destination' },
  { value: 30, code: 'InTransit', name: 'In Transit' },
  { value: 40, code: 'Consolidation', name: 'Consolidation' },
]);
export type ShipmentLocationTypeValue = EnumValue<typeof ShipmentLocationType>;

/** 002 §3.1. */
export const AddressLocationType = defineEnum([
  { value: 10, code: 'Origin', name: 'Origin' },
  { value: 20, code: 'Destination', name: 'Destination' },
  { value: 30, code: 'Both', name: 'Both' },
  { value: 31, code: 'SetPickup', name: 'Set Pickup' },
  { value: 32, code: 'SetDestination', name: 'Set Destination' },
]);
export type AddressLocationTypeValue = EnumValue<typeof AddressLocationType>;

/** 002 §3.1. */
export const TransitLegType = defineEnum([
  { value: 0, code: 'PickupLocal', name: 'Pickup Local' },
  { value: 1, code: 'Linehaul', name: 'Linehaul' },
  { value: 2, code: 'DeliveryLocal', name: 'Delivery Local' },
  { value: 3, code: 'Ocean', name: 'Ocean' },
  { value: 4, code: 'Air', name: 'Air' },
  { value: 5, code: 'Insurance', name: 'Insurance' },
  { value: 6, code: 'Customs', name: 'Customs' },
  { value: 7, code: 'Lumper', name: 'Lumper' },
  { value: 8, code: 'Warehouse', name: 'Warehouse' },
  { value: 9, code: 'Other', name: 'Other' },
  { value: 10, code: 'Consolidation', name: 'Consolidation' },
  { value: 11, code: 'TONU', name: 'TONU' },
]);
export type TransitLegTypeValue = EnumValue<typeof TransitLegType>;

// ---------------------------------------------------------------------------------------------------------
// Activities and access levels.

/** 002 §3.1, 000 §3. */
export const ShipmentActivityType = defineEnum([
  { value: 0, code: 'All', name: 'All' },
  { value: 1, code: 'Receivable', name: 'Receivable' },
  { value: 2, code: 'Payable', name: 'Payable' },
  { value: 3, code: 'Pricing', name: 'Pricing' },
  { value: 4, code: 'Operations', name: 'Operations' },
  { value: 5, code: 'General', name: 'General' },
  { value: 6, code: 'StatusChange', name: 'Status Change' },
  { value: 7, code: 'Audit', name: 'Audit' },
  { value: 8, code: 'Claims', name: 'Claims' },
  { value: 9, code: 'Email', name: 'Email' },
]);
export type ShipmentActivityTypeValue = EnumValue<typeof ShipmentActivityType>;

/**
 * 000 §3, 002 §3.1: the activity log also lists "System Note" as a type, but no number is given for it.
 * It is kept apart from the numbered table. (000 §4 filters "non-system notes" by user names starting
 * with "System", not by a type value.)
 */
export const ShipmentActivitySystemNote = Object.freeze({ code: 'SystemNote', name: 'System Note' } as const);

/** 000 §3: the order in which the activity log lists its types (including System Note). */
export const ShipmentActivityTypeDisplayOrder = defineNamedList([
  { code: 'All', name: 'All' },
  { code: 'General', name: 'General' },
  { code: 'Claims', name: 'Claims' },
  { code: 'Audit', name: 'Audit' },
  { code: 'Receivable', name: 'Receivable' },
  { code: 'Payable', name: 'Payable' },
  { code: 'Pricing', name: 'Pricing' },
  { code: 'Operations', name: 'Operations' },
  { code: 'StatusChange', name: 'Status Change' },
  { code: 'Email', name: 'Email' },
  { code: 'SystemNote', name: 'System Note' },
]);

/** 000 §3: General 5 is the default type for a new entry. */
export const DEFAULT_SHIPMENT_ACTIVITY_TYPE = ShipmentActivityType.values.General;

/** 000 §5: preset notes apply only to Payable and Audit shipment activities. */
export const ShipmentActivityTypesWithPresetNotes: readonly ShipmentActivityTypeValue[] = Object.freeze([
  ShipmentActivityType.values.Payable,
  ShipmentActivityType.values.Audit,
]);

/** 002 §3.1, 000 §3, 000 §6. */
export const AccessLevel = defineEnum([
  { value: 0, code: 'Public', name: 'Public' },
  { value: 1, code: 'Private', name: 'Private' },
  { value: 2, code: 'Admin', name: 'Admin' },
]);
export type AccessLevelValue = EnumValue<typeof AccessLevel>;
export type AccessLevelCode = EnumCode<typeof AccessLevel>;

/** 000 §5, 002 §9: default note access level is Private (also the level the add form resets to, 000 §4). */
export const DEFAULT_NOTE_ACCESS_LEVEL = AccessLevel.values.Private;

/** 000 §4: the access level cycles Public, Private, Admin (then back to Public). */
export function nextAccessLevel(current: number): AccessLevelValue {
  switch (current) {
    case AccessLevel.values.Public:
      return AccessLevel.values.Private;
    case AccessLevel.values.Private:
      return AccessLevel.values.Admin;
    default:
      return AccessLevel.values.Public;
  }
}

/** 002 §3.1. Values not shown. */
export const ShipmentFavoritedByFilter = defineNamedList([
  { code: 'Staff', name: 'Staff' },
  { code: 'All', name: 'All' },
  { code: 'None', name: 'None' },
  { code: 'Me', name: 'Me' },
]);

// ---------------------------------------------------------------------------------------------------------
// Imports, bulk operations, truckload.

export const ShipmentImportType = defineEnum([
  { value: 0, code: 'Standard', name: 'Standard' },
  { value: 1, code: 'Drayage', name: 'Drayage' },
]);

export const ImportExport = defineEnum([
  { value: 0, code: 'Import', name: 'Import' },
  { value: 1, code: 'Export', name: 'Export' },
]);

/** 002 §3.1: shipment management stop date-times. */
export const ShipmentManagementStopDateTime = defineEnum([
  { value: 0, code: 'ActualPickup', name: 'Actual Pickup' },
  { value: 1, code: 'POD', name: 'POD' },
]);

/** 002 §3.1: bulk operation date types (each a date-time). */
export const BulkOperationDateType = defineEnum([
  { value: 1, code: 'EstimatedPickup', name: 'Estimated Pickup' },
  { value: 2, code: 'ActualPickup', name: 'Actual Pickup' },
  { value: 3, code: 'PickupAppointment', name: 'Pickup Appointment' },
  { value: 4, code: 'EstimatedDelivery', name: 'Estimated Delivery' },
  { value: 5, code: 'ActualDelivery', name: 'Actual Delivery' },
  { value: 6, code: 'DeliveryAppointment', name: 'Delivery Appointment' },
]);

/** 002 §3.1 (values), §3.7 (the same six states listed in another order; the §3.1 values apply). */
export const TruckloadStatus = defineEnum([
  { value: 0, code: 'NotCoveredAndNotPosted', name: 'Not Covered And Not Posted' },
  { value: 1, code: 'NotCovered', name: 'Not Covered' },
  { value: 2, code: 'Covered', name: 'Covered' },
  { value: 3, code: 'InTransit', name: 'In Transit' },
  { value: 4, code: 'Delivered', name: 'Delivered' },
  { value: 5, code: 'NotCoveredAndPosted', name: 'Not Covered And Posted' },
]);
export type TruckloadStatusValue = EnumValue<typeof TruckloadStatus>;

/** 002 §3.7: the display order of the truckload states (values from 002 §3.1). */
export const TruckloadStatusDisplayOrder: readonly TruckloadStatusValue[] = Object.freeze([
  0, 1, 5, 2, 3, 4,
] as const);

/** 002 §3.1. Values not shown. */
export const TruckloadTrackingMethod = defineNamedList([
  { code: 'SCAC', name: 'SCAC' },
  { code: 'DOT_NUMBER', name: 'DOT Number' },
  { code: 'MC_NUMBER', name: 'MC Number' },
  { code: 'P44_EU', name: 'P44 EU' },
  { code: 'SYSTEM', name: 'System' },
]);

/** 002 §3.1. Values not shown. */
export const VisibilityProviderTrackMethod = defineNamedList([
  { code: 'MOBILE_PHONE_NUMBER', name: 'Mobile Phone Number' },
  { code: 'VEHICLE_ID', name: 'Vehicle Id' },
  { code: 'LICENSE_PLATE', name: 'License Plate' },
  { code: 'SENSITECH_DEVICE_ID', name: 'Sensitech Device Id' },
  { code: 'EMERSON_DEVICE_ID', name: 'Emerson Device Id' },
  { code: 'TIVE_DEVICE_ID', name: 'Tive Device Id' },
  { code: 'CONTAINER_ID', name: 'Container Id' },
]);

/** 002 §3.1. Values not shown. */
export const VisibilityConnectionMethod = defineNamedList([
  { code: 'Tms', name: 'TMS' },
  { code: 'ELD', name: 'ELD' },
  { code: 'LTL', name: 'LTL' },
  { code: 'Telematics', name: 'Telematics' },
  { code: 'TrailerGPS', name: 'Trailer GPS' },
  { code: 'CellPhone', name: 'Cell Phone' },
]);

// ---------------------------------------------------------------------------------------------------------
// Driver tracking and check calls.

/**
 * 002 §3.1: driver tracking reference types. Note: DotNumber 32 here differs from the shipment reference
 * type 32 (Temperature, 002 §3.3); these are separate tables.
 */
export const DriverTrackingReferenceType = defineEnum([
  { value: 9, code: 'TrailerNumber', name: 'Trailer Number' },
  { value: 11, code: 'DriverCellPhoneNumber', name: 'Driver Cell Phone Number' },
  { value: 31, code: 'TruckNumber', name: 'Truck Number' },
  { value: 32, code: 'DotNumber', name: 'DOT Number' },
  { value: 33, code: 'MotorCarrierNumber', name: 'Motor Carrier Number' },
]);

/**
 * 002 §3.1: the four driver tracking integrations, by kind (the spec names the kind, not the product;
 * code names are ours). The numbers are integration ids (002 §3.8, other integrations 86 to 237).
 */
export const DriverTrackingIntegration = defineEnum([
  { value: 86, code: 'TruckerToolsApp', name: 'Trucker tools app' },
  { value: 110, code: 'PhoneLoadTracking', name: 'Phone-based load tracking service' },
  { value: 167, code: 'VisibilityPlatform', name: 'Visibility platform' },
  { value: 188, code: 'LoadTrackingPlatform', name: 'Load tracking platform' },
]);

export const DriverTrackStatus = defineEnum([
  { value: 1, code: 'Active', name: 'Active' },
  { value: 2, code: 'UpdateNow', name: 'Update Now' },
  { value: 3, code: 'Completed', name: 'Completed' },
  { value: 4, code: 'Canceled', name: 'Canceled' },
]);

export const CheckCallDeliveryType = defineEnum([
  { value: 1, code: 'Email', name: 'Email' },
  { value: 2, code: 'Text', name: 'Text' },
]);

// ---------------------------------------------------------------------------------------------------------
// Equipment.

/**
 * 002 §3.1: trailer type. The detailed equipment types 101 to 178 (sprinter vans, city and straight trucks
 * with lift or tail gate, 48 and 53 ft vans, tandem/tri-axle/quad-axle, flatbeds, conestoga, step decks,
 * low boy, power only, containers, hotshots, car carriers, tankers, hopper, dump, livestock, vented van,
 * toter) have individual values that are not shown, so only the range is given.
 */
export const TrailerType = defineEnum([
  { value: 0, code: 'None', name: 'None' },
  { value: 10, code: 'Other', name: 'Other' },
  { value: 20, code: 'Flatbed', name: 'Flatbed' },
  { value: 30, code: 'Refrigerated', name: 'Refrigerated' },
  { value: 40, code: 'Van', name: 'Van' },
]);
export const TrailerTypeDetailedRange: ValueRange = Object.freeze({ min: 101, max: 178 });
/** 001 §3: equipment types, 62 entries from None and Flatbed through reefers, vans, tankers and
 * containers (the entries themselves are not shown). */
export const EQUIPMENT_TYPE_COUNT = 62;

export const TrailerSize = defineEnum([
  { value: 0, code: 'Full', name: 'Full' },
  { value: 1, code: 'Partial', name: 'Partial' },
]);

/** 002 §3.1. Values not shown. */
export const WhiteGloveServiceType = defineNamedList([
  { code: 'Basic', name: 'Basic' },
  { code: 'Standard', name: 'Standard' },
  { code: 'Premium', name: 'Premium' },
]);

/**
 * 002 §3.1: package type, with the values given. From Bags 290 to Batteries 310 the spec lists 21 names
 * but says the individual values between are not shown: only Bags 290 and Batteries 310 are numbered
 * here; the names in between are in `PackageTypeBetweenBagsAndBatteries` (in order, without numbers).
 */
export const PackageType = defineEnum([
  { value: 20, code: 'Barrel', name: 'Barrel' },
  { value: 30, code: 'Basket', name: 'Basket' },
  { value: 40, code: 'Box', name: 'Box' },
  { value: 45, code: 'Bundle', name: 'Bundle' },
  { value: 50, code: 'Carton', name: 'Carton' },
  { value: 60, code: 'Case', name: 'Case' },
  { value: 70, code: 'Chest', name: 'Chest' },
  { value: 80, code: 'Crate', name: 'Crate' },
  { value: 90, code: 'Cylinder', name: 'Cylinder' },
  { value: 100, code: 'Drum', name: 'Drum' },
  { value: 110, code: 'Package', name: 'Package' },
  { value: 120, code: 'Pallet', name: 'Pallet' },
  { value: 130, code: 'Piece', name: 'Piece' },
  { value: 140, code: 'Reel', name: 'Reel' },
  { value: 150, code: 'Skid', name: 'Skid' },
  { value: 160, code: 'Tube', name: 'Tube' },
  { value: 170, code: 'BreakBulk', name: 'Break Bulk' },
  { value: 190, code: 'Container', name: 'Container' },
  { value: 260, code: 'Roll', name: 'Roll' },
  { value: 280, code: 'Unit', name: 'Unit' },
  { value: 281, code: 'LiftVan', name: 'Lift Van' },
  { value: 285, code: 'Truckload', name: 'Truckload' },
  { value: 290, code: 'Bags', name: 'Bags' },
  { value: 310, code: 'Batteries', name: 'Batteries' },
]);
export type PackageTypeValue = EnumValue<typeof PackageType>;

/** 002 §3.1: package types strictly between Bags (290) and Batteries (310), in order; values not shown. */
export const PackageTypeBetweenBagsAndBatteries = defineNamedList([
  { code: 'Pails', name: 'Pails' },
  { code: 'Totes', name: 'Totes' },
  { code: 'Wheels', name: 'Wheels' },
  { code: 'Gaylords', name: 'Gaylords' },
  { code: 'UBox', name: 'U-Box' },
  { code: 'HalfPallets', name: 'HalfPallets' },
  { code: 'Cart', name: 'Cart' },
  { code: 'AFrame', name: 'A-Frame' },
  { code: 'Hopper', name: 'Hopper' },
  { code: 'Vehicle', name: 'Vehicle' },
  { code: 'Tubs', name: 'Tubs' },
  { code: 'Gallons', name: 'Gallons' },
  { code: 'Bales', name: 'Bales' },
  { code: 'Cans', name: 'Cans' },
  { code: 'Jerricans', name: 'Jerricans' },
  { code: 'Racks', name: 'Racks' },
  { code: 'Loose', name: 'Loose' },
  { code: 'Stacks', name: 'Stacks' },
  { code: 'Bins', name: 'Bins' },
]);

/**
 * 002 §3.1: "Packing group: none 0, I, II, III". Read like the spec's other "X 0, then names" lists
 * (tariff mode, tariff calculation type), the values follow by position: I 1, II 2, III 3.
 */
export const PackingGroup = defineEnum([
  { value: 0, code: 'None', name: 'None' },
  { value: 1, code: 'I', name: 'I' },
  { value: 2, code: 'II', name: 'II' },
  { value: 3, code: 'III', name: 'III' },
]);

/** 002 §3.1: hazard classes (values not shown). */
export const HazardClass = defineNamedList([
  { code: 'Class1_1', name: '1.1', description: 'Explosives' },
  { code: 'Class1_2', name: '1.2', description: 'Explosives' },
  { code: 'Class1_3', name: '1.3', description: 'Explosives' },
  { code: 'Class1_4', name: '1.4', description: 'Explosives' },
  { code: 'Class1_5', name: '1.5', description: 'Explosives' },
  { code: 'Class1_6', name: '1.6', description: 'Explosives' },
  { code: 'Class2_1', name: '2.1', description: 'Gases' },
  { code: 'Class2_2', name: '2.2', description: 'Gases' },
  { code: 'Class2_3', name: '2.3', description: 'Gases' },
  { code: 'Class3', name: '3', description: 'Liquids' },
  { code: 'Class4_1', name: '4.1', description: 'Solids' },
  { code: 'Class4_2', name: '4.2', description: 'Solids' },
  { code: 'Class4_3', name: '4.3', description: 'Solids' },
  { code: 'Class5_1', name: '5.1', description: 'Oxidizers' },
  { code: 'Class5_2', name: '5.2', description: 'Oxidizers' },
  { code: 'Class6_1', name: '6.1', description: 'Toxic' },
  { code: 'Class6_2', name: '6.2', description: 'Infectious' },
  { code: 'Class7', name: '7', description: 'Radioactive' },
  { code: 'Class8', name: '8', description: 'Corrosives' },
  { code: 'Class9', name: '9', description: 'Miscellaneous' },
  { code: 'Custom', name: 'Custom' },
]);

/** 002 §3.1. Values not shown. */
export const LoadingFacility = defineNamedList([
  { code: 'Business', name: 'Business' },
  { code: 'BusinessRequiringLiftgate', name: 'Business Requiring Liftgate' },
  { code: 'ConstructionSite', name: 'Construction Site' },
  { code: 'Residential', name: 'Residential' },
  { code: 'ResidentialRequiringLiftgate', name: 'Residential Requiring Liftgate' },
]);

// ---------------------------------------------------------------------------------------------------------
// Service levels, 002 §3.2. The full list (values 0 to 7005) is not shown; these are the values given.
// Air service levels are given by description only: their code names are ours.

export const ServiceLevelRange: ValueRange = Object.freeze({ min: 0, max: 7005 });

export const ServiceLevel = defineEnum([
  { value: 0, code: 'Normal', name: 'Normal' },
  { value: 10, code: 'AirDomesticDeferred3To5Day', name: 'Air domestic 3-to-5-day deferred' },
  { value: 20, code: 'AirDomestic2ndDay', name: 'Air domestic 2nd day' },
  { value: 30, code: 'AirDomesticNextDay', name: 'Air domestic next day' },
  { value: 40, code: 'AirDomesticNextDayByNoon', name: 'Air domestic next day by noon' },
  { value: 100, code: 'StandardTruckload', name: 'Standard Truckload' },
  { value: 101, code: 'Intermodal', name: 'Intermodal' },
  { value: 102, code: 'Partial', name: 'Partial' },
  { value: 110, code: 'TeamService', name: 'Team Service' },
  { value: 117, code: 'TransitAccelerated', name: 'Transit Accelerated' },
  { value: 118, code: 'TransitTimeCritical', name: 'Transit Time Critical' },
  { value: 120, code: 'AirInternationalGeneral', name: 'Air international general' },
  { value: 130, code: 'AirInternationalExpress', name: 'Air international express' },
  { value: 140, code: 'AirInternationalCharter', name: 'Air international charter' },
  { value: 150, code: 'AirInternationalCourier', name: 'Air international courier' },
  { value: 1300, code: 'TransitNextDay', name: 'Transit Next Day' },
  { value: 1310, code: 'Transit2ndDay', name: 'Transit 2nd Day' },
  { value: 1320, code: 'Transit3to5Day', name: 'Transit 3 to 5 Day' },
  { value: 1330, code: 'TransitDeferred', name: 'Transit Deferred' },
  { value: 2011, code: 'AirSameDay', name: 'Air same day' },
  { value: 2012, code: 'AirDeferred', name: 'Air deferred' },
  { value: 2014, code: 'AirExclusiveUse', name: 'Air exclusive use' },
  { value: 3020, code: 'HandCarry', name: 'Hand Carry' },
  { value: 3030, code: 'NextFlightOut', name: 'Next Flight Out' },
  { value: 7005, code: 'CrossDock', name: 'Cross Dock' },
]);
export type ServiceLevelValue = EnumValue<typeof ServiceLevel>;

export const TruckloadServiceLevels: readonly ServiceLevelValue[] = Object.freeze([
  0, 100, 101, 102, 110, 1300, 1310, 1320, 1330, 3020, 3030, 7005,
] as const);
export const LtlServiceLevels: readonly ServiceLevelValue[] = Object.freeze([
  0, 110, 117, 118, 1300, 1310, 1320, 1330, 3020, 3030, 7005,
] as const);
export const AirServiceLevels: readonly ServiceLevelValue[] = Object.freeze([
  10, 20, 30, 40, 120, 130, 140, 150, 2011, 2012, 2014,
] as const);
