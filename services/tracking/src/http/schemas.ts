// Request and response schemas of the tracking routes (TypeBox). Enumerations come from the
// catalogue; the OpenAPI document (contracts/openapi/tracking.json) is generated from these.
import { ShipmentLocationType, ZIP_SEARCH_LIMIT } from '@loadline/contracts/catalogue';
import { CHECK_CALL_BATCH_MAX } from '@loadline/contracts/rules/tracking';
import { ErrorBodySchema } from '@loadline/platform';
import Type, { type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = (maxLength: number) => Type.String({ maxLength });

export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

export const ShipmentIdParam = Type.Integer({ minimum: 1, description: 'the shipment number' });
const LocationTypeValue = Type.Enum(ShipmentLocationType.valueList, {
  description: 'Informational 0, Origin 10, Destination 20, InTransit 30, Consolidation 40 (000 §3)',
});

export const Location = Type.Object(
  {
    locationId: Type.Integer(),
    shipmentId: Type.Integer(),
    locationType: LocationTypeValue,
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    mostRecentLocation: Type.Boolean(),
    locationStringFull: Type.String(),
    locationDateTime: Type.String({ format: 'date-time', description: 'the instant, in UTC' }),
    utcOffsetMinutes: Nullable(
      Type.Integer({
        description: "the place's offset from UTC then; null when the place has no known zone",
      }),
    ),
    localDateTime: Nullable(
      Type.String({
        description: "the wall clock at the place, 'YYYY-MM-DDTHH:mm:ss' (location-local time)",
      }),
    ),
    city: Nullable(Type.String()),
    state: Nullable(Type.String()),
    zipCode: Nullable(Type.String()),
    country: Nullable(Type.String()),
    source: Type.String({ description: 'staff, checkCall, statusUpdate, driver, trackingTest or demo' }),
    addedBy: Nullable(Type.String()),
    isArchived: Type.Boolean(),
  },
  { $id: 'Location' },
);

export const LastLocation = Type.Object(
  {
    shipmentId: Type.Integer(),
    locationStringFull: Nullable(Type.String()),
    locationDateTime: Nullable(Type.String({ format: 'date-time' })),
    utcOffsetMinutes: Nullable(Type.Integer()),
  },
  { $id: 'LastLocation' },
);

const placeFields = {
  streetAddress: Type.Optional(Nullable(Text(200))),
  city: Type.Optional(Nullable(Text(100))),
  state: Type.Optional(Nullable(Text(50))),
  zipCode: Type.Optional(Nullable(Text(20))),
  country: Type.Optional(Nullable(Text(60))),
};
const locationFields = {
  locationType: LocationTypeValue,
  locationDateTime: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 40,
        description:
          'ISO date-time: with Z or an offset an instant; without a zone the wall clock at the place (000 §5). Now when missing',
      }),
    ),
  ),
  // The column's range (a check constraint): outside it a 400 naming the field.
  latitude: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  longitude: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  ...placeFields,
  locationStringFull: Type.Optional(Nullable(Text(400))),
};

export const AddLocation = Type.Object(
  { shipmentId: ShipmentIdParam, ...locationFields },
  { additionalProperties: false },
);

export const CheckCallBatch = Type.Object(
  {
    locations: Type.Array(
      Type.Object({ shipmentId: ShipmentIdParam, ...locationFields }, { additionalProperties: false }),
      {
        minItems: 1,
        maxItems: CHECK_CALL_BATCH_MAX,
      },
    ),
  },
  { additionalProperties: false },
);

export const GeocodeQuery = Type.Object({ ...placeFields }, { additionalProperties: false });
export const Geocoded = Type.Object(
  {
    latitude: Type.Number(),
    longitude: Type.Number(),
    city: Type.String(),
    state: Type.String(),
    zipCode: Type.String(),
    country: Type.String(),
    precision: Type.Union([Type.Literal('zip'), Type.Literal('city')], {
      description: 'the position is the centre of the ZIP code, or of the city',
    }),
  },
  { $id: 'Geocoded' },
);

export const ZipLookup = Type.Object(
  {
    zip: Type.String(),
    city: Type.String(),
    state: Type.String(),
    country: Type.String({ description: 'USA or Canada (catalogue country codes)' }),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    timeZone: Nullable(
      Type.String({
        description:
          "the place's IANA time zone (e.g. America/Chicago): a location's time there is its wall clock, daylight saving included",
      }),
    ),
  },
  { $id: 'ZipLookup' },
);

export const ZipSearchQuery = Type.Object(
  {
    query: Type.String({
      maxLength: 100,
      description: 'the start of a ZIP code, or of a city ("Dayton, OH")',
    }),
  },
  { additionalProperties: false },
);
export const ZipSearchAnswer = Type.Array(Type.Ref('ZipLookup'), { maxItems: ZIP_SEARCH_LIMIT });

export const DriverLocationModel = Type.Object(
  {
    shipmentId: Type.Integer(),
    isValidStatus: Type.Boolean({
      description: 'a driver is on the load (Dispatched, In Transit, Out for Delivery)',
    }),
    driverCellPhoneNumber: Nullable(Type.String()),
  },
  { $id: 'DriverLocationModel' },
);

export const DriverLocationRequestIn = Type.Object(
  { shipmentId: ShipmentIdParam, driverCellPhoneNumber: Type.String({ maxLength: 40 }) },
  { additionalProperties: false },
);
export const DriverLocationRequestOut = Type.Object(
  {
    requestId: Type.String(),
    shipmentId: Type.Integer(),
    driverCellPhoneNumber: Type.String(),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'DriverLocationRequest' },
);

export const TrackingTestIn = Type.Object(
  {
    integrationSourceId: Type.Integer({ minimum: 0 }),
    shipmentId: ShipmentIdParam,
    proNumber: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export const TrackingTestOut = Type.Object(
  {
    result: Type.Boolean({ description: 'true: the carrier gave a new position and it was added' }),
    upToDate: Type.Boolean({
      description:
        'true: the shipment holds the carrier’s latest position (just added, already known, or the load is not moving), so nothing failed',
    }),
    message: Nullable(Type.String({ description: 'why nothing was added' })),
    location: Nullable(Type.Ref('Location')),
  },
  { $id: 'TrackingTestResult' },
);

export const TextMessageOut = Type.Object(
  {
    messageId: Type.Integer(),
    to: Type.String(),
    body: Type.String(),
    reference: Type.String(),
    sentAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'TextMessage' },
);

export const sharedSchemas = [
  Location,
  LastLocation,
  Geocoded,
  ZipLookup,
  DriverLocationModel,
  DriverLocationRequestOut,
  TrackingTestOut,
  TextMessageOut,
];
