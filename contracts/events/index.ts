// Event contracts: every subject and the schema of its payload, defined once.
// Subjects follow `tms.<service>.<entity>.<verb>.v<N>` (DESIGN.md, "How services talk").
// `npm run contracts` writes each schema to contracts/events/<subject>.json for other
// languages and teams; a test fails when those files drift from this module.
import Type, { type Static, type TSchema } from 'typebox';
import { ChargeLineType } from '../catalogue/accessorials.ts';
import { InvoiceStatus, PaymentStatus } from '../catalogue/accounting.ts';
import { AttachmentSourceTypes } from '../catalogue/attachments.ts';
import {
  BrokerCarrierStatus,
  CarrierComplianceReason,
  CarrierInsuranceStatus,
} from '../catalogue/carrier.ts';
import { type DensityScaleId, DensityScales, FreightClass } from '../catalogue/freight-class.ts';
import { MailSendStatus, OutgoingMessageType } from '../catalogue/integration.ts';
import { MAX_AMOUNT_CENTS } from '../catalogue/money.ts';
import { AuditCategory } from '../catalogue/reports.ts';
import {
  AccessLevel,
  PackingGroup,
  ShipmentActivityType,
  ShipmentLocationType,
  ShipmentStopType,
  TransitLegType,
} from '../catalogue/shipment.ts';
import { ShipmentStatus } from '../catalogue/shipment-status.ts';
import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '../rules/activity.ts';

const Id = Type.String({ minLength: 1, maxLength: 64 });

/**
 * A day of the calendar, 'YYYY-MM-DD' (an expiration, invoice or pickup date): `format: 'date'` refuses a
 * day the calendar does not have (2027-02-30, 2026-13-01). The one such schema: the services' route
 * schemas take it from the platform (services/platform/src/schemas.ts), which takes it from here.
 */
export const CalendarDate = Type.String({ format: 'date', description: 'a date, YYYY-MM-DD' });
const Email = Type.String({ format: 'email', maxLength: 254 });

/** Every event travels in this envelope; `id` is the JetStream message id (deduplication). */
export const EventEnvelope = Type.Object({
  id: Type.String({ format: 'uuid' }),
  subject: Type.String(),
  source: Type.String(),
  occurredAt: Type.String({ format: 'date-time' }),
  data: Type.Unknown(),
});
export type EventEnvelope<T = unknown> = Omit<Static<typeof EventEnvelope>, 'data'> & { data: T };

/** An organization as the directory holds it: LSP (broker) 60, Customer 70, Factor 80 (spec 002 §1). */
export const OrganizationChangedV1 = Type.Object(
  {
    organizationId: Id,
    version: Type.Integer({
      minimum: 1,
      description: 'grows by one with each change; consumers ignore older versions',
    }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    organizationType: Type.Union([Type.Literal(60), Type.Literal(70), Type.Literal(80)]),
    brokerId: Type.Union([Id, Type.Null()], {
      description: 'the LSP organization this one belongs to; null for an LSP',
    }),
    paymentPreference: Type.Union([Type.Integer(), Type.Null()]),
    creditLimit: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
    customerSettings: Type.Integer({ minimum: 0, description: 'customer-user setting bits, spec 002 §6.3' }),
    brokerSettings: Type.Integer({
      minimum: 0,
      description: 'broker organization setting bits, spec 002 §6.4',
    }),
    active: Type.Boolean(),
    // Added later, so optional: a consumer treats a missing field as the broker settings' own choice.
    densityScale: Type.Optional(
      Type.Enum(Object.keys(DensityScales) as DensityScaleId[], {
        description:
          "an LSP's class calculator density scale, decided by the directory from its settings and feature flags (002 §6.4, 000 §6); absent for other organizations",
      }),
    ),
  },
  { additionalProperties: false },
);
export type OrganizationChangedV1 = Static<typeof OrganizationChangedV1>;

/** A staff or customer user as the directory holds it. */
export const UserChangedV1 = Type.Object(
  {
    userId: Id,
    version: Type.Integer({ minimum: 1 }),
    organizationId: Id,
    organizationType: Type.Union([Type.Literal(60), Type.Literal(70), Type.Literal(80)]),
    brokerId: Id,
    kind: Type.Union([Type.Literal('staff'), Type.Literal('customer')]),
    email: Email,
    firstName: Type.String({ maxLength: 100 }),
    lastName: Type.String({ maxLength: 100 }),
    permissions: Type.Integer({ minimum: 0, description: 'staff permission bits, spec 002 §6.2' }),
    customerSettings: Type.Integer({ minimum: 0, description: 'customer-user setting bits, spec 002 §6.3' }),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type UserChangedV1 = Static<typeof UserChangedV1>;

/**
 * A staff member's mailbox configuration (001 §3 mailbox), for the service that reads mail (decision 0071).
 * The password travels only sealed (AES-256-GCM with MAILBOX_SECRET_KEY, the owner's user id as additional
 * data, decision 0070): the stream never carries it in clear.
 */
export const MailboxChangedV1 = Type.Object(
  {
    userId: Id,
    version: Type.Integer({ minimum: 1 }),
    brokerId: Id,
    mailboxType: Type.Integer({ minimum: 1, description: 'staff mailbox config type, 002 §3.8' }),
    username: Type.Union([Type.String({ maxLength: 254 }), Type.Null()]),
    sealedPassword: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], {
      description: 'the password sealed at rest (v1.<nonce>.<tag>.<ciphertext>); null when none is stored',
    }),
    incomingMailServer: Type.Union([Type.String({ maxLength: 300 }), Type.Null()]),
    permissions: Type.Integer({ minimum: 1, description: 'staff mailbox permission, 002 §3.8' }),
    postProcessingAction: Type.String({ maxLength: 20, description: 'post-processing action, 002 §3.8' }),
    isAuthorized: Type.Boolean(),
    // Added later, so optional: a consumer treats a missing field as "none given".
    outgoingMailServer: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
    signature: Type.Optional(
      Type.String({
        maxLength: 20_000,
        description:
          "the staff member's signature (sanitized rich text), appended to mail they send; '' when none",
      }),
    ),
    sealedAccessToken: Type.Optional(
      Type.Union([Type.String({ maxLength: 16_000 }), Type.Null()], {
        description:
          'a Gmail or Microsoft mailbox: its access token sealed as the password is (v1.<nonce>.<tag>.<ciphertext>), published at each sign-in and renewal, for reading and sending with XOAUTH2 (decision 0037); null when none',
      }),
    ),
    tokenExpiresAt: Type.Optional(
      Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'when that access token expires',
      }),
    ),
  },
  { additionalProperties: false },
);
export type MailboxChangedV1 = Static<typeof MailboxChangedV1>;

