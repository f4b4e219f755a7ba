// Spec 002 §3.10 (attachment types, external image and customer and marketplace attachment types, system
// tags, content and document template types, generated documents), §3.9 (attachment kind), §9 (default
// attachment access by source); 000 §3 (attachment source types, upload ids, attachment type numbers by
// source), 000 §5 (default access by source); 001 §3 (attachment fields and sources), 001 §4 (default
// access by type), 001 §5 (attachment type guessed from keywords in the file name).

import { defineEnum, defineNamedList, type EnumCode, type EnumValue, type ValueRange } from './enum.ts';
import { AccessLevel, type AccessLevelValue } from './shipment.ts';

/** 002 §3.10: the 29 attachment types, in order. Numbers: see `AttachmentType` (known ones only). */
export const AttachmentTypeList = defineNamedList([
  { code: 'Document', name: 'Document' },
  { code: 'CarrierPacket', name: 'Carrier Packet' },
  { code: 'W9', name: 'W9' },
  { code: 'POD', name: 'POD' },
  { code: 'BOL', name: 'BOL' },
  { code: 'Invoice', name: 'Invoice' },
  { code: 'CarrierBill', name: 'Carrier Bill' },
  { code: 'Contract', name: 'Contract' },
  { code: 'Insurance', name: 'Insurance' },
  { code: 'AirWaybill', name: 'Air Waybill' },
  { code: 'CommercialInvoice', name: 'Commercial Invoice' },
  { code: 'InspectionCert', name: 'Inspection Cert' },
  { code: 'CarrierConfirmation', name: 'Carrier Confirmation' },
  { code: 'ClaimsDocuments', name: 'Claims Documents' },
  { code: 'CreditApplications', name: 'Credit Applications' },
  { code: 'BrokerageAgreements', name: 'Brokerage Agreements' },
  { code: 'Signature', name: 'Signature' },
  { code: 'AccessorialAuth', name: 'Accessorial Auth' },
  { code: 'PackingList', name: 'Packing List' },
  { code: 'MarketplaceCreditApplication', name: 'Marketplace Credit Application' },
  { code: 'MarketplaceAgreement', name: 'Marketplace Agreement' },
  { code: 'LumperReceipt', name: 'Lumper Receipt' },
  { code: 'ReturnReceipt', name: 'Return Receipt' },
  { code: 'MarketplaceBond', name: 'Marketplace Bond' },
  { code: 'LetterOfAuthority', name: 'Letter of Authority' },
  { code: 'ReturnAuthorization', name: 'Return Authorization' },
  { code: 'ScaleTicket', name: 'Scale Ticket' },
  { code: 'CustomsEntryDocument', name: 'Customs Entry Document' },
  { code: 'DeliveryOrder', name: 'Delivery Order' },
]);
export type AttachmentTypeCode = EnumCode<typeof AttachmentTypeList>;

/**
 * 002 §3.10: the attachment types whose numbers are given. Carrier Packet, Contract, Air Waybill, Commercial
 * Invoice, Claims Documents, Signature, Packing List, Return Receipt, Letter of Authority and Return
 * Authorization have numbers that are not shown. (000 §3 uses 2 as the carrier upload type without naming
 * it; see `AttachmentSources`.)
 */
