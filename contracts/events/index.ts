// Event contracts: every subject and the schema of its payload, defined once.
// Subjects follow `tms.<service>.<entity>.<verb>.v<N>` (DESIGN.md, "How services talk").
// `npm run contracts` writes each schema to contracts/events/<subject>.json for other
// languages and teams; a test fails when those files drift from this module.
import Type, { type Static, type TSchema } from 'typebox';
import {
  AccessLevel,
  ShipmentActivityType,
  ShipmentLocationType,
  ShipmentStopType,
  TransitLegType,
} from '../catalogue/shipment.ts';
import { ShipmentStatus } from '../catalogue/shipment-status.ts';

const Id = Type.String({ minLength: 1, maxLength: 64 });
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

/** A status change of a shipment's transit leg (and so of the shipment), 000 §4. */
export const ShipmentStatusChangedV1 = Type.Object(
  {
    shipmentId: ShipmentId,
    version: Type.Integer({ minimum: 1, description: 'the shipment version this change produced' }),
    brokerId: Id,
    customerOrganizationId: Id,
    shipmentType: Type.Integer({ minimum: 1, description: 'shipment type bit flags, 002 §3.1' }),
    transitLegId: Id,
    transitLegType: LegType,
    change: Type.Union([Type.Literal('status'), Type.Literal('cancel'), Type.Literal('reinstate')], {
      description: 'status: a move between live statuses; cancel: choice -1; reinstate: out of Canceled',
    }),
    previousStatus: Status,
    status: Status,
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
  },
  { additionalProperties: false },
);
export type ShipmentUpdatedV1 = Static<typeof ShipmentUpdatedV1>;

/** A note written on a shipment (the status update's activity), for the activity service's log. */
export const ShipmentNoteAddedV1 = Type.Object(
  {
    noteId: Id,
    shipmentId: ShipmentId,
    brokerId: Id,
    customerOrganizationId: Id,
    activityType: Type.Enum(ShipmentActivityType.valueList, {
      description: 'shipment activity type, 002 §3.1',
    }),
    accessLevel: Type.Enum(AccessLevel.valueList, { description: 'Public 0, Private 1, Admin 2 (002 §3.1)' }),
    description: Type.String({ minLength: 1, maxLength: 4000 }),
    pinned: Type.Boolean(),
    createdBy: Actor,
    createdDate: Type.String({ format: 'date-time' }),
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
    billTo: Type.Union(
      [
        Type.Object(
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
        ),
        Type.Null(),
      ],
      { description: 'the bill-to now; null when it was deleted' },
    ),
    changedBy: Actor,
  },
  { additionalProperties: false },
);
export type ShipmentBillToChangedV1 = Static<typeof ShipmentBillToChangedV1>;

// ---------------------------------------------------------------------------------------------------------
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

export const subjects = {
  organizationChanged: 'tms.directory.organization.changed.v1',
  userChanged: 'tms.directory.user.changed.v1',
  shipmentStatusChanged: 'tms.shipments.status.changed.v1',
  shipmentUpdated: 'tms.shipments.shipment.updated.v1',
  shipmentNoteAdded: 'tms.shipments.note.added.v1',
  shipmentBillToChanged: 'tms.shipments.billto.changed.v1',
  // tracking
  locationAdded: 'tms.tracking.location.added.v1',
} as const;

export type Subject = (typeof subjects)[keyof typeof subjects];

/** Subject → payload schema; producers and consumers both validate against it. */
export const eventSchemas = {
  [subjects.organizationChanged]: OrganizationChangedV1,
  [subjects.userChanged]: UserChangedV1,
  [subjects.shipmentStatusChanged]: ShipmentStatusChangedV1,
  [subjects.shipmentUpdated]: ShipmentUpdatedV1,
  [subjects.shipmentNoteAdded]: ShipmentNoteAddedV1,
  [subjects.shipmentBillToChanged]: ShipmentBillToChangedV1,
  // tracking
  [subjects.locationAdded]: LocationAddedV1,
} as const satisfies Record<Subject, TSchema>;

export type EventData<S extends Subject> = Static<(typeof eventSchemas)[S]>;