// ---------------------------------------------------------------------------------------------------------
// Shipments (services/shipments). Numbers come from the catalogue, never retyped here.

/** Shipment numbers are integers (the spec's numeric search queries are shipment ids). */
const ShipmentId = Type.Integer({ minimum: 1 });
const NullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);
const Status = Type.Enum(ShipmentStatus.valueList, { description: 'shipment status, 002 §3.1' });
const LegType = Type.Enum(TransitLegType.valueList, { description: 'transit leg type, 002 §3.1' });
/** 000 §5: date-times at a stop are wall-clock times, sent as ISO date-time without zone. */
const LocalDateTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$',
  description: 'wall-clock date-time at the stop, ISO 8601 without zone (000 §5)',
});
const NullableLocalDateTime = Type.Union([LocalDateTime, Type.Null()]);
const Actor = Type.Object(
  { userId: Id, name: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);

/** What a status change says besides the shipment's state: status.changed's fields and shipment.updated's
 * statusChange (decision 0048), written once. */
const statusChangeFields = {
  transitLegId: Id,
  transitLegType: LegType,
  change: Type.Union([Type.Literal('status'), Type.Literal('cancel'), Type.Literal('reinstate')], {
    description: 'status: a move between live statuses; cancel: choice -1; reinstate: out of Canceled',
  }),
  previousStatus: Status,
  previousTransitLegStatus: Status,
  transitLegStatus: Status,
  lostQuoteAlertRequested: Type.Boolean({
    description:
      'a cancel from Quote, Committed or Ready that asked for the lost-quote system alert (000 §4)',
  }),
  location: Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
    description: 'the location given with the update (check call), for the tracking service',
  }),
  changedBy: Actor,
};

/** A note's content: note.added's fields and shipment.updated's note (decision 0048), written once. */
const noteFields = {
  activityType: Type.Enum(ShipmentActivityType.valueList, {
    description: 'shipment activity type, 002 §3.1',
  }),
  accessLevel: Type.Enum(AccessLevel.valueList, { description: 'Public 0, Private 1, Admin 2 (002 §3.1)' }),
  description: Type.String({ minLength: 1, maxLength: ACTIVITY_DESCRIPTION_MAX_LENGTH }),
  pinned: Type.Boolean(),
  createdBy: Actor,
  createdDate: Type.String({ format: 'date-time' }),
};

/** A status change of a shipment's transit leg (and so of the shipment), 000 §4. */
export const ShipmentStatusChangedV1 = Type.Object(
  {
    shipmentId: ShipmentId,
    version: Type.Integer({ minimum: 1, description: 'the shipment version this change produced' }),
    brokerId: Id,
    customerOrganizationId: Id,
    shipmentType: Type.Integer({ minimum: 1, description: 'shipment type bit flags, 002 §3.1' }),
    ...statusChangeFields,
    status: Status,
  },
  { additionalProperties: false },
);
export type ShipmentStatusChangedV1 = Static<typeof ShipmentStatusChangedV1>;

const TransitLegState = Type.Object(
  {
    transitLegId: Id,
    sequence: Type.Integer({ minimum: 0 }),
    transitType: LegType,
    status: Status,
    active: Type.Boolean(),
    carrierMasterId: Type.Union([Id, Type.Null()]),
    carrierMasterName: NullableText(200),
    carrierPhone: NullableText(40),
    serviceLevel: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    scac: NullableText(4),
    trackingUrl: NullableText(2000),
    integrationEnableAPITracking: Type.Boolean(),
    trackingIntegrationEnableAPITracking: Type.Boolean(),
    trackingIntegrationSourceId: Type.Union([Type.Integer(), Type.Null()]),
    integrationSourceId: Type.Union([Type.Integer(), Type.Null()]),
  },
  { additionalProperties: false },
);

const StopState = Type.Object(
  {
    stopId: Id,
    sequence: Type.Integer({ minimum: 0 }),
    stopType: Type.Enum(ShipmentStopType.codes, { description: 'stop type, 002 §3.1' }),
    companyName: NullableText(200),
    streetAddress: NullableText(200),
    streetAddressTwo: NullableText(200),
    city: NullableText(100),
    state: NullableText(50),
    zipCode: NullableText(20),
    country: NullableText(60),
    scheduledReadyDateTime: NullableLocalDateTime,
    scheduledCloseDateTime: NullableLocalDateTime,
    appointmentReadyDateTime: NullableLocalDateTime,
    appointmentEndDateTime: NullableLocalDateTime,
    actualArrivalDateTime: NullableLocalDateTime,
    actualDepartureDateTime: NullableLocalDateTime,
  },
  { additionalProperties: false },
);

const ReferenceState = Type.Object(
  {
    referenceId: Id,
    referenceType: Type.Union([Type.Integer(), Type.Null()], {
      description: 'the 002 §3.3 number; null for the types whose number the spec does not show',
    }),
    referenceTypeCode: Type.String({ maxLength: 64, description: 'the catalogue code of the type' }),
    value: Type.String({ maxLength: 200 }),
    transitLegId: Type.Union([Id, Type.Null()]),
  },
  { additionalProperties: false },
);

const NullableCount = Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()]);
const NullableMeasure = Type.Union([Type.Number({ minimum: 0, maximum: 9_999_999_999 }), Type.Null()]);
const NullablePackageType = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
  description: 'package type, 002 §3.1 (e.g. Pallet 120, Carton 50)',
});