export const AttachmentType = defineEnum([
  { value: 1, code: 'Document', name: 'Document' },
  { value: 3, code: 'W9', name: 'W9' },
  { value: 4, code: 'POD', name: 'POD' },
  { value: 5, code: 'BOL', name: 'BOL' },
  { value: 6, code: 'Invoice', name: 'Invoice' },
  { value: 7, code: 'CarrierBill', name: 'Carrier Bill' },
  { value: 9, code: 'Insurance', name: 'Insurance' },
  { value: 12, code: 'InspectionCert', name: 'Inspection Cert' },
  { value: 13, code: 'CarrierConfirmation', name: 'Carrier Confirmation' },
  { value: 15, code: 'CreditApplications', name: 'Credit Applications' },
  { value: 16, code: 'BrokerageAgreements', name: 'Brokerage Agreements' },
  { value: 18, code: 'AccessorialAuth', name: 'Accessorial Auth' },
  { value: 20, code: 'MarketplaceCreditApplication', name: 'Marketplace Credit Application' },
  { value: 21, code: 'MarketplaceAgreement', name: 'Marketplace Agreement' },
  { value: 22, code: 'LumperReceipt', name: 'Lumper Receipt' },
  { value: 24, code: 'MarketplaceBond', name: 'Marketplace Bond' },
  { value: 27, code: 'ScaleTicket', name: 'Scale Ticket' },
  { value: 28, code: 'CustomsEntryDocument', name: 'Customs Entry Document' },
  { value: 29, code: 'DeliveryOrder', name: 'Delivery Order' },
]);
export type AttachmentTypeValue = EnumValue<typeof AttachmentType>;

/** 002 §3.10. */
export const ExternalImageAttachmentType = defineEnum([
  { value: 1, code: 'Document', name: 'Document' },
  { value: 4, code: 'POD', name: 'POD' },
  { value: 5, code: 'BOL', name: 'BOL' },
  { value: 6, code: 'Invoice', name: 'Invoice' },
  { value: 7, code: 'CarrierBill', name: 'Carrier Bill' },
  { value: 12, code: 'InspectionCertificate', name: 'Inspection Certificate' },
  { value: 13, code: 'CarrierConfirmation', name: 'Carrier Confirmation' },
  { value: 14, code: 'CBOL', name: 'CBOL' },
  { value: 18, code: 'AccessorialAuth', name: 'Accessorial Auth' },
  { value: 22, code: 'LumperReceipt', name: 'Lumper Receipt' },
  { value: 27, code: 'ScaleTicket', name: 'Scale Ticket' },
  { value: 28, code: 'CustomsEntryDocument', name: 'Customs Entry Document' },
  { value: 29, code: 'DeliveryOrder', name: 'Delivery Order' },
]);

/** 002 §3.10: customer attachment types Document 1, W9 3, Credit Applications 15, Brokerage Agreements 16. */
export const CustomerAttachmentTypes: readonly AttachmentTypeValue[] = Object.freeze([1, 3, 15, 16] as const);
/** 002 §3.10: marketplace attachment types credit application 20, agreement 21, bond 24. */
export const MarketplaceAttachmentTypes: readonly AttachmentTypeValue[] = Object.freeze([
  20, 21, 24,
] as const);

/** 002 §3.9, 001 §3. Values not shown. */
export const AttachmentKind = defineNamedList([
  { code: 'Shipment', name: 'Shipment' },
  { code: 'Organization', name: 'Organization' },
]);

// ---------------------------------------------------------------------------------------------------------
// Sources (000 §3, §5; 001 §3; 002 §9).

/**
 * The attachment source types as the calls spell them (000 §3, GET /api/files/getattachments/{id}/{sourceType}).
 * For each: the ids an upload carries, the attachment type number used for an upload from that source, and
 * the default access level. 001 §3 names "Customer/Organization" as one source, so `customer` takes the
 * organization's id field, type number and default access (000 gives no separate numbers for it).
 */
export const AttachmentSources = Object.freeze({
  shipment: Object.freeze({
    idFields: ['shipmentId'],
    attachmentType: 1,
    defaultAccessLevel: AccessLevel.values.Public,
  }),
  brokercarrier: Object.freeze({
    idFields: ['carrierId', 'carrierMasterId'],
    attachmentType: 2,
    defaultAccessLevel: AccessLevel.values.Private,
  }),
  brokercarrierinsurance: Object.freeze({
    idFields: ['brokerCarrierInsuranceId', 'carrierId'],
    attachmentType: 9,
    defaultAccessLevel: AccessLevel.values.Public,
  }),
  tariff: Object.freeze({
    idFields: ['tariffId'],
    attachmentType: 1,
    defaultAccessLevel: AccessLevel.values.Public,
  }),
  customer: Object.freeze({
    idFields: ['organizationId'],
    attachmentType: 1,
    defaultAccessLevel: AccessLevel.values.Private,
  }),
  organization: Object.freeze({
    idFields: ['organizationId'],
    attachmentType: 1,
    defaultAccessLevel: AccessLevel.values.Private,
  }),
  taishippingmarketplace: Object.freeze({
    idFields: ['marketplaceOrganizationId'],
    attachmentType: 20,
    defaultAccessLevel: AccessLevel.values.Private,
  }),
} as const);
export type AttachmentSourceType = keyof typeof AttachmentSources;
export const AttachmentSourceTypes: readonly AttachmentSourceType[] = Object.freeze(
  Object.keys(AttachmentSources) as AttachmentSourceType[],
);

