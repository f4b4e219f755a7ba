import { describe, expect, it } from 'vitest';
import {
  APPROVE_BILLS_COLUMN_COUNT,
  ApproveBillsDefaultColumns,
  CREATE_INVOICE_COLUMN_COUNT,
  CreateInvoiceDefaultColumns,
  DOMESTIC_SHIPMENT_GRID_COLUMN_COUNT,
  DOMESTIC_SHIPMENT_GRID_DEFAULT_COLUMN_COUNT,
  DomesticShipmentGridColumn,
  DomesticShipmentGridDefaultColumns,
  DomesticShipmentGridDefaultColumnValues,
  TRUCKLOAD_SHIPMENT_LIST_COLUMN_COUNT,
} from '../columns.ts';

// 002 §3.11, in order ("a linehaul pickup number column" at 58 has no code name in the spec).
const specColumns =
  `ShipmentId, CustomerName, ShipDate, DeliveryDate, FromCity, FromState, ToCity, ToState, CarrierName,
LinehaulCarrierProNumber, TariffName, Alerts, Status, LastOpsUpdate, OriginCompanyName, OriginZip,
DestinationCompanyName, DestinationZip, PONumber, ShipperReferenceNumber, ServiceLevel, TrailerType, TrailerSize,
TotalHandlingUnits, TotalStopCount, TotalWeight, TotalBuy, TotalSell, Margin, TransitDays, InvoiceNumber, CreatedBy,
ContainerNumber, OfficeName, LastFreeDay, SteamshipLine, TruckNumber, AppointmentConfirmationNumber, BoothNumber,
CancellationReason, CarrierDispatcherEmail, CarrierDispatcherName, CarrierDispatcherPhoneNumber, CarrierRep,
ClaimNumber, ContainerSize, CustomReferenceNumber, CustomReferenceNumber2, Decorator, DeliveryCarrierProNumber,
DriverCellPhoneNumber, DriverName, EarliestReturn, ExhibitorName, FileNumber, MAWBNumber, PaymentReferenceNumber,
PickupCarrierProNumber, LinehaulPickupNumber, QualityIssue, QuoteDueDate, QuoteNumber, ReleaseNumber, SealNumber,
SecondaryBOLNumber, ShippingLine, Temperature, TrackingReferenceNumber, TrailerNumber, VesselVoyage,
InsuranceDeclaredValue, OfferRate, MaxBuyRate, MinBuyRate, LastPinnedActivity, AssignedBranch, SecondaryDriverName,
SecondaryDriverCellPhoneNumber, CustomReferenceNumber3, NextAssignmentDate, OnHoldReason, DeclaredValue,
LastKnownLocation, RemainingMilesToDestination`
    .split(',')
    .map((s) => s.trim());

describe('domestic shipment grid columns (002 §3.11)', () => {
  it('has 84 columns numbered 0 to 83 in the spec order', () => {
    expect(specColumns).toHaveLength(84);
    expect(DOMESTIC_SHIPMENT_GRID_COLUMN_COUNT).toBe(84);
    expect(DomesticShipmentGridColumn.entries).toHaveLength(84);
    expect(DomesticShipmentGridColumn.codes).toEqual(specColumns);
    expect(DomesticShipmentGridColumn.valueList).toEqual(specColumns.map((_, i) => i));
    expect(DomesticShipmentGridColumn.values.RemainingMilesToDestination).toBe(83);
  });

  it('shows the first 14 by default with ProNumber in place of LinehaulCarrierProNumber', () => {
    expect(DOMESTIC_SHIPMENT_GRID_DEFAULT_COLUMN_COUNT).toBe(14);
    expect(DomesticShipmentGridDefaultColumnValues).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(DomesticShipmentGridDefaultColumns).toEqual([
      'ShipmentId',
      'CustomerName',
      'ShipDate',
      'DeliveryDate',
      'FromCity',
      'FromState',
      'ToCity',
      'ToState',
      'CarrierName',
      'ProNumber',
      'TariffName',
      'Alerts',
      'Status',
      'LastOpsUpdate',
    ]);
  });
});

describe('other column sets', () => {
  it('has the stated counts and named defaults', () => {
    expect(APPROVE_BILLS_COLUMN_COUNT).toBe(86);
    expect(ApproveBillsDefaultColumns.codes).toHaveLength(18);
    expect(CREATE_INVOICE_COLUMN_COUNT).toBe(93);
    expect(CreateInvoiceDefaultColumns.codes).toHaveLength(16);
    expect(TRUCKLOAD_SHIPMENT_LIST_COLUMN_COUNT).toBe(101);
  });
});