/** A bill-to address (000 §3 Bill-to): the party the carrier of a leg bills for the freight charges. */
const BillToState = Type.Object(
  {
    transitLegId: Type.Union([Id, Type.Null()]),
    companyName: NullableText(200),
    streetAddress: NullableText(200),
    streetAddressTwo: NullableText(200),
    city: NullableText(100),
    state: NullableText(50),
    zipCode: NullableText(20),
    country: NullableText(60),
  },
  { additionalProperties: false },
);

/** The hazardous-material details of a commodity (001 §2 hazmat modal; accessorial 46, 002 §3.5). */
const HazmatState = Type.Object(
  {
    unNumber: Type.String({
      pattern: '^(UN|NA)\\d{4}$',
      description: 'the UN (or NA) identification number, e.g. UN1263',
    }),
    properShippingName: Type.String({ minLength: 1, maxLength: 500 }),
    hazardClass: Type.String({
      minLength: 1,
      maxLength: 20,
      description: 'the hazard class as printed (002 §3.1: 1.1 to 9), or a custom class',
    }),
    packingGroup: Type.Enum(PackingGroup.valueList, { description: 'none 0, I 1, II 2, III 3 (002 §3.1)' }),
    emergencyContactName: NullableText(200),
    emergencyContactPhone: NullableText(40),
  },
  { additionalProperties: false },
);

/** One commodity (line item) of a shipment, in the shipment's weight and dimension units. */
const CommodityState = Type.Object(
  {
    commodityId: Id,
    sequence: Type.Integer({ minimum: 0 }),
    description: Type.String({ maxLength: 500 }),
    handlingUnits: NullableCount,
    handlingUnitType: NullablePackageType,
    pieces: NullableCount,
    packageType: NullablePackageType,
    weight: NullableMeasure,
    freightClass: Type.Union([Type.Enum(FreightClass.valueList), Type.Null()], {
      description: 'freight class, 002 §3.1 (77 is 77.5, 92 is 92.5; 0 no class)',
    }),
    nmfc: NullableText(20),
    length: NullableMeasure,
    width: NullableMeasure,
    height: NullableMeasure,
    hazardous: Type.Boolean({ description: 'hazardous material (accessorial 46, 002 §3.5)' }),
    hazmat: Type.Union([HazmatState, Type.Null()], {
      description:
        'the hazmat details; null when not hazardous, or when only the hazmat flag was set (front office, 001 §2)',
    }),
  },
  { additionalProperties: false },
);