export function isAttachmentSourceType(value: unknown): value is AttachmentSourceType {
  return typeof value === 'string' && Object.hasOwn(AttachmentSources, value);
}

/** 000 §5, 002 §9: Public for shipment, insurance and tariff; Private for carrier, organization, marketplace. */
export function defaultAccessLevelForSource(source: AttachmentSourceType): AccessLevelValue {
  return AttachmentSources[source].defaultAccessLevel;
}

/**
 * 001 §4: Private for the carrier packet, carrier bill, carrier confirmation and accessorial authorisation
 * types, otherwise Public. Keyed by code because the carrier packet's number is not shown. This is the
 * default when a type is chosen in an upload; the per-source default (000 §5) applies before a type is
 * chosen.
 */
export const PrivateByDefaultAttachmentTypes: readonly AttachmentTypeCode[] = Object.freeze([
  'CarrierPacket',
  'CarrierBill',
  'CarrierConfirmation',
  'AccessorialAuth',
] as const);

export function defaultAccessLevelForAttachmentType(type: AttachmentTypeCode): AccessLevelValue {
  return PrivateByDefaultAttachmentTypes.includes(type)
    ? AccessLevel.values.Private
    : AccessLevel.values.Public;
}

/**
 * 001 §5: the attachment type is guessed from keywords in the file name. Only the keywords the spec names
 * (pod, bol, inv, insu, airbill) are listed; "and similar" ones are not invented.
 */
export const AttachmentTypeFileNameKeywords: readonly {
  readonly keyword: string;
  readonly type: AttachmentTypeCode;
}[] = Object.freeze([
  Object.freeze({ keyword: 'airbill', type: 'AirWaybill' as const }),
  Object.freeze({ keyword: 'pod', type: 'POD' as const }),
  Object.freeze({ keyword: 'bol', type: 'BOL' as const }),
  Object.freeze({ keyword: 'inv', type: 'Invoice' as const }),
  Object.freeze({ keyword: 'insu', type: 'Insurance' as const }),
]);

/** The first keyword found in the file name (case-insensitive), or undefined. */
export function guessAttachmentTypeFromFileName(fileName: string): AttachmentTypeCode | undefined {
  const lower = fileName.toLowerCase();
  return AttachmentTypeFileNameKeywords.find((k) => lower.includes(k.keyword))?.type;
}

// ---------------------------------------------------------------------------------------------------------
// System tags and templates (002 §3.10).

/** System tags 769 to 777 and 1085 (which tag has which number is not shown). */
export const ATTACHMENT_SYSTEM_TAG_VALUES: readonly number[] = Object.freeze([
  769, 770, 771, 772, 773, 774, 775, 776, 777, 1085,
]);
export const AttachmentSystemTag = defineNamedList([
  { code: 'BOL', name: 'BOL' },
  { code: 'CustomerLabel', name: 'Customer label' },
  { code: 'FullSheetLabel', name: 'Full-sheet label' },
  { code: 'RateQuoteSheet', name: 'Rate quote sheet' },
  { code: 'EmailSubjectStart', name: 'Email subject start' },
  { code: 'EmailSubjectEnd', name: 'Email subject end' },
  { code: 'TemplateNameStart', name: 'Template name start' },
  { code: 'TemplateNameEnd', name: 'Template name end' },
  { code: 'CarrierConfirmation', name: 'Carrier confirmation' },
]);

