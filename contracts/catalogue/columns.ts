// Spec 002 §3.11 (column sets: domestic shipment grid, approve bills, create invoice, truckload shipment
// list, commission reports); 001 §3 (commission report columns).

import { defineEnum, defineNamedList, type EnumCode, type EnumValue } from './enum.ts';

/**
 * 002 §3.11: domestic shipment grid columns 0 to 83, in order. Column 58 is given only as "a linehaul
 * pickup number column": its code name `LinehaulPickupNumber` is ours.
 */
export const DomesticShipmentGridColumn = defineEnum([
  { value: 0, code: 'ShipmentId', name: 'Shipment Id' },
  { value: 1, code: 'CustomerName', name: 'Customer Name' },
  { value: 2, code: 'ShipDate', name: 'Ship Date' },
  { value: 3, code: 'DeliveryDate', name: 'Delivery Date' },
  { value: 4, code: 'FromCity', name: 'From City' },
  { value: 5, code: 'FromState', name: 'From State' },
  { value: 6, code: 'ToCity', name: 'To City' },
  { value: 7, code: 'ToState', name: 'To State' },
  { value: 8, code: 'CarrierName', name: 'Carrier Name' },
  { value: 9, code: 'LinehaulCarrierProNumber', name: 'Linehaul Carrier Pro Number' },
  { value: 10, code: 'TariffName', name: 'Tariff Name' },
  { value: 11, code: 'Alerts', name: 'Alerts' },
  { value: 12, code: 'Status', name: 'Status' },
  { value: 13, code: 'LastOpsUpdate', name: 'Last Ops Update' },
  { value: 14, code: 'OriginCompanyName', name: 'Origin Company Name' },
  { value: 15, code: 'OriginZip', name: 'Origin Zip' },
  { value: 16, code: 'DestinationCompanyName', name: 'Destination Company Name' },
  { value: 17, code: 'DestinationZip', name: 'Destination Zip' },
  { value: 18, code: 'PONumber', name: 'PO Number' },
  { value: 19, code: 'ShipperReferenceNumber', name: 'Shipper Reference Number' },
  { value: 20, code: 'ServiceLevel', name: 'Service Level' },
  { value: 21, code: 'TrailerType', name: 'Trailer Type' },
  { value: 22, code: 'TrailerSize', name: 'Trailer Size' },
  { value: 23, code: 'TotalHandlingUnits', name: 'Total Handling Units' },
  { value: 24, code: 'TotalStopCount', name: 'Total Stop Count' },
  { value: 25, code: 'TotalWeight', name: 'Total Weight' },
  { value: 26, code: 'TotalBuy', name: 'Total Buy' },
  { value: 27, code: 'TotalSell', name: 'Total Sell' },
  { value: 28, code: 'Margin', name: 'Margin' },
  { value: 29, code: 'TransitDays', name: 'Transit Days' },
  { value: 30, code: 'InvoiceNumber', name: 'Invoice Number' },
  { value: 31, code: 'CreatedBy', name: 'Created By' },
  { value: 32, code: 'ContainerNumber', name: 'Container Number' },
  { value: 33, code: 'OfficeName', name: 'Office Name' },
  { value: 34, code: 'LastFreeDay', name: 'Last Free Day' },
  { value: 35, code: 'SteamshipLine', name: 'Steamship Line' },
  { value: 36, code: 'TruckNumber', name: 'Truck Number' },
  { value: 37, code: 'AppointmentConfirmationNumber', name: 'Appointment Confirmation Number' },
  { value: 38, code: 'BoothNumber', name: 'Booth Number' },
  { value: 39, code: 'CancellationReason', name: 'Cancellation Reason' },
  { value: 40, code: 'CarrierDispatcherEmail', name: 'Carrier Dispatcher Email' },
  { value: 41, code: 'CarrierDispatcherName', name: 'Carrier Dispatcher Name' },
  { value: 42, code: 'CarrierDispatcherPhoneNumber', name: 'Carrier Dispatcher Phone Number' },
  { value: 43, code: 'CarrierRep', name: 'Carrier Rep' },
  { value: 44, code: 'ClaimNumber', name: 'Claim Number' },
  { value: 45, code: 'ContainerSize', name: 'Container Size' },
  { value: 46, code: 'CustomReferenceNumber', name: 'Custom Reference Number' },
  { value: 47, code: 'CustomReferenceNumber2', name: 'Custom Reference Number 2' },
  { value: 48, code: 'Decorator', name: 'Decorator' },
  { value: 49, code: 'DeliveryCarrierProNumber', name: 'Delivery Carrier Pro Number' },
  { value: 50, code: 'DriverCellPhoneNumber', name: 'Driver Cell Phone Number' },
  { value: 51, code: 'DriverName', name: 'Driver Name' },
  { value: 52, code: 'EarliestReturn', name: 'Earliest Return' },
  { value: 53, code: 'ExhibitorName', name: 'Exhibitor Name' },
  { value: 54, code: 'FileNumber', name: 'File Number' },
  { value: 55, code: 'MAWBNumber', name: 'MAWB Number' },
  { value: 56, code: 'PaymentReferenceNumber', name: 'Payment Reference Number' },
  { value: 57, code: 'PickupCarrierProNumber', name: 'Pickup Carrier Pro Number' },
  { value: 58, code: 'LinehaulPickupNumber', name: 'Linehaul Pickup Number' },
  { value: 59, code: 'QualityIssue', name: 'Quality Issue' },
  { value: 60, code: 'QuoteDueDate', name: 'Quote Due Date' },
  { value: 61, code: 'QuoteNumber', name: 'Quote Number' },
  { value: 62, code: 'ReleaseNumber', name: 'Release Number' },
  { value: 63, code: 'SealNumber', name: 'Seal Number' },
  { value: 64, code: 'SecondaryBOLNumber', name: 'Secondary BOL Number' },
  { value: 65, code: 'ShippingLine', name: 'Shipping Line' },
  { value: 66, code: 'Temperature', name: 'Temperature' },
  { value: 67, code: 'TrackingReferenceNumber', name: 'Tracking Reference Number' },
  { value: 68, code: 'TrailerNumber', name: 'Trailer Number' },
  { value: 69, code: 'VesselVoyage', name: 'Vessel Voyage' },
  { value: 70, code: 'InsuranceDeclaredValue', name: 'Insurance Declared Value' },
  { value: 71, code: 'OfferRate', name: 'Offer Rate' },
  { value: 72, code: 'MaxBuyRate', name: 'Max Buy Rate' },
  { value: 73, code: 'MinBuyRate', name: 'Min Buy Rate' },
  { value: 74, code: 'LastPinnedActivity', name: 'Last Pinned Activity' },
  { value: 75, code: 'AssignedBranch', name: 'Assigned Branch' },
  { value: 76, code: 'SecondaryDriverName', name: 'Secondary Driver Name' },
  { value: 77, code: 'SecondaryDriverCellPhoneNumber', name: 'Secondary Driver Cell Phone Number' },
  { value: 78, code: 'CustomReferenceNumber3', name: 'Custom Reference Number 3' },
  { value: 79, code: 'NextAssignmentDate', name: 'Next Assignment Date' },
  { value: 80, code: 'OnHoldReason', name: 'On Hold Reason' },
  { value: 81, code: 'DeclaredValue', name: 'Declared Value' },
  { value: 82, code: 'LastKnownLocation', name: 'Last Known Location' },
  { value: 83, code: 'RemainingMilesToDestination', name: 'Remaining Miles To Destination' },
]);
export type DomesticShipmentGridColumnValue = EnumValue<typeof DomesticShipmentGridColumn>;
export type DomesticShipmentGridColumnCode = EnumCode<typeof DomesticShipmentGridColumn>;

