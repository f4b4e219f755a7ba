// Spot checks of the numbered tables against the numbers written in the spec (002 unless noted).
import { describe, expect, it } from 'vitest';
import {
  AccessLevel,
  AccessorialCalculation,
  AccessorialType,
  AddressLocationType,
  AgingBucket,
  AttachmentSources,
  AttachmentType,
  AttachmentTypeList,
  BillAgingBucket,
  BulkOperationDateType,
  BulkProcessType,
  CommissionStatus,
  ContentTemplateType,
  CustomerAttachmentTypes,
  DeliveryFrequency,
  DisputeStatus,
  DomesticShipmentTypes,
  DriverTrackingIntegration,
  DriverTrackingReferenceType,
  defaultAccessLevelForAttachmentType,
  defaultAccessLevelForSource,
  EdiMessageType,
  ExternalImageAttachmentType,
  favoriteStateOf,
  guessAttachmentTypeFromFileName,
  InternationalShipmentTypes,
  isDomesticShipmentType,
  isInternationalShipmentType,
  MailSendStatus,
  MarketplaceAttachmentTypes,
  nextAccessLevel,
  nextFavoriteState,
  OrganizationActivityType,
  OrganizationActivityTypeList,
  OrganizationType,
  PackageType,
  PackageTypeBetweenBagsAndBatteries,
  PackingGroup,
  PaymentPreference,
  PreferredInvoicingMethod,
  PresetAuditType,
  PresetCollectionNote,
  PresetOnboardingNote,
  PresetPayableNote,
  ServiceLevel,
  ShipmentActivityType,
  ShipmentActivityTypeDisplayOrder,
  ShipmentAlertType,
  ShipmentAutomationType,
  ShipmentLocationType,
  ShipmentReferenceType,
  ShipmentType,
  StaffCustomizationType,
  StaffMailboxConfigType,
  StaffMailboxPermission,
  SupportFeedbackType,
  SupportRequestType,
  shipmentAlertTypeGroup,
  TariffCalculationType,
  TariffMode,
  TariffServiceType,
  TrailerType,
  TransitLegType,
  TruckloadStatus,
  TruckloadStatusDisplayOrder,
  UniversalSearchResultKind,
  UniversalSearchResultType,
  UpchargeCalculationType,
  WebhookEventType,
  WorkflowActionStep,
  WorkflowAutomationResult,
  WorkflowFilterStep,
} from '../index.ts';

describe('organizations and support (002 §1, §7; 000 §3)', () => {
  it('matches', () => {
    expect(OrganizationType.values).toEqual({ LSP: 60, Customer: 70, FactorCompany: 80 });
    expect(OrganizationType.nameOf(80)).toBe('Factor Company');
    expect(SupportRequestType.values).toEqual({
      Other: 0,
      Shipping: 1,
      EDI: 2,
      Tariff: 3,
      Accounting: 4,
      WorkflowAutomation: 5,
    });
    expect(SupportFeedbackType.values).toEqual({ Other: 0, Enhancement: 1, Bug: 2, Tutorial: 3 });
    expect(StaffCustomizationType.values.CommissionsSearch).toBe(6);
    expect(OrganizationActivityType.values).toEqual({ Collection: 1, Onboarding: 3 });
    expect(OrganizationActivityTypeList.codes).toHaveLength(6);
  });
});