/** Content and document template types use values 0 to 355. */
export const ContentTemplateTypeRange: ValueRange = Object.freeze({ min: 0, max: 355 });

/**
 * The content template types whose numbers are given. The customer and carrier email templates 309 to 321
 * are numbered in the order the spec lists their 13 names (code names ours).
 */
export const ContentTemplateType = defineEnum([
  { value: 12, code: 'DeliveryAlert', name: 'Delivery Alert' },
  { value: 27, code: 'PickupAlert', name: 'Pickup Alert' },
  { value: 309, code: 'SalesFollowUp', name: 'Sales follow up' },
  { value: 310, code: 'ThankYou', name: 'Thank you' },
  { value: 311, code: 'CollectionsFollowUp', name: 'Collections follow up' },
  { value: 312, code: 'QuoteResponse', name: 'Quote response' },
  { value: 313, code: 'TrackingResponse', name: 'Tracking response' },
  { value: 314, code: 'DocumentRequest', name: 'Document request' },
  { value: 315, code: 'NewShipmentDocs', name: 'New shipment docs' },
  { value: 316, code: 'ProofOfDeliveryNotice', name: 'Proof of delivery notice' },
  { value: 317, code: 'TruckloadTrackingStatusUpdate', name: 'Truckload tracking status update' },
  { value: 318, code: 'ClaimRequest', name: 'Claim request' },
  { value: 319, code: 'CarrierConfirmation', name: 'Carrier confirmation' },
  { value: 320, code: 'CarrierCheckCall', name: 'Carrier check call' },
  { value: 321, code: 'ClaimsStatusUpdate', name: 'Claims status update' },
  { value: 328, code: 'UpcomingDeliveryAlertConsignee', name: 'Upcoming Delivery Alert Consignee' },
  { value: 329, code: 'OutForDeliveryAlertConsignee', name: 'Out for Delivery Alert Consignee' },
]);
export type ContentTemplateTypeValue = EnumValue<typeof ContentTemplateType>;

/** Template ranges given without names. */
export const ContentTemplateTypeRanges = Object.freeze({
  further: Object.freeze([Object.freeze({ min: 322, max: 324 }), Object.freeze({ min: 335, max: 341 })]),
  custom: Object.freeze([Object.freeze({ min: 345, max: 354 })]),
} satisfies Record<string, readonly ValueRange[]>);

/** 002 §3.10, 001 §3: organization custom email templates 0 to 9. */
export const OrganizationCustomEmailTemplateRange: ValueRange = Object.freeze({ min: 0, max: 9 });

/** 002 §3.10: documents that can be generated. Values not shown. */
export const GeneratedDocumentType = defineNamedList([
  { code: 'CarrierConfirmationLTL', name: 'Carrier confirmation (LTL)' },
  { code: 'CarrierConfirmationTruckload', name: 'Carrier confirmation (truckload)' },
  { code: 'CarrierConfirmationDomesticFreight', name: 'Carrier confirmation (domestic freight)' },
  { code: 'CarrierConfirmationDrayage', name: 'Carrier confirmation (drayage)' },
  { code: 'CarrierConfirmationTONU', name: 'Carrier confirmation (TONU)' },
  { code: 'BOLEmail', name: 'BOL email' },
  { code: 'CustomerLabel', name: 'Customer label' },
  { code: 'FullSheetLabel', name: 'Full-sheet label' },
  { code: 'DeliveryAlert', name: 'Delivery alert' },
  { code: 'PickupAlert', name: 'Pickup alert' },
  { code: 'RateQuoteSheet', name: 'Rate quote sheet' },
  { code: 'RateQuoteSheetDrayage', name: 'Rate quote sheet (drayage)' },
  { code: 'KnownShipper', name: 'Known shipper' },
  { code: 'UnknownShipper', name: 'Unknown shipper' },
]);