const AccessorialState = Type.Object(
  {
    accessorialId: Type.Integer({ minimum: 1, description: 'accessorial id (46 is hazardous, 002 §3.5)' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    // added later, so optional: accounting makes the accessorial's charge line of the matching type
    accessorialType: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 11, description: 'accessorial type 1 to 11 (002 §3.5)' }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The status change a shipment.updated carries when a status update made it (decision 0048): what
 * status.changed said besides the shipment's state (its status and version are the state's).
 */
const StatusChangeSection = Type.Object(statusChangeFields, {
  additionalProperties: false,
  description: 'the status change that made this version (a status update); once published as status.changed',
});

/** The note a status update wrote with the change (decision 0048): what note.added said besides the state. */
const UpdateNoteSection = Type.Object(
  {
    noteId: Type.String({
      format: 'uuid',
      description: "the note's id; the activity entry made of it is keyed by it (one entry per note)",
    }),
    ...noteFields,
  },
  {
    additionalProperties: false,
    description:
      'the note written with the status update that made this version; once published as note.added',
  },
);

/** A shipment's whole state after a change (and on creation), with a version for read models. */
export const ShipmentUpdatedV1 = Type.Object(
  {
    shipmentId: ShipmentId,
    version: Type.Integer({
      minimum: 1,
      description: 'grows by one with each change; consumers ignore older versions',
    }),
    brokerId: Id,
    customerOrganizationId: Id,
    shipmentType: Type.Integer({ minimum: 1, description: 'shipment type bit flags, 002 §3.1' }),
    status: Status,
    transitDays: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    weightUnit: Type.Integer({ minimum: 0 }),
    totalWeight: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
    dimensionUnit: Type.Integer({ minimum: 0 }),
    totalHandlingUnits: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    originBaseUTCOffset: Type.Union([Type.Number(), Type.Null()]),
    lockdownMarketplaceBuyer: Type.Boolean(),
    noAccountingInvoice: Type.Boolean(),
    lostQuote: Type.Boolean(),
    shipmentAlertTypes: Type.Array(Type.Integer({ minimum: 1 })),
    consolidationParentId: Type.Union([ShipmentId, Type.Null()]),
    createdDate: Type.String({ format: 'date-time' }),
    transitLegs: Type.Array(TransitLegState),
    stops: Type.Array(StopState),
    referenceNumbers: Type.Array(ReferenceState),
    // Added later, so optional: a consumer treats a missing field as "none given".
    billTo: Type.Optional(
      Type.Union([BillToState, Type.Null()], { description: 'the bill-to (000 §3); null when none is set' }),
    ),
    commodities: Type.Optional(
      Type.Array(CommodityState, { maxItems: 200, description: 'the line items, in order of sequence' }),
    ),
    accessorials: Type.Optional(
      Type.Array(AccessorialState, { maxItems: 200, description: "the shipment's chosen accessorials" }),
    ),
    specialInstructions: Type.Optional(NullableText(2000)),
    // Added later (decision 0048): a status update publishes this one event instead of three.
    statusChange: Type.Optional(StatusChangeSection),
    note: Type.Optional(UpdateNoteSection),
  },
  { additionalProperties: false },
);
export type ShipmentUpdatedV1 = Static<typeof ShipmentUpdatedV1>;

/**
 * The status change a status update's shipment.updated carries, as a status.changed says it (decision 0048):
 * one reading for every consumer that still takes both.
 */
export function statusChangedOf(s: ShipmentUpdatedV1): ShipmentStatusChangedV1 | undefined {
  if (!s.statusChange) return undefined;
  const { shipmentId, version, brokerId, customerOrganizationId, shipmentType, status } = s;
  return { ...s.statusChange, shipmentId, version, brokerId, customerOrganizationId, shipmentType, status };
}

/** The note a status update's shipment.updated carries, as a note.added says it (decision 0048). */
export function noteAddedOf(s: ShipmentUpdatedV1): ShipmentNoteAddedV1 | undefined {
  if (!s.note) return undefined;
  const { shipmentId, brokerId, customerOrganizationId } = s;
  return { ...s.note, shipmentId, brokerId, customerOrganizationId };
}
export type ShipmentStatusChangeSection = Static<typeof StatusChangeSection>;
export type ShipmentUpdateNoteSection = Static<typeof UpdateNoteSection>;

/** Ours: the rejected rows' CSV an import result carries at most (the rest is on the review). */
export const IMPORT_RESULT_CSV_MAX_CHARS = 200_000;

/**
 * A shipment import finished (issue 17, decision 0096): the result the attachments service emails to the
 * importer, with the rows the import left out as CSV (row number, column, reason).
 */
export const ShipmentImportFinishedV1 = Type.Object(
  {
    bulkProcessId: Type.Integer({ minimum: 1 }),
    brokerId: Id,
    processType: Type.Integer({ description: '002 §3.8 bulk process type' }),
    customerOrganizationId: Id,
    fileName: Type.String({ maxLength: 255 }),
    recipient: Email,
    requestedBy: Actor,
    totalRows: Type.Integer({ minimum: 0 }),
    importedRows: Type.Integer({ minimum: 0 }),
    rejectedRows: Type.Integer({ minimum: 0 }),
    rejectedRowsCsv: Type.String({
      maxLength: 220_000,
      description: 'header Row,Column,Reason; cut at IMPORT_RESULT_CSV_MAX_CHARS with a last line saying so',
    }),
    finishedDate: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type ShipmentImportFinishedV1 = Static<typeof ShipmentImportFinishedV1>;

/** A note written on a shipment (the status update's activity), for the activity service's log. */
export const ShipmentNoteAddedV1 = Type.Object(
  {
    noteId: Id,
    shipmentId: ShipmentId,
    brokerId: Id,
    customerOrganizationId: Id,
    ...noteFields,
  },
  { additionalProperties: false },
);
export type ShipmentNoteAddedV1 = Static<typeof ShipmentNoteAddedV1>;

/** A shipment's bill-to set, changed or deleted (000 §3 Bill-to, 000 §7 shipmentbillto), for invoicing. */
export const ShipmentBillToChangedV1 = Type.Object(
  {
    shipmentId: ShipmentId,
    version: Type.Integer({ minimum: 1, description: 'the shipment version this change produced' }),
    brokerId: Id,
    customerOrganizationId: Id,
    billTo: Type.Union([BillToState, Type.Null()], {
      description: 'the bill-to now; null when it was deleted',
    }),
    changedBy: Actor,
  },
  { additionalProperties: false },
);
export type ShipmentBillToChangedV1 = Static<typeof ShipmentBillToChangedV1>;

// ---------------------------------------------------------------------------------------------------------
// Carriers (services/carriers, issue 7). Numbers and codes come from the catalogue.

const BrokerCarrierStatusValue = Type.Enum(BrokerCarrierStatus.valueList, {
  description: 'broker carrier status, 002 §3.7',
});
const InsuranceStatusCode = Type.Enum(CarrierInsuranceStatus.codes, {
  description: 'carrier insurance status (a code: 002 §3.7 gives no numbers)',
});

/**
 * A broker's carrier after a change (status, favorite, insurance, compliance), with its version. The
 * shipments service raises the carrier-blocked alert (218) from it.
 */
export const BrokerCarrierChangedV1 = Type.Object(
  {
    brokerCarrierId: Id,
    version: Type.Integer({
      minimum: 1,
      description: 'grows by one with each change; consumers ignore older versions',
    }),
    brokerId: Id,
    carrierMasterId: Id,
    carrierMasterName: Type.String({ maxLength: 200 }),
    scac: NullableText(4),
    status: BrokerCarrierStatusValue,
    previousStatus: Type.Union([BrokerCarrierStatusValue, Type.Null()], {
      description: 'the status before this change; null when the broker carrier was created',
    }),
    favorite: Type.Boolean(),
    inherited: Type.Boolean(),
    insuranceStatus: InsuranceStatusCode,
    inCompliance: Type.Boolean(),
    changedBy: Type.Union([Actor, Type.Null()], { description: 'null when the system changed it' }),
    // Added later, so optional: a consumer treats a missing field as "none given".
    email: Type.Optional(
      Type.Union([Type.String({ maxLength: 254 }), Type.Null()], {
        description: "the carrier's email: where tracking status requests go (001 §2)",
      }),
    ),
    phone: Type.Optional(
      Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
        description:
          "the carrier's phone: the carrier card's phone once the carrier is on a leg (000 §2 item 2)",
      }),
    ),
    complianceReasons: Type.Optional(
      Type.Array(Type.Enum(CarrierComplianceReason.codes), {
        maxItems: 16,
        description: 'why the carrier is out of compliance (none when inCompliance); decision 0117',
      }),
    ),
  },
  { additionalProperties: false },
);
export type BrokerCarrierChangedV1 = Static<typeof BrokerCarrierChangedV1>;

/** One insurance moved to another status (30 and 10 days before expiry, at expiry, 000 §9), once. */
export const CarrierInsuranceStatusChangedV1 = Type.Object(
  {
    brokerCarrierInsuranceId: Id,
    brokerCarrierId: Id,
    brokerId: Id,
    carrierMasterId: Id,
    carrierMasterName: Type.String({ maxLength: 200 }),
    insuranceType: Type.String({ maxLength: 60 }),
    expirationDate: CalendarDate,
    previousStatus: Type.Union([InsuranceStatusCode, Type.Null()]),
    status: InsuranceStatusCode,
    asOf: CalendarDate,
  },
  { additionalProperties: false },
);
export type CarrierInsuranceStatusChangedV1 = Static<typeof CarrierInsuranceStatusChangedV1>;

/** A pickup or delivery audit of a carrier on a shipment's leg (000 §4 leg audit visibility). */
export const CarrierAuditRecordedV1 = Type.Object(
  {
    auditId: Id,
    brokerId: Id,
    carrierMasterId: Id,
    shipmentId: ShipmentId,
    transitLegId: Id,
    category: Type.Enum(AuditCategory.codes, { description: 'audit category, 002 §3.9' }),
    score: Type.Number({ minimum: 0, maximum: 5, description: "the audit's score out of 5 stars" }),
    replacedAuditId: Type.Union([Id, Type.Null()], {
      description: 'the earlier audit of the same leg and category this one replaces',
    }),
    recordedBy: Actor,
  },
  { additionalProperties: false },
);
export type CarrierAuditRecordedV1 = Static<typeof CarrierAuditRecordedV1>;
// Activity (services/activity): shipment activity entries and staff assignments, for read models elsewhere
// (e.g. the grid's LastPinnedActivity and NextAssignmentDate columns) and the live hub.

/** A shipment activity entry added or changed (000 §3 Shipment activity). */
export const ShipmentActivityChangedV1 = Type.Object(
  {
    activityId: Type.Integer({ minimum: 1 }),
    shipmentId: ShipmentId,
    brokerId: Id,
    customerOrganizationId: Id,
    change: Type.Union(
      [
        Type.Literal('added'),
        Type.Literal('accessLevel'),
        Type.Literal('pinned'),
        Type.Literal('assigned'),
        Type.Literal('reassigned'),
        Type.Literal('dismissed'),
      ],
      {
        description:
          'added; access level or pin changed; a scheduled assignment came due; an email entry moved to another shipment or dismissed',
      },
    ),
    version: Type.Integer({ minimum: 1, description: 'grows by one with each change of the entry' }),
    activityType: Type.Enum(ShipmentActivityType.valueList, {
      description: 'shipment activity type, 002 §3.1',
    }),
    accessLevel: Type.Enum(AccessLevel.valueList, { description: 'Public 0, Private 1, Admin 2 (002 §3.1)' }),
    description: Type.String({ maxLength: 4000 }),
    pinned: Type.Boolean(),
    userName: Type.String({ maxLength: 200 }),
    createdDate: Type.String({ format: 'date-time' }),
    assignment: Type.Union(
      [
        Type.Object(
          {
            staffId: Type.Union([Id, Type.Null()], { description: 'null for a team assignment' }),
            isTeam: Type.Boolean(),
            dueDate: Type.String({ format: 'date-time', description: 'when it is (or becomes) assigned' }),
            assigned: Type.Boolean(),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'set on an assignment entry' },
    ),
    emailAutomationDetailId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          "set on an email-based activity: the email's id (001 §3 email message, 002 §3.8); on a reassigned change the attachments service moves the email's files and its record to the entry's new shipment",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ShipmentActivityChangedV1 = Static<typeof ShipmentActivityChangedV1>;

/** A staff member's (or the team's) assignment to a shipment, the 001 §3 staff favorite, after a change. */
export const StaffAssignmentChangedV1 = Type.Object(
  {
    assignmentId: Type.Integer({ minimum: 1 }),
    shipmentId: ShipmentId,
    brokerId: Id,
    staffId: Type.Union([Id, Type.Null()], { description: 'null for a team assignment' }),
    isTeam: Type.Boolean(),
    version: Type.Integer({ minimum: 1 }),
    staffAssignmentStatus: Type.Union(
      [Type.Literal('Inactive'), Type.Literal('Active'), Type.Literal('Complete')],
      {
        description: 'staff assignment status, 002 §3.9 (Inactive: not assigned)',
      },
    ),
    dueDate: Type.String({ format: 'date-time', description: 'when it is (or becomes) assigned' }),
    isAssigned: Type.Boolean(),
    activityRef: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type StaffAssignmentChangedV1 = Static<typeof StaffAssignmentChangedV1>;
// Attachments (services/attachments). Numbers come from the catalogue, never retyped here.

const AttachmentAccess = Type.Union(
  [Type.Literal(AccessLevel.values.Public), Type.Literal(AccessLevel.values.Private)],
  {
    description: 'Public 0 or Private 1 (001 §3: an attachment is Public or Private)',
  },
);
const AttachmentSource = Type.Enum(AttachmentSourceTypes, { description: 'attachment source type, 000 §3' });

/** A file attached to a shipment, carrier, insurance, tariff, organization or marketplace organization. */
export const AttachmentAddedV1 = Type.Object(
  {
    attachmentId: Id,
    brokerId: Id,
    sourceType: AttachmentSource,
    sourceId: Id,
    shipmentId: Type.Union([ShipmentId, Type.Null()]),
    customerOrganizationId: Type.Union([Id, Type.Null()]),
    attachmentType: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'the 002 §3.10 number; null for the types whose number the spec does not show',
    }),
    attachmentTypeCode: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
      description:
        'the catalogue code of the type; null for a number the spec does not name (the carrier upload type 2)',
    }),
    accessLevel: AttachmentAccess,
    fileName: Type.String({ minLength: 1, maxLength: 255 }),
    contentType: Type.String({ maxLength: 200 }),
    sizeBytes: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    uploadedBy: Actor,
    createdDate: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type AttachmentAddedV1 = Static<typeof AttachmentAddedV1>;

/** An attachment's access level changed, or it was deleted (kept for the retention period, then purged). */
export const AttachmentChangedV1 = Type.Object(
  {
    attachmentId: Id,
    version: Type.Integer({
      minimum: 2,
      description: 'grows by one with each change; consumers ignore older versions',
    }),
    brokerId: Id,
    sourceType: AttachmentSource,
    sourceId: Id,
    shipmentId: Type.Union([ShipmentId, Type.Null()]),
    customerOrganizationId: Type.Union([Id, Type.Null()]),
    accessLevel: AttachmentAccess,
    deleted: Type.Boolean(),
    changedBy: Actor,
  },
  { additionalProperties: false },
);
export type AttachmentChangedV1 = Static<typeof AttachmentChangedV1>;

/** An email or fax of the document sender reached its final mail send status (002 §3.8). */
export const MessageFinishedV1 = Type.Object(
  {
    messageId: Id,
    brokerId: Id,
    messageType: Type.Enum(OutgoingMessageType.valueList, { description: 'Email 0, Fax 1 (002 §3.8)' }),
    shipmentId: Type.Union([ShipmentId, Type.Null()]),
    organizationId: Type.Union([Id, Type.Null()]),
    status: Type.Enum(MailSendStatus.valueList, { description: 'the final mail send status, 002 §3.8' }),
    recipients: Type.Array(Type.String({ maxLength: 254 })),
    subject: Type.String({ maxLength: 500 }),
    documents: Type.Array(Type.String({ maxLength: 64 }), {
      description: 'generated document codes, 002 §3.10',
    }),
    attachmentIds: Type.Array(Id),
    markInvoiceDelivered: Type.Boolean(),
    privateActivityLog: Type.Boolean({
      description: 'the activity logged for it is Private (001 §3 email message)',
    }),
    sentBy: Actor,
    finishedDate: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type MessageFinishedV1 = Static<typeof MessageFinishedV1>;
/**
 * An email read from a staff mailbox (decision 0071), once per message: its attachments are already the
 * shipment's attachments; the activity service files it as an email-based activity (000 §3).
 */
export const EmailReceivedV1 = Type.Object(
  {
    emailAutomationDetailId: Id,
    brokerId: Id,
    mailboxUserId: Id,
    shipmentId: ShipmentId,
    customerOrganizationId: Id,
    type: Type.String({ maxLength: 20, description: 'email automation type, 002 §3.8' }),
    name: Type.String({ minLength: 1, maxLength: 300, description: "the sender's name (or address)" }),
    fromAddress: Type.String({ maxLength: 254 }),
    subject: Type.String({ maxLength: 500 }),
    body: Type.String({ minLength: 1, maxLength: 4000 }),
    date: Type.String({ format: 'date-time' }),
    inReplyTo: Type.Union([Type.String({ maxLength: 500 }), Type.Null()], {
      description: "the Message-ID of the product's mail this answers, when it is a reply to one",
    }),
    attachmentIds: Type.Array(Id),
    // Added later, so optional: a consumer treats a missing field as "none given".
    checkCall: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              text: Type.String({
                minLength: 1,
                maxLength: 400,
                description: 'the words that name the place',
              }),
              city: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
              state: Type.Union([Type.String({ maxLength: 2 }), Type.Null()]),
              zipCode: Type.Union([Type.String({ maxLength: 10 }), Type.Null()]),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description:
            "a carrier's reply to a tracking status request that names a place (city and state, or a ZIP): the tracking service makes it a check call, and it is no email-based activity (decision 0072)",
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type EmailReceivedV1 = Static<typeof EmailReceivedV1>;

/**
 * A Gmail or Microsoft mailbox's access token could not be used (decision 0037): it had expired by the copy's
 * own expiry, or the provider's IMAP or SMTP server refused it. Published once per access token; the directory
 * renews the sign-in with its refresh token (publishing mailbox.changed with the new token), or, when the
 * provider refuses that or a renewed token was refused again, marks the mailbox unauthorized.
 */
export const MailboxSignInRefusedV1 = Type.Object(
  {
    userId: Id,
    brokerId: Id,
    mailboxType: Type.Integer({ minimum: 1, description: 'staff mailbox config type, 002 §3.8' }),
    sealedAccessToken: Type.String({
      minLength: 1,
      maxLength: 16_000,
      description: 'the refused access token as mailbox.changed carried it (sealed): which sign-in is meant',
    }),
    reason: Type.Union([Type.Literal('expired'), Type.Literal('refused')], {
      description: 'expired: past its expiry, not tried; refused: the server refused it before its expiry',
    }),
    protocol: Type.Union([Type.Literal('imap'), Type.Literal('smtp')]),
    refusals: Type.Integer({
      minimum: 0,
      description:
        "the mailbox's access tokens refused one after the other (reason refused) with no sign-in in between that worked",
    }),
    refusedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type MailboxSignInRefusedV1 = Static<typeof MailboxSignInRefusedV1>;
// Tracking (services/tracking). Location types come from the catalogue (002 §3.1, 000 §3).

/** A location added to a shipment's history (check call, driver's phone, tracking test, staff), 000 §3. */
export const LocationAddedV1 = Type.Object(
  {
    locationId: Type.Integer({ minimum: 1 }),
    shipmentId: ShipmentId,
    brokerId: Id,
    customerOrganizationId: Id,
    locationType: Type.Enum(ShipmentLocationType.valueList, {
      description: 'Informational 0, Origin 10, Destination 20, InTransit 30, Consolidation 40 (000 §3)',
    }),
    latitude: Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()]),
    longitude: Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()]),
    locationStringFull: Type.String({ maxLength: 400 }),
    city: NullableText(100),
    state: NullableText(50),
    zipCode: NullableText(20),
    country: NullableText(60),
    locationDateTime: Type.String({ format: 'date-time', description: 'the instant, in UTC' }),
    utcOffsetMinutes: Type.Union([Type.Integer({ minimum: -720, maximum: 840 }), Type.Null()], {
      description: "the place's offset from UTC at that instant, for location-local time",
    }),
    mostRecentLocation: Type.Boolean({ description: 'the newest location of the shipment after this one' }),
    source: Type.Union(
      [
        Type.Literal('staff'),
        Type.Literal('checkCall'),
        Type.Literal('statusUpdate'),
        Type.Literal('driver'),
        Type.Literal('trackingTest'),
        Type.Literal('demo'),
      ],
      { description: 'who reported it' },
    ),
    addedBy: Type.Union([Actor, Type.Null()]),
  },
  { additionalProperties: false },
);
export type LocationAddedV1 = Static<typeof LocationAddedV1>;

/**
 * The most locations one `locations.added` event carries (a larger batch writes several): about 45 KB of
 * check calls, at most about 350 KB with every text at its longest in 3-byte characters, under NATS's 1 MB.
 */
export const LOCATIONS_PER_EVENT = 100;

/**
 * The locations one change added (a batch of check calls, a staff location, a driver's position, a tracking
 * test's answers), in the order they were added: one event per accepted batch, not per location (issue 19:
 * an event per location cost the relay and PostgreSQL more than the location itself). The gateway pushes
 * each location to browsers as a `location.added` message.
 */
export const LocationsAddedV1 = Type.Object(
  { locations: Type.Array(LocationAddedV1, { minItems: 1, maxItems: LOCATIONS_PER_EVENT }) },
  { additionalProperties: false },
);
export type LocationsAddedV1 = Static<typeof LocationsAddedV1>;

// ---------------------------------------------------------------------------------------------------------
// Accounting (services/accounting, issue 16). Every amount is integer cents (`...Cents`), never a float.

const Cents = Type.Integer({
  minimum: -MAX_AMOUNT_CENTS * 1000,
  maximum: MAX_AMOUNT_CENTS * 1000,
  description: 'an amount in whole cents',
});
const NullableCents = Type.Union([Cents, Type.Null()]);
const InvoiceStatusValue = Type.Enum(InvoiceStatus.valueList, {
  description: 'ShipmentInvoiced 1, InvoicePaid 2, NotInvoiced 3 (002 §3.6)',
});
const PaymentStatusValue = Type.Enum(PaymentStatus.valueList, {
  description: 'Unpaid 0, PartialPaid 1, OverPaid 2, FullyPaid 3 (002 §3.6)',
});

/** Open receivables by the 002 §3.6 aging buckets (002 §9 thresholds), each a sum of balances in cents. */
export const AgingAmounts = Type.Object(
  {
    current: Cents,
    pastDue: Type.Integer({ description: '1 to 14 days past due (the Past Due bucket), cents' }),
    days15: Cents,
    days25: Cents,
    days30: Cents,
    days45: Cents,
    days60: Cents,
    days90: Cents,
    days120: Type.Integer({ description: '120 days past due and more, cents' }),
  },
  { additionalProperties: false },
);

/**
 * A customer's credit position after a change (an invoice, a payment, a charge, its limit or preference, or
 * a day passing), with its version: the shipments service's credit-hold check reads it (000 §4).
 */
export const CreditChangedV1 = Type.Object(
  {
    organizationId: Id,
    brokerId: Id,
    version: Type.Integer({
      minimum: 1,
      description: 'grows by one with each change; consumers keep the newest',
    }),
    asOf: CalendarDate,
    paymentPreference: Type.Union([Type.Integer(), Type.Null()], {
      description: '002 §3.6 payment preference',
    }),
    creditLimitCents: NullableCents,
    openInvoicesCents: Cents,
    uninvoicedCents: Type.Integer({ description: 'sell charges of booked loads not invoiced yet, cents' }),
    openBalanceCents: Type.Integer({ description: 'open invoices plus uninvoiced charges, cents' }),
    totalPastDueCents: Cents,
    aging: AgingAmounts,
    creditLimitExceeded: Type.Boolean({ description: 'the open balance is above a set credit limit' }),
    enablePastDueNotification: Type.Boolean(),
    onCreditHold: Type.Boolean({ description: 'no load may move beyond Committed (decision 0050)' }),
    creditHoldReason: Type.Union(
      [
        Type.Literal('CreditHold'),
        Type.Literal('Collections'),
        Type.Literal('NewCustomer'),
        Type.Literal('OverCreditLimit'),
        Type.Literal('OneOrderAtATime'),
        Type.Null(),
      ],
      { description: 'why the customer is on hold; null when it is not' },
    ),
  },
  { additionalProperties: false },
);
export type CreditChangedV1 = Static<typeof CreditChangedV1>;

const InvoiceLine = Type.Object(
  {
    chargeLineId: Type.Union([Id, Type.Null()]),
    chargeLineType: Type.String({ maxLength: 64, description: 'charge line type code, 002 §3.5' }),
    description: Type.String({ maxLength: 200 }),
    amountCents: Cents,
  },
  { additionalProperties: false },
);

/** An invoice issued (CreateInvoice, an automation method, or an opening balance): all its PDF needs. */
export const InvoiceCreatedV1 = Type.Object(
  {
    invoiceId: Id,
    invoiceNumber: Type.Integer({ minimum: 1, description: "the broker's own invoice number sequence" }),
    brokerId: Id,
    brokerName: Type.String({ maxLength: 200 }),
    kind: Type.Union([Type.Literal('Shipment'), Type.Literal('OpeningBalance')]),
    shipmentId: Type.Union([ShipmentId, Type.Null()]),
    payerOrganizationId: Id,
    payerName: Type.String({ maxLength: 200 }),
    customerOrganizationId: Type.Union([Id, Type.Null()]),
    invoiceDate: CalendarDate,
    dueDate: CalendarDate,
    invoiceDateType: Type.Enum(['Today', 'Pickup', 'Delivery'], {
      description: '002 §3.6 invoice date type',
    }),
    proNumber: NullableText(60),
    pickupDate: Type.Union([CalendarDate, Type.Null()]),
    deliveryDate: Type.Union([CalendarDate, Type.Null()]),
    billTo: Type.Union([
      Type.Object(
        {
          companyName: NullableText(200),
          streetAddress: NullableText(200),
          streetAddressTwo: NullableText(200),
          city: NullableText(100),
          state: NullableText(50),
          zipCode: NullableText(20),
          country: NullableText(60),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    lines: Type.Array(InvoiceLine),
    totalCents: Cents,
    createdBy: Type.Union([Actor, Type.Null()], { description: 'null when an automation method issued it' }),
  },
  { additionalProperties: false },
);
export type InvoiceCreatedV1 = Static<typeof InvoiceCreatedV1>;

/** An invoice after each change (issued, paid), with its version, for read models elsewhere. */
export const InvoiceChangedV1 = Type.Object(
  {
    invoiceId: Id,
    invoiceNumber: Type.Integer({ minimum: 1 }),
    version: Type.Integer({
      minimum: 1,
      description: 'grows by one with each change; consumers keep the newest',
    }),
    brokerId: Id,
    shipmentId: Type.Union([ShipmentId, Type.Null()]),
    payerOrganizationId: Id,
    customerOrganizationId: Type.Union([Id, Type.Null()]),
    invoiceDate: CalendarDate,
    dueDate: CalendarDate,
    totalCents: Cents,
    paidCents: Cents,
    balanceCents: Cents,
    status: InvoiceStatusValue,
    paymentStatus: PaymentStatusValue,
    change: Type.Union([Type.Literal('created'), Type.Literal('payment')]),
  },
  { additionalProperties: false },
);
export type InvoiceChangedV1 = Static<typeof InvoiceChangedV1>;

const centsField = (description: string) =>
  Type.Integer({ minimum: -10_000_000_000, maximum: 10_000_000_000, description });

/** One charge line (001 §1 accounting summary tables: type, buy, sell, carrier master). */
const ChargeLineState = Type.Object(
  {
    chargeLineId: Id,
    transitLegId: Type.Union([Id, Type.Null()], {
      description: 'the transit leg the line belongs to; null for a line of the whole shipment',
    }),
    chargeLineType: Type.Enum(ChargeLineType.codes, {
      description: 'charge line type, 002 §3.5, by its code (the spec numbers none of them)',
    }),
    description: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'as documents print it, e.g. Linehaul, Fuel surcharge, Detention',
    }),
    carrierMasterId: Type.Union([Id, Type.Null()], {
      description: 'the carrier the buy amount is paid to; null when no carrier is paid for the line',
    }),
    buyCents: centsField("what the broker pays (the carrier's rate), in cents"),
    sellCents: centsField('what the customer is charged, in cents'),
  },
  { additionalProperties: false },
);

/**
 * A shipment's charge lines after a change: the whole set, with a version. The attachments service prints
 * a carrier's buy lines on its carrier confirmation and the sell lines on the rate quote sheet.
 */
export const ChargeLinesChangedV1 = Type.Object(
  {
    shipmentId: ShipmentId,
    version: Type.Integer({
      minimum: 1,
      description:
        "grows by one with each change of the shipment's charge lines; consumers ignore older versions",
    }),
    brokerId: Id,
    chargeLines: Type.Array(ChargeLineState, { maxItems: 500 }),
  },
  { additionalProperties: false },
);
export type ChargeLinesChangedV1 = Static<typeof ChargeLinesChangedV1>;

export const subjects = {
  organizationChanged: 'tms.directory.organization.changed.v1',
  userChanged: 'tms.directory.user.changed.v1',
  mailboxChanged: 'tms.directory.mailbox.changed.v1',
  shipmentStatusChanged: 'tms.shipments.status.changed.v1',
  shipmentUpdated: 'tms.shipments.shipment.updated.v1',
  shipmentNoteAdded: 'tms.shipments.note.added.v1',
  shipmentBillToChanged: 'tms.shipments.billto.changed.v1',
  shipmentImportFinished: 'tms.shipments.import.finished.v1',
  // carriers
  brokerCarrierChanged: 'tms.carriers.brokercarrier.changed.v1',
  carrierInsuranceStatusChanged: 'tms.carriers.insurance.status.changed.v1',
  carrierAuditRecorded: 'tms.carriers.audit.recorded.v1',
  // activity
  shipmentActivityChanged: 'tms.activity.activity.changed.v1',
  staffAssignmentChanged: 'tms.activity.assignment.changed.v1',
  attachmentAdded: 'tms.attachments.attachment.added.v1',
  attachmentChanged: 'tms.attachments.attachment.changed.v1',
  messageFinished: 'tms.attachments.message.finished.v1',
  emailReceived: 'tms.attachments.email.received.v1',
  mailboxSignInRefused: 'tms.attachments.mailbox.signin.refused.v1',
  // tracking
  /** one location, as the gateway pushes it to browsers (the tracking service publishes `locationsAdded`) */
  locationAdded: 'tms.tracking.location.added.v1',
  locationsAdded: 'tms.tracking.locations.added.v1',
  // accounting
  chargeLinesChanged: 'tms.accounting.chargelines.changed.v1',
  creditChanged: 'tms.accounting.credit.changed.v1',
  invoiceCreated: 'tms.accounting.invoice.created.v1',
  invoiceChanged: 'tms.accounting.invoice.changed.v1',
} as const;

export type Subject = (typeof subjects)[keyof typeof subjects];

/** Subject → payload schema; producers and consumers both validate against it. */
export const eventSchemas = {
  [subjects.organizationChanged]: OrganizationChangedV1,
  [subjects.userChanged]: UserChangedV1,
  [subjects.mailboxChanged]: MailboxChangedV1,
  [subjects.shipmentStatusChanged]: ShipmentStatusChangedV1,
  [subjects.shipmentUpdated]: ShipmentUpdatedV1,
  [subjects.shipmentNoteAdded]: ShipmentNoteAddedV1,
  [subjects.shipmentBillToChanged]: ShipmentBillToChangedV1,
  [subjects.shipmentImportFinished]: ShipmentImportFinishedV1,
  // carriers
  [subjects.brokerCarrierChanged]: BrokerCarrierChangedV1,
  [subjects.carrierInsuranceStatusChanged]: CarrierInsuranceStatusChangedV1,
  [subjects.carrierAuditRecorded]: CarrierAuditRecordedV1,
  // activity
  [subjects.shipmentActivityChanged]: ShipmentActivityChangedV1,
  [subjects.staffAssignmentChanged]: StaffAssignmentChangedV1,
  [subjects.attachmentAdded]: AttachmentAddedV1,
  [subjects.attachmentChanged]: AttachmentChangedV1,
  [subjects.messageFinished]: MessageFinishedV1,
  [subjects.emailReceived]: EmailReceivedV1,
  [subjects.mailboxSignInRefused]: MailboxSignInRefusedV1,
  // tracking
  [subjects.locationAdded]: LocationAddedV1,
  [subjects.locationsAdded]: LocationsAddedV1,
  // accounting
  [subjects.chargeLinesChanged]: ChargeLinesChangedV1,
  [subjects.creditChanged]: CreditChangedV1,
  [subjects.invoiceCreated]: InvoiceCreatedV1,
  [subjects.invoiceChanged]: InvoiceChangedV1,
} as const satisfies Record<Subject, TSchema>;

export type EventData<S extends Subject> = Static<(typeof eventSchemas)[S]>;
