// Spec 002 §3.5 (accessorials and charge lines); 001 §3 (accessorial schedule date type).
// The hazardous accessorial id 46 (002 §3.5, 001 §2, §9) is HAZARDOUS_ACCESSORIAL_ID in constants.ts.

import { defineEnum, defineNamedList, type EnumValue, type ValueRange } from './enum.ts';

/** 002 §3.5: accessorial type 1 to 11, in order. */
export const AccessorialType = defineEnum([
  { value: 1, code: 'Shipment', name: 'Shipment' },
  { value: 2, code: 'Pickup', name: 'Pickup' },
  { value: 3, code: 'Delivery', name: 'Delivery' },
  { value: 4, code: 'Fuel', name: 'Fuel' },
  { value: 5, code: 'Insurance', name: 'Insurance' },
  { value: 6, code: 'Accounting', name: 'Accounting' },
  { value: 7, code: 'Rating', name: 'Rating' },
  { value: 8, code: 'Lumper', name: 'Lumper' },
  { value: 9, code: 'Warehouse', name: 'Warehouse' },
  { value: 10, code: 'Customs', name: 'Customs' },
  { value: 11, code: 'Other', name: 'Other' },
]);
export type AccessorialTypeValue = EnumValue<typeof AccessorialType>;

export const AccessorialAvailability = defineEnum([
  { value: 0, code: 'Normal', name: 'Normal' },
  { value: 1, code: 'Required', name: 'Required' },
  { value: 2, code: 'NotAvailable', name: 'Not Available' },
]);

/**
 * 002 §3.5: accessorial calculation 1 to 17, in order, with "Pieces (7)": Handling Units 1 to Mileage 5,
 * then Pieces 7 (6 is not used), then the rest in order up to Set By API 17.
 */
export const AccessorialCalculation = defineEnum([
  { value: 1, code: 'HandlingUnits', name: 'Handling Units' },
  { value: 2, code: 'CWT', name: 'CWT' },
  { value: 3, code: 'Flat', name: 'Flat' },
  { value: 4, code: 'Call', name: 'Call' },
  { value: 5, code: 'Mileage', name: 'Mileage' },
  { value: 7, code: 'Pieces', name: 'Pieces' },
  { value: 8, code: 'Density', name: 'Density' },
  { value: 9, code: 'CubicFoot', name: 'Cubic Foot' },
  { value: 10, code: 'Percentage', name: 'Percentage' },
  { value: 11, code: 'DimensionalWeight', name: 'Dimensional Weight' },
  { value: 12, code: 'Schedule', name: 'Schedule' },
  { value: 13, code: 'WaivedCustomer', name: 'Waived Customer' },
  { value: 14, code: 'WaivedCarrier', name: 'Waived Carrier' },
  { value: 15, code: 'Waived', name: 'Waived' },
  { value: 16, code: 'DoesNotService', name: 'Does Not Service' },
  { value: 17, code: 'SetByAPI', name: 'Set By API' },
]);

/** 002 §3.5. Values not shown. */
export const AccessorialDisplay = defineNamedList([
  { code: 'Selected', name: 'Selected' },
  { code: 'Show', name: 'Show' },
  { code: 'ShowBackOffice', name: 'Show Back Office' },
  { code: 'ShowManagers', name: 'Show Managers' },
  { code: 'Hide', name: 'Hide' },
  { code: 'Required', name: 'Required' },
]);

export const AccessorialValuationType = defineEnum([
  { value: 1, code: 'ValueTable', name: 'Value Table' },
  { value: 2, code: 'Pieces', name: 'Pieces' },
  { value: 3, code: 'Weight', name: 'Weight' },
  { value: 4, code: 'ReleaseValue', name: 'Release Value' },
  { value: 5, code: 'Mileage', name: 'Mileage' },
]);

/** 002 §3.5, 001 §3. Values not shown. */
export const AccessorialScheduleDateType = defineNamedList([
  { code: 'CurrentDate', name: 'Current Date' },
  { code: 'CreatedDate', name: 'Created Date' },
  { code: 'ShipDate', name: 'Ship Date' },
  { code: 'DeliveryDate', name: 'Delivery Date' },
]);

/**
 * 002 §3.5: charge line type, about 47 values between 1 and 48 (16 absent); the individual numbers are not
 * shown. The names given are listed in order ("and others" are not named).
 */
export const ChargeLineTypeRange: ValueRange = Object.freeze({ min: 1, max: 48 });
export const CHARGE_LINE_TYPE_ABSENT_VALUE = 16;
export const ChargeLineType = defineNamedList([
  { code: 'Accessorial', name: 'Accessorial' },
  { code: 'Linehaul', name: 'Linehaul' },
  { code: 'Fuel', name: 'Fuel' },
  { code: 'Pickup', name: 'Pickup' },
  { code: 'Delivery', name: 'Delivery' },
  { code: 'Insurance', name: 'Insurance' },
  { code: 'TONU', name: 'TONU' },
  { code: 'Lumper', name: 'Lumper' },
  { code: 'Warehouse', name: 'Warehouse' },
  { code: 'Customs', name: 'Customs' },
]);

/** 002 §3.5. Values not shown. */
export const ChargeLineAccountingStatus = defineNamedList([
  { code: 'NotReady', name: 'Not Ready' },
  { code: 'Ready', name: 'Ready' },
  { code: 'HasVariance', name: 'Has Variance' },
  { code: 'NoAccounting', name: 'No Accounting' },
  { code: 'PassThrough', name: 'Pass Through' },
  { code: 'Created', name: 'Created' },
]);