describe('shipment enumerations (002 §3.1, 000 §3)', () => {
  it('has the shipment type flags and subsets', () => {
    expect(ShipmentType.valueList).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]);
    expect(ShipmentType.nameOf(1024)).toBe('Supplemental Insurance Provider');
    expect(InternationalShipmentTypes).toEqual([16, 32, 64, 128]);
    expect(DomesticShipmentTypes).toEqual([1, 2, 4, 8, 256, 2048]);
    expect(isInternationalShipmentType(32)).toBe(true);
    expect(isInternationalShipmentType(2)).toBe(false);
    expect(isDomesticShipmentType(2048)).toBe(true);
    expect(isDomesticShipmentType(512)).toBe(false);
    expect(isInternationalShipmentType(512)).toBe(false);
  });

  it('has location, leg and activity types', () => {
    expect(ShipmentLocationType.values).toEqual({
      Informational: 0,
      Origin: 10,
      Destination: 20,
      InTransit: 30,
      Consolidation: 40,
    });
    expect(AddressLocationType.values).toEqual({
      Origin: 10,
      Destination: 20,
      Both: 30,
      SetPickup: 31,
      SetDestination: 32,
    });
    expect(TransitLegType.valueList).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(TransitLegType.values.TONU).toBe(11);
    expect(ShipmentActivityType.values).toEqual({
      All: 0,
      Receivable: 1,
      Payable: 2,
      Pricing: 3,
      Operations: 4,
      General: 5,
      StatusChange: 6,
      Audit: 7,
      Claims: 8,
      Email: 9,
    });
    expect(ShipmentActivityTypeDisplayOrder.codes.at(-1)).toBe('SystemNote');
    expect(ShipmentActivityType.codes).not.toContain('SystemNote');
  });

  it('cycles access levels Public, Private, Admin', () => {
    expect(AccessLevel.values).toEqual({ Public: 0, Private: 1, Admin: 2 });
    expect([0, 1, 2].map(nextAccessLevel)).toEqual([1, 2, 0]);
  });

  it('has the other 3.1 tables', () => {
    expect(BulkOperationDateType.valueList).toEqual([1, 2, 3, 4, 5, 6]);
    expect(TruckloadStatus.values).toEqual({
      NotCoveredAndNotPosted: 0,
      NotCovered: 1,
      Covered: 2,
      InTransit: 3,
      Delivered: 4,
      NotCoveredAndPosted: 5,
    });
    expect(TruckloadStatusDisplayOrder.map((v) => TruckloadStatus.codeOf(v))).toEqual([
      'NotCoveredAndNotPosted',
      'NotCovered',
      'NotCoveredAndPosted',
      'Covered',
      'InTransit',
      'Delivered',
    ]);
    expect(DriverTrackingReferenceType.valueList).toEqual([9, 11, 31, 32, 33]);
    expect(DriverTrackingIntegration.valueList).toEqual([86, 110, 167, 188]);
    expect(TrailerType.valueList).toEqual([0, 10, 20, 30, 40]);
    expect(PackingGroup.valueList).toEqual([0, 1, 2, 3]);
  });

  it('has the package types with only the given values', () => {
    expect(PackageType.valueList).toEqual([
      20, 30, 40, 45, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 190, 260, 280, 281, 285,
      290, 310,
    ]);
    expect(PackageType.values.Bags).toBe(290);
    expect(PackageType.values.Batteries).toBe(310);
    expect(PackageTypeBetweenBagsAndBatteries.codes).toHaveLength(19);
    expect(PackageTypeBetweenBagsAndBatteries.names[0]).toBe('Pails');
    expect(PackageTypeBetweenBagsAndBatteries.names.at(-1)).toBe('Bins');
  });

  it('has the service levels (002 §3.2)', () => {
    expect(ServiceLevel.values.CrossDock).toBe(7005);
    expect(ServiceLevel.values.TransitTimeCritical).toBe(118);
    expect(ServiceLevel.values.AirExclusiveUse).toBe(2014);
    expect(ServiceLevel.values.Transit3to5Day).toBe(1320);
  });
});

describe('reference and alert types (002 §3.3, §3.4)', () => {
  it('has the known reference values', () => {
    const v = ShipmentReferenceType.values;
    expect([
      v.ShipperReferenceNumber,
      v.PONumber,
      v.TrailerNumber,
      v.DriverCellPhoneNumber,
      v.Temperature,
    ]).toEqual([3, 5, 9, 11, 32]);
    expect([v.CancellationReason, v.Transfer, v.CarrierDispatcherEmail, v.TONU, v.OnHoldReason]).toEqual([
      60, 1027, 1041, 1062, 1063,
    ]);
    expect([v.CustomsAccessorialType, v.OtherAccessorialType]).toEqual([1047, 1050]);
    expect([v.ChildShipmentId, v.ShipmentIdString, v.LineHaulCarrierProNumberClean]).toEqual([
      1069, 5000, 5001,
    ]);
    expect(ShipmentReferenceType.has(1)).toBe(false);
  });

  it('has only the alert values given one by one', () => {
    expect(ShipmentAlertType.valueList).toEqual([218, 222, 223, 224, 265, 269, 270]);
    expect(shipmentAlertTypeGroup(231)).toBe('claims');
    expect(shipmentAlertTypeGroup(262)).toBe('claims');
    expect(shipmentAlertTypeGroup(233)).toBeUndefined();
    expect(shipmentAlertTypeGroup(234)).toBe('delays');
    expect(shipmentAlertTypeGroup(258)).toBe('delays');
    expect(shipmentAlertTypeGroup(267)).toBe('temperatureThresholds');
    expect(ShipmentAlertType.has(266)).toBe(false);
  });
});

