// Spec 002 §3.8 (integration enumerations: sources, webhooks, EDI, automation, bulk processes, document
// processor, unmatched shipments, outgoing messages, mail send status, mailboxes, email automation, trace
// log levels), §4 (mail retries), §8 (AuthenticationError); 001 §3 (email message contactType, mailbox type
// and permissions, post-processing default, EDI subtype, document OCR status, email automation type).

import { defineEnum, defineNamedList, type EnumValue, type ValueRange } from './enum.ts';

/** 002 §3.8: integration source types, roughly 240 ids from 0 to 239 (the list is not shown). */
export const IntegrationSourceTypeRange: ValueRange = Object.freeze({ min: 0, max: 239 });
/** 002 §3.8: other integrations (mileage, tracking visibility, payment, factoring, ...) use ids 86 to 237. */
export const OtherIntegrationIdRange: ValueRange = Object.freeze({ min: 86, max: 237 });
/** 002 §3.8: load board integrations, nine kinds (not named). */
export const LOAD_BOARD_INTEGRATION_KIND_COUNT = 9;
/** 002 §3.8: about 130 rating integrations (carriers and rating providers; not listed). */
export const RATING_INTEGRATION_APPROXIMATE_COUNT = 130;

export const IntegrationSourceGroup = defineEnum([
  { value: 1, code: 'LoadBoard', name: 'Load Board' },
  { value: 2, code: 'Rating', name: 'Rating' },
  { value: 3, code: 'Other', name: 'Other' },
  { value: 4, code: 'PaymentGateway', name: 'Payment gateways' },
]);

/** 002 §3.8, §8: the only error-like value of the catalogue. */
export const IntegrationSourceState = defineEnum([
  { value: 1, code: 'AuthenticationError', name: 'Authentication Error' },
]);

/** 002 §3.8: webhook subscriber event types (the list may continue after 12; that is not shown). */
export const WebhookEventType = defineEnum([
  { value: 1, code: 'ShipmentCreated', name: 'Shipment Created' },
  { value: 2, code: 'ShipmentUpdated', name: 'Shipment Updated' },
  { value: 3, code: 'ShipmentStatusUpdated', name: 'Shipment Status Updated' },
  { value: 4, code: 'ShipmentAlertsAdded', name: 'Shipment Alerts Added' },
  { value: 5, code: 'ShipmentAlertsResolved', name: 'Shipment Alerts Resolved' },
  { value: 6, code: 'ShipmentCarrierAddedOrUpdated', name: 'Shipment Carrier Added Or Updated' },
  { value: 7, code: 'ShipmentCarrierRemoved', name: 'Shipment Carrier Removed' },
  { value: 8, code: 'SpotQuoteAdded', name: 'Spot Quote Added' },
  { value: 9, code: 'AttachmentAdded', name: 'Attachment Added' },
  { value: 10, code: 'AssignmentAdded', name: 'Assignment Added' },
  { value: 11, code: 'ShipmentScheduler', name: 'Shipment Scheduler' },
  { value: 12, code: 'CarrierCheckCallResponse', name: 'Carrier Check Call Response' },
]);
export type WebhookEventTypeValue = EnumValue<typeof WebhookEventType>;

const ediMessageEntries = [
  { value: 0, code: 'None', name: 'None' },
  { value: 204, code: 'Edi204', name: '204' },
  { value: 210, code: 'Edi210', name: '210' },
  { value: 214, code: 'Edi214', name: '214' },
  { value: 219, code: 'Edi219', name: '219' },
  { value: 220, code: 'Edi220', name: '220' },
  { value: 990, code: 'Edi990', name: '990' },
  { value: 997, code: 'Edi997', name: '997' },
] as const;

/** 002 §3.8: EDI message types (the numbers are the EDI transaction sets; code names ours). */
export const EdiMessageType = defineEnum(ediMessageEntries);

/** 002 §3.8: shipment automation types, the EDI list plus four more. */
export const ShipmentAutomationType = defineEnum([
  ...ediMessageEntries,
  { value: 2001, code: 'DocumentRetrieval', name: 'Document Retrieval' },
  { value: 2020, code: 'CustomerInvoice', name: 'Customer Invoice' },
  { value: 2030, code: 'DocumentProcessor', name: 'Document Processor' },
  { value: 2031, code: 'Webhook', name: 'Webhook' },
]);