export const DOMESTIC_SHIPMENT_GRID_COLUMN_COUNT = 84;
export const DOMESTIC_SHIPMENT_GRID_DEFAULT_COLUMN_COUNT = 14;

/**
 * The default grid shows the first 14 columns (values 0 to 13), with ProNumber in place of
 * LinehaulCarrierProNumber. `ProNumber` is a display column with no number of its own: the grid shows it
 * in column 9's place.
 */
export const DomesticShipmentGridDefaultColumnValues: readonly DomesticShipmentGridColumnValue[] =
  Object.freeze(DomesticShipmentGridColumn.valueList.slice(0, DOMESTIC_SHIPMENT_GRID_DEFAULT_COLUMN_COUNT));
export type DomesticShipmentGridDefaultColumnCode =
  | Exclude<DomesticShipmentGridColumnCode, 'LinehaulCarrierProNumber'>
  | 'ProNumber';
export const DomesticShipmentGridDefaultColumns: readonly DomesticShipmentGridDefaultColumnCode[] =
  Object.freeze(
    DomesticShipmentGridDefaultColumnValues.map((v) => {
      const code = DomesticShipmentGridColumn.codeOf(v) as DomesticShipmentGridColumnCode;
      return code === 'LinehaulCarrierProNumber' ? 'ProNumber' : code;
    }) as DomesticShipmentGridDefaultColumnCode[],
  );

// ---------------------------------------------------------------------------------------------------------
// Other column sets: only counts and the named defaults are given; column ids per name are not shown.