describe('accessorials (002 §3.5)', () => {
  it('matches', () => {
    expect(AccessorialType.valueList).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(AccessorialType.nameOf(11)).toBe('Other');
    expect(AccessorialCalculation.valueList).toEqual([
      1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ]);
    expect(AccessorialCalculation.values.Pieces).toBe(7);
    expect(AccessorialCalculation.values.SetByAPI).toBe(17);
  });
});

describe('accounting (002 §3.6)', () => {
  it('matches', () => {
    expect(AgingBucket.valueList).toEqual([0, 1, 15, 25, 30, 45, 60, 90, 120, -1]);
    expect(BillAgingBucket.values.DueIn15Days).toBe(-15);
    expect(BillAgingBucket.values.DueIn10Days).toBe(-10);
    expect(PaymentPreference.values.Collections).toBe(5);
    expect(PreferredInvoicingMethod.valueList).toEqual([0, 1, 2, 4, 5, 6, 7]);
    expect(PreferredInvoicingMethod.nameOf(5)).toBe('Digital');
    expect(DeliveryFrequency.values.FirstAndFifteenth).toBe(22);
    expect(DeliveryFrequency.values.EveryMonday).toBe(40);
    expect(DeliveryFrequency.values.EverySunday).toBe(46);
    expect(DisputeStatus.values).toEqual({
      Created: 0,
      Researching: 10,
      SubmittedToCarrier: 20,
      Resolved: 30,
    });
    expect(CommissionStatus.values).toEqual({ NotApproved: 0, HasVariance: 2, Declined: 3, Approved: 5 });
  });

  it('numbers the preset notes 0..N', () => {
    expect(PresetCollectionNote.valueList).toEqual([...Array(18).keys()]);
    expect(PresetCollectionNote.nameOf(17)).toBe('Sent to collections');
    expect(PresetPayableNote.valueList).toEqual([...Array(14).keys()]);
    expect(PresetPayableNote.nameOf(13)).toBe('Re-consignment');
    expect(PresetAuditType.valueList).toEqual([0, 1, 2, 3]);
    expect(PresetOnboardingNote.valueList).toEqual([...Array(13).keys()]);
    expect(PresetOnboardingNote.nameOf(12)).toBe('EDI project');
  });
});

describe('tariff (002 §3.7)', () => {
  it('numbers mode and calculation by position up to 11', () => {
    expect(TariffMode.values.Any).toBe(0);
    expect(TariffMode.values.FinalMile).toBe(11);
    expect(TariffCalculationType.values.External).toBe(0);
    expect(TariffCalculationType.values.DimensionalWeight).toBe(11);
    expect(TariffServiceType.values.AS).toBe(7);
    expect(UpchargeCalculationType.valueList).toEqual([1, 2, 3, 5, 6, 7, 10]);
  });
});

describe('integration (002 §3.8, 001 §3)', () => {
  it('matches', () => {
    expect(WebhookEventType.valueList).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(EdiMessageType.valueList).toEqual([0, 204, 210, 214, 219, 220, 990, 997]);
    expect(ShipmentAutomationType.valueList).toEqual([
      0, 204, 210, 214, 219, 220, 990, 997, 2001, 2020, 2030, 2031,
    ]);
    expect(BulkProcessType.valueList).toEqual([50, 70, 80, 90, 100]);
    expect(MailSendStatus.valueList).toEqual([
      9, 10, 11, 12, 14, 15, 90, 101, 102, 103, 104, 105, 106, 201, 203, 205, 206,
    ]);
    expect(MailSendStatus.has(202)).toBe(false);
    expect(MailSendStatus.has(204)).toBe(false);
    expect(StaffMailboxConfigType.values).toEqual({ Default: 1, IMAP: 2, Gmail: 3, Microsoft: 4, Front: 5 });
    expect(StaffMailboxPermission.values).toEqual({ SendOnly: 1, SendAndRead: 2, SendAndReadReplies: 3 });
  });
});

describe('workflow (002 §3.9, 001 §3)', () => {
  it('matches', () => {
    expect(WorkflowAutomationResult.values).toEqual({
      WorkflowCompletedSuccessfully: 1,
      WorkflowEndedSuccessfully: 2,
      Error: 3,
      FilterPassed: 4,
      FilterFailed: 5,
      ActionComplete: 6,
      ActionIncomplete: 7,
    });
    expect(WorkflowFilterStep.codes).toHaveLength(20);
    expect(WorkflowActionStep.codes).toHaveLength(14);
  });
});