/** 002 §3.8, 001 §3. Values not shown. */
export const EdiSubtype = defineNamedList([
  { code: 'Pickup_Confirmed', name: 'Pickup Confirmed' },
  { code: 'Delivery_Confirmed', name: 'Delivery Confirmed' },
  { code: 'Shipment_Update', name: 'Shipment Update' },
  { code: 'Not_Matched', name: 'Not Matched' },
  { code: 'Accepted', name: 'Accepted' },
  { code: 'Rejected', name: 'Rejected' },
  { code: 'Document_POD', name: 'Document POD' },
  { code: 'Document_BOL', name: 'Document BOL' },
  { code: 'Document_Insp', name: 'Document Insp' },
  { code: 'None', name: 'None' },
]);

export const SoftwareTransactionType = defineEnum([
  { value: 0, code: 'TMSFreightBooking', name: 'TMS Freight Booking' },
  { value: 1, code: 'AutomationRatingAPI', name: 'Automation Rating API' },
  { value: 2, code: 'MarketplaceFreightBooking', name: 'Marketplace Freight Booking' },
  { value: 3, code: 'OneTimeFee', name: 'One Time Fee' },
  { value: 4, code: 'EmailAutomationRateQuote', name: 'Email Automation Rate Quote' },
  { value: 5, code: 'EmailAutomationOperations', name: 'Email Automation Operations' },
  { value: 6, code: 'EmailAutomationAttachment', name: 'Email Automation Attachment' },
]);

export const BulkProcessType = defineEnum([
  { value: 50, code: 'ParcelShipmentImport', name: 'Parcel Shipment Import' },
  { value: 70, code: 'ShipmentImport', name: 'Shipment Import' },
  { value: 80, code: 'BulkRating', name: 'Bulk Rating' },
  { value: 90, code: 'HistoricalShipmentImport', name: 'Historical Shipment Import' },
  { value: 100, code: 'FinalMileShipmentImport', name: 'Final Mile Shipment Import' },
]);

export const BulkProcessStatus = defineEnum([
  { value: 1, code: 'Pending', name: 'Pending' },
  { value: 2, code: 'Complete', name: 'Complete' },
  { value: 3, code: 'Running', name: 'Running' },
  { value: 4, code: 'Skip', name: 'Skip' },
  { value: 5, code: 'Error', name: 'Error' },
]);

/** 002 §3.8: document processor data properties 0 to 12, in order. */
export const DocumentProcessorDataProperty = defineEnum([
  { value: 0, code: 'ShipmentId', name: 'Shipment Id' },
  { value: 1, code: 'AttachmentType', name: 'Attachment Type' },
  { value: 2, code: 'ProNumber', name: 'Pro Number' },
  { value: 3, code: 'AccessLevel', name: 'Access Level' },
  { value: 4, code: 'ShipperReference', name: 'Shipper Reference' },
  { value: 5, code: 'CustomerPO', name: 'Customer PO' },
  { value: 6, code: 'BuyRate', name: 'Buy Rate' },
  { value: 7, code: 'BillNumber', name: 'Bill Number' },
  { value: 8, code: 'PodSignedBy', name: 'POD Signed By' },
  { value: 9, code: 'PodDate', name: 'POD Date' },
  { value: 10, code: 'PodTime', name: 'POD Time' },
  { value: 11, code: 'Classification', name: 'Classification' },
  { value: 12, code: 'FreightbillNumber', name: 'Freightbill Number' },
]);

export const UnmatchedShipmentDocumentType = defineEnum([
  { value: 10, code: 'CarrierBill', name: 'Carrier Bill' },
  { value: 20, code: 'POD', name: 'POD' },
  { value: 30, code: 'BOL', name: 'BOL' },
  { value: 40, code: 'ShipmentStatus', name: 'Shipment Status' },
]);

export const UnmatchedShipmentSource = defineEnum([
  { value: 0, code: 'EDI', name: 'EDI' },
  { value: 1, code: 'Document', name: 'Document' },
]);

export const UnmatchedShipmentStatus = defineEnum([
  { value: 0, code: 'Pending', name: 'Pending' },
  { value: 1, code: 'Complete', name: 'Complete' },
  { value: 2, code: 'Ignored', name: 'Ignored' },
]);

/** 002 §3.8, 001 §3. Values not shown. */
export const DocumentOcrStatus = defineNamedList([
  { code: 'NotRequested', name: 'Not Requested' },
  { code: 'Processing', name: 'Processing' },
  { code: 'Complete', name: 'Complete' },
  { code: 'Failed', name: 'Failed' },
]);

// ---------------------------------------------------------------------------------------------------------
// Outgoing email and fax.