/**
 * Approve bills: 86 selectable columns (ids 0 to 85). The spec names 18 defaults but gives the count 17
 * ("both readings are given"); all 18 named defaults are listed, and the stated count is kept alongside.
 */
export const APPROVE_BILLS_COLUMN_COUNT = 86;
export const APPROVE_BILLS_STATED_DEFAULT_COUNT = 17;
export const ApproveBillsDefaultColumns = defineNamedList([
  { code: 'ShipmentId', name: 'Shipment Id' },
  { code: 'ProNumber', name: 'Pro Number' },
  { code: 'PickupDate', name: 'Pickup Date' },
  { code: 'Days', name: 'Days' },
  { code: 'DeliveryDate', name: 'Delivery Date' },
  { code: 'BillAmount', name: 'Bill Amount' },
  { code: 'CustomerInvoice', name: 'Customer Invoice' },
  { code: 'AdvancedPayment', name: 'Advanced Payment' },
  { code: 'AutoValidated', name: 'Auto Validated' },
  { code: 'BillDate', name: 'Bill Date' },
  { code: 'DueDate', name: 'Due Date' },
  { code: 'BillNumber', name: 'Bill Number' },
  { code: 'Variance', name: 'Variance' },
  { code: 'LastActivity', name: 'Last Activity' },
  { code: 'BillAvailable', name: 'Bill Available' },
  { code: 'PayerName', name: 'Payer Name' },
  { code: 'QuickPay', name: 'Quick Pay' },
  { code: 'Invoiced', name: 'Invoiced' },
]);

/** Create invoice: 93 columns (ids 0 to 92), 16 defaults. */
export const CREATE_INVOICE_COLUMN_COUNT = 93;
export const CreateInvoiceDefaultColumns = defineNamedList([
  { code: 'ShipmentId', name: 'Shipment Id' },
  { code: 'ShipmentType', name: 'Shipment Type' },
  { code: 'PodRequired', name: 'POD Required' },
  { code: 'BolRequired', name: 'BOL Required' },
  { code: 'PayerOrganizationName', name: 'Payer Organization Name' },
  { code: 'TariffName', name: 'Tariff Name' },
  { code: 'BillReceived', name: 'Bill Received' },
  { code: 'PickupDate', name: 'Pickup Date' },
  { code: 'DeliveryDate', name: 'Delivery Date' },
  { code: 'AutoValidated', name: 'Auto Validated' },
  { code: 'CarrierName', name: 'Carrier Name' },
  { code: 'ProNumber', name: 'Pro Number' },
  { code: 'Buy', name: 'Buy' },
  { code: 'Sell', name: 'Sell' },
  { code: 'Margin', name: 'Margin' },
  { code: 'Office', name: 'Office' },
]);

/** Truckload shipment list: 101 columns (ids 0 to 100); the spec names some of them (not all, no ids). */
export const TRUCKLOAD_SHIPMENT_LIST_COLUMN_COUNT = 101;
export const TruckloadShipmentListNamedColumns = defineNamedList([
  { code: 'CustomerName', name: 'Customer Name' },
  { code: 'ShipDate', name: 'Ship Date' },
  { code: 'DeliveryDate', name: 'Delivery Date' },
  { code: 'FromCity', name: 'From City' },
  { code: 'FromState', name: 'From State' },
  { code: 'ToCity', name: 'To City' },
  { code: 'ToState', name: 'To State' },
  { code: 'Carrier', name: 'Carrier' },
  { code: 'Buy', name: 'Buy' },
  { code: 'Sell', name: 'Sell' },
  { code: 'QuoteCount', name: 'Quote Count' },
  { code: 'PostedToLoadBoard', name: 'Posted To Load Board' },
  { code: 'EquipmentType', name: 'Equipment Type' },
  { code: 'Alerts', name: 'Alerts' },
  { code: 'Status', name: 'Status' },
  { code: 'Tracking', name: 'Tracking' },
  { code: 'LastOpsUpdate', name: 'Last Ops Update' },
  { code: 'StopCount', name: 'Stop Count' },
  { code: 'Mileage', name: 'Mileage' },
  { code: 'NextStopDetails', name: 'Next Stop Details' },
  { code: 'MinBuyRate', name: 'Min Buy Rate' },
  { code: 'MaxBuyRate', name: 'Max Buy Rate' },
  { code: 'LastKnownLocation', name: 'Last Known Location' },
  { code: 'RemainingMilesToDestination', name: 'Remaining Miles To Destination' },
]);

/** 002 §3.11, 001 §3: commission reports, 17 columns each, each with a default subset; names not shown. */
export const APPROVE_COMMISSION_COLUMN_COUNT = 17;
export const SHIPMENT_COMMISSION_COLUMN_COUNT = 17;