describe('attachments (002 §3.10, 000 §3 §5, 001 §4 §5)', () => {
  it('has the 29 types in order and only the known numbers', () => {
    expect(AttachmentTypeList.codes).toHaveLength(29);
    expect(AttachmentTypeList.names[1]).toBe('Carrier Packet');
    expect(AttachmentTypeList.names[28]).toBe('Delivery Order');
    expect(AttachmentType.valueList).toEqual([
      1, 3, 4, 5, 6, 7, 9, 12, 13, 15, 16, 18, 20, 21, 22, 24, 27, 28, 29,
    ]);
    expect(AttachmentType.has(2)).toBe(false);
    expect(ExternalImageAttachmentType.values.CBOL).toBe(14);
    expect(CustomerAttachmentTypes).toEqual([1, 3, 15, 16]);
    expect(MarketplaceAttachmentTypes).toEqual([20, 21, 24]);
  });

  it('has the source type numbers and default access', () => {
    const numbers = Object.fromEntries(
      Object.entries(AttachmentSources).map(([k, v]) => [k, v.attachmentType]),
    );
    expect(numbers).toEqual({
      shipment: 1,
      brokercarrier: 2,
      brokercarrierinsurance: 9,
      tariff: 1,
      customer: 1,
      organization: 1,
      taishippingmarketplace: 20,
    });
    expect(defaultAccessLevelForSource('shipment')).toBe(0);
    expect(defaultAccessLevelForSource('brokercarrierinsurance')).toBe(0);
    expect(defaultAccessLevelForSource('tariff')).toBe(0);
    expect(defaultAccessLevelForSource('brokercarrier')).toBe(1);
    expect(defaultAccessLevelForSource('organization')).toBe(1);
    expect(defaultAccessLevelForSource('taishippingmarketplace')).toBe(1);
  });

  it('defaults types to Public except the four private ones', () => {
    expect(defaultAccessLevelForAttachmentType('CarrierPacket')).toBe(1);
    expect(defaultAccessLevelForAttachmentType('CarrierBill')).toBe(1);
    expect(defaultAccessLevelForAttachmentType('CarrierConfirmation')).toBe(1);
    expect(defaultAccessLevelForAttachmentType('AccessorialAuth')).toBe(1);
    expect(defaultAccessLevelForAttachmentType('POD')).toBe(0);
    expect(defaultAccessLevelForAttachmentType('Document')).toBe(0);
  });

  it('guesses the type from file-name keywords', () => {
    expect(guessAttachmentTypeFromFileName('Shipment_123_POD.pdf')).toBe('POD');
    expect(guessAttachmentTypeFromFileName('bol-scan.png')).toBe('BOL');
    expect(guessAttachmentTypeFromFileName('INVOICE 77.pdf')).toBe('Invoice');
    expect(guessAttachmentTypeFromFileName('insurance-cert.pdf')).toBe('Insurance');
    expect(guessAttachmentTypeFromFileName('airbill.pdf')).toBe('AirWaybill');
    expect(guessAttachmentTypeFromFileName('photo.jpg')).toBeUndefined();
  });

  it('has the known content template numbers', () => {
    expect(ContentTemplateType.values.DeliveryAlert).toBe(12);
    expect(ContentTemplateType.values.PickupAlert).toBe(27);
    expect(ContentTemplateType.values.SalesFollowUp).toBe(309);
    expect(ContentTemplateType.values.ClaimsStatusUpdate).toBe(321);
    expect(ContentTemplateType.values.UpcomingDeliveryAlertConsignee).toBe(328);
    expect(ContentTemplateType.values.OutForDeliveryAlertConsignee).toBe(329);
  });
});

describe('widgets (001)', () => {
  it('has the universal search result types', () => {
    expect(UniversalSearchResultType.valueList).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // LSPCarrier takes the 6 the spec's numbers leave, in the spec's order (decision 0017)
    expect(UniversalSearchResultType.codeOf(6)).toBe('LSPCarrier');
    expect(UniversalSearchResultKind.codes).toEqual([
      'Customer',
      'CustomerStaff',
      'LSP',
      'LSPStaff',
      'Shipment',
      'LSPCarrier',
      'NoResults',
    ]);
  });

  it('cycles the favorite toggle', () => {
    expect(nextFavoriteState('NotAssigned')).toBe('Active');
    expect(nextFavoriteState('Active')).toBe('Complete');
    expect(nextFavoriteState('Complete')).toBe('NotAssigned');
  });

  it('reads a staff assignment status as the toggle state (none or Inactive: not assigned)', () => {
    expect(favoriteStateOf(undefined)).toBe('NotAssigned');
    expect(favoriteStateOf('Inactive')).toBe('NotAssigned');
    expect(favoriteStateOf('Active')).toBe('Active');
    expect(favoriteStateOf('Complete')).toBe('Complete');
  });
});