/** 002 §3.8. */
export const OutgoingMessageType = defineEnum([
  { value: 0, code: 'Email', name: 'Email' },
  { value: 1, code: 'Fax', name: 'Fax' },
]);
export type OutgoingMessageTypeValue = EnumValue<typeof OutgoingMessageType>;

/** 001 §3: the email message's contactType (0 email, 1 fax) uses the same values. */
export const EmailMessageContactType = OutgoingMessageType;

/**
 * 002 §3.8: mail send status (these values also act as delivery failure reasons, 002 §8). Retry 1 is 11 and
 * retry 2 is 12 (code names ours). Fax statuses 202 and 204 are not shown and are left out.
 */
export const MailSendStatus = defineEnum([
  { value: 9, code: 'GeneratePDFs', name: 'Generate PDFs' },
  { value: 10, code: 'ReadyToSend', name: 'Ready To Send' },
  { value: 11, code: 'Retry1', name: 'Retry 1' },
  { value: 12, code: 'Retry2', name: 'Retry 2' },
  { value: 14, code: 'UnspecifiedError', name: 'Unspecified Error' },
  { value: 15, code: 'AttachmentLocked', name: 'Attachment Locked' },
  { value: 90, code: 'Success', name: 'Success' },
  { value: 101, code: 'InvalidEmailAddressFormat', name: 'Invalid Email Address Format' },
  { value: 102, code: 'Undeliverable', name: 'Undeliverable' },
  { value: 103, code: 'RetryTimeout', name: 'Retry Timeout' },
  { value: 104, code: 'InvalidSender', name: 'Invalid Sender' },
  { value: 105, code: 'InvalidRecipient', name: 'Invalid Recipient' },
  { value: 106, code: 'MissingAttachment', name: 'Missing Attachment' },
  { value: 201, code: 'FaxSendRequested', name: 'Fax send requested' },
  { value: 203, code: 'FaxStopped', name: 'Fax stopped' },
  { value: 205, code: 'FaxFailed', name: 'Fax failed' },
  { value: 206, code: 'QuotaExceeded', name: 'Quota Exceeded' },
]);
export type MailSendStatusValue = EnumValue<typeof MailSendStatus>;

/** 002 §4: "the mail retry numbering suggests up to two retries" (Retry1 11, Retry2 12). */
export const MAIL_MAX_RETRIES = 2;

// ---------------------------------------------------------------------------------------------------------
// Mailboxes (002 §3.8, 001 §3).

/** 002 §3.8 names value 3 Gmail; 001 §3 calls it Google/Gmail. */
export const StaffMailboxConfigType = defineEnum([
  { value: 1, code: 'Default', name: 'Default' },
  { value: 2, code: 'IMAP', name: 'IMAP' },
  { value: 3, code: 'Gmail', name: 'Google/Gmail' },
  { value: 4, code: 'Microsoft', name: 'Microsoft' },
  { value: 5, code: 'Front', name: 'Front' },
]);
export type StaffMailboxConfigTypeValue = EnumValue<typeof StaffMailboxConfigType>;

export const StaffMailboxPermission = defineEnum([
  { value: 1, code: 'SendOnly', name: 'Send Only' },
  { value: 2, code: 'SendAndRead', name: 'Send And Read' },
  { value: 3, code: 'SendAndReadReplies', name: 'Send And Read Replies' },
]);

/** Values not shown. */
export const EmailAutomationType = defineNamedList([
  { code: 'Quote', name: 'Quote' },
  { code: 'Operations', name: 'Operations' },
  { code: 'Attachment', name: 'Attachment' },
  { code: 'Other', name: 'Other' },
  { code: 'Reply', name: 'Reply' },
]);

/** Values not shown. 001 §3: the default is Archive. */
export const PostProcessingAction = defineNamedList([
  { code: 'Archive', name: 'Archive' },
  { code: 'MarkAsRead', name: 'Mark As Read' },
  { code: 'Delete', name: 'Delete' },
  { code: 'DoNothing', name: 'Do Nothing' },
]);
export const DEFAULT_POST_PROCESSING_ACTION = 'Archive';

/** Values not shown. */
export const LabelStatus = defineNamedList([
  { code: 'Disabled', name: 'Disabled' },
  { code: 'Enabled', name: 'Enabled' },
]);

export const TraceLogLevel = defineEnum([
  { value: 0, code: 'Critical', name: 'Critical' },
  { value: 1, code: 'Error', name: 'Error' },
  { value: 2, code: 'Warning', name: 'Warning' },
  { value: 3, code: 'Information', name: 'Information' },
  { value: 4, code: 'Verbose', name: 'Verbose' },
]);
