// Request and response schemas of the shipments routes (TypeBox). Enumerations come from the
// catalogue; the OpenAPI document is generated from these.
import {
  AccessLevel,
  AccessorialType,
  CustomerTrendsRange,
  HazardClass,
  LengthUnit,
  ServiceLevelRange,
  ShipmentAlertTypeRange,
  ShipmentStatus,
  ShipmentStopType,
  TransitLegType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import {
  CARRIER_CHOICES_DEFAULT,
  CARRIER_CHOICES_MAX,
  CARRIER_CHOICES_SEARCH_MAX,
  localDateTimePattern,
  SHIPMENT_GRID_MAX_PAGE_SIZE,
  shipmentGridSortColumns,
  stopDateTimeChangePattern,
} from '@loadline/contracts/rules/shipments';
import { CalendarDate, pagerQuery } from '@loadline/platform';
import Type, { type TSchema } from 'typebox';

const Text = (maxLength: number) => Type.String({ maxLength });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ShipmentIdParam = Type.Integer({ minimum: 1, description: 'the shipment number' });
export const StatusValue = Type.Enum(ShipmentStatus.valueList, { description: 'shipment status, 002 §3.1' });
export const TransitLegTypeValue = Type.Enum(TransitLegType.valueList, {
  description: 'transit leg type, 002 §3.1',
});
export const StopTypeCode = Type.Enum(ShipmentStopType.codes, { description: 'stop type, 002 §3.1' });

const LocalDateTimeIn = Type.String({
  pattern: localDateTimePattern,
  description: 'wall-clock date-time at the stop, ISO without zone (000 §5); a missing time counts as 00:00',
});
const LocalDateTimeOut = Nullable(
  Type.String({ description: "wall-clock 'YYYY-MM-DDTHH:mm:ss' at the stop" }),
);

const optionalAddressIn = {
  companyName: Type.Optional(Nullable(Text(200))),
  streetAddress: Type.Optional(Nullable(Text(200))),
  streetAddressTwo: Type.Optional(Nullable(Text(200))),
  city: Type.Optional(Nullable(Text(100))),
  state: Type.Optional(Nullable(Text(50))),
  zipCode: Type.Optional(Nullable(Text(20))),
  country: Type.Optional(Nullable(Text(60))),
};
const addressOut = {
  companyName: Nullable(Type.String()),
  streetAddress: Nullable(Type.String()),
  streetAddressTwo: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  country: Nullable(Type.String()),
};

// ---------------------------------------------------------------------------------------------------------
// Creating a shipment.

export const TransitLegIn = Type.Object(
  {
    transitType: TransitLegTypeValue,
    active: Type.Optional(
      Type.Boolean({ description: 'the leg the edit-status view shows; default the linehaul' }),
    ),
    carrierMasterId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
    carrierMasterName: Type.Optional(Nullable(Text(200))),
    carrierPhone: Type.Optional(Nullable(Text(40))),
    serviceLevel: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: ServiceLevelRange.min,
          maximum: ServiceLevelRange.max,
          description: 'service level, 002 §3.2',
        }),
      ),
    ),
    scac: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z]{2,4}$' }))),
    trackingUrl: Type.Optional(Nullable(Text(2000))),
    proNumber: Type.Optional(Nullable(Text(100))),
    integrationEnableAPITracking: Type.Optional(Type.Boolean()),
    trackingIntegrationEnableAPITracking: Type.Optional(Type.Boolean()),
    trackingIntegrationSourceId: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    integrationSourceId: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  },
  { additionalProperties: false },
);

export const StopIn = Type.Object(
  {
    stopType: StopTypeCode,
    ...optionalAddressIn,
    scheduledReadyDateTime: Type.Optional(Nullable(LocalDateTimeIn)),
    scheduledCloseDateTime: Type.Optional(Nullable(LocalDateTimeIn)),
    appointmentReadyDateTime: Type.Optional(Nullable(LocalDateTimeIn)),
    appointmentEndDateTime: Type.Optional(Nullable(LocalDateTimeIn)),
    actualArrivalDateTime: Type.Optional(Nullable(LocalDateTimeIn)),
    actualDepartureDateTime: Type.Optional(Nullable(LocalDateTimeIn)),
  },
  { additionalProperties: false },
);

export const ReferenceIn = Type.Object(
  {
    referenceType: Type.Optional(
      Type.Integer({ description: 'the 002 §3.3 number, where the spec shows one' }),
    ),
    referenceTypeCode: Type.Optional(
      Type.String({ maxLength: 64, description: 'the catalogue code (for types without a number)' }),
    ),
    value: Type.String({ minLength: 1, maxLength: 200 }),
    transitLegIndex: Type.Optional(
      Type.Integer({ minimum: 0, description: 'the leg (index in transitLegs) the reference belongs to' }),
    ),
  },
  { additionalProperties: false },
);

const PackageTypeValue = Type.Integer({ minimum: 0, maximum: 10_000, description: 'package type, 002 §3.1' });

export const HazmatIn = Type.Object(
  {
    unNumber: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'UN or NA and 4 digits, e.g. UN1263' })),
    ),
    properShippingName: Type.Optional(Nullable(Text(500))),
    hazardClass: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description: `hazard class, 002 §3.1: ${HazardClass.entries.map((c) => c.name).join(', ')}`,
        }),
      ),
    ),
    packingGroup: Type.Optional(
      Nullable(Type.Integer({ minimum: 0, maximum: 9, description: 'none 0, I 1, II 2, III 3' })),
    ),
    emergencyContactName: Type.Optional(Nullable(Text(200))),
    emergencyContactPhone: Type.Optional(Nullable(Text(40))),
  },
  { additionalProperties: false },
);

export const CommodityIn = Type.Object(
  {
    description: Type.Optional(Nullable(Text(500))),
    pieces: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    packageType: Type.Optional(Nullable(PackageTypeValue)),
    handlingUnits: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    handlingUnitType: Type.Optional(Nullable(PackageTypeValue)),
    weight: Type.Optional(
      Nullable(
        Type.Number({
          minimum: 0,
          maximum: 9_999_999_999,
          description: "the line's weight, in the shipment's unit",
        }),
      ),
    ),
    length: Type.Optional(
      Nullable(
        Type.Number({
          minimum: 0,
          maximum: 1_000_000,
          description: "one piece, in the shipment's dimension unit",
        }),
      ),
    ),
    width: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
    height: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
    freightClass: Type.Optional(
      Nullable(
        Type.Number({
          minimum: 0,
          maximum: 500,
          description:
            'freight class, 002 §3.1 (77 or 77.5, 92 or 92.5); missing: from density on the broker’s scale',
        }),
      ),
    ),
    nmfc: Type.Optional(Nullable(Text(20))),
    hazardous: Type.Optional(Type.Boolean({ description: 'hazardous material (accessorial 46)' })),
    hazmat: Type.Optional(Nullable(HazmatIn)),
  },
  { additionalProperties: false },
);

export const ShipmentCreate = Type.Object(
  {
    customerOrganizationId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'required for staff; a customer user’s own by default',
      }),
    ),
    shipmentType: Type.Integer({ minimum: 1, description: 'shipment type bit flags, 002 §3.1' }),
    status: Type.Optional(StatusValue),
    transitDays: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 365 }))),
    weightUnit: Type.Optional(Type.Enum(WeightUnit.valueList, { description: 'lbs 0, kg 1' })),
    totalWeight: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 9_999_999_999 }))),
    dimensionUnit: Type.Optional(Type.Enum(LengthUnit.valueList, { description: 'in 0, cm 1, ft 2, m 3' })),
    totalHandlingUnits: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    originBaseUTCOffset: Type.Optional(Nullable(Type.Number({ minimum: -12, maximum: 14 }))),
    lockdownMarketplaceBuyer: Type.Optional(Type.Boolean()),
    consolidationParentId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    shipmentAlertTypes: Type.Optional(
      Type.Array(Type.Integer({ minimum: ShipmentAlertTypeRange.min, maximum: ShipmentAlertTypeRange.max }), {
        maxItems: 50,
      }),
    ),
    transitLegs: Type.Optional(Type.Array(TransitLegIn, { minItems: 1, maxItems: 20 })),
    stops: Type.Array(StopIn, { minItems: 2, maxItems: 50 }),
    referenceNumbers: Type.Optional(Type.Array(ReferenceIn, { maxItems: 100 })),
    billTo: Type.Optional(
      Nullable(
        Type.Object(
          { ...optionalAddressIn, transitLegIndex: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))) },
          { additionalProperties: false },
        ),
      ),
    ),
    commodities: Type.Optional(Type.Array(CommodityIn, { maxItems: 200 })),
    accessorials: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 100_000 }), {
        maxItems: 100,
        description: 'accessorial ids from the checklist (GET /api/shipments/accessorials); 46 is hazardous',
      }),
    ),
    specialInstructions: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------------------
// A shipment as the API answers it.

const TransitLegOut = Type.Object(
  {
    transitLegId: Type.String(),
    sequence: Type.Integer(),
    transitType: Type.Integer(),
    status: Type.Integer(),
    active: Type.Boolean(),
    carrierMasterId: Nullable(Type.String()),
    carrierMasterName: Nullable(Type.String()),
    carrierPhone: Nullable(Type.String()),
    serviceLevel: Nullable(Type.Integer()),
    scac: Nullable(Type.String()),
    trackingUrl: Nullable(Type.String()),
    integrationEnableAPITracking: Type.Boolean(),
    trackingIntegrationEnableAPITracking: Type.Boolean(),
    trackingIntegrationSourceId: Nullable(Type.Integer()),
    integrationSourceId: Nullable(Type.Integer()),
  },
  { $id: 'TransitLeg' },
);

const StopOut = Type.Object(
  {
    stopId: Type.String(),
    sequence: Type.Integer(),
    stopType: Type.String({ description: 'FirstPick, LastDrop, Pick, Drop or Both' }),
    ...addressOut,
    scheduledReadyDateTime: LocalDateTimeOut,
    scheduledCloseDateTime: LocalDateTimeOut,
    appointmentReadyDateTime: LocalDateTimeOut,
    appointmentEndDateTime: LocalDateTimeOut,
    actualArrivalDateTime: LocalDateTimeOut,
    actualDepartureDateTime: LocalDateTimeOut,
  },
  { $id: 'ShipmentTransitStop' },
);

const ReferenceOut = Type.Object(
  {
    referenceId: Type.String(),
    referenceType: Nullable(Type.Integer({ description: '002 §3.3 number; null where the spec shows none' })),
    referenceTypeCode: Type.String(),
    value: Type.String(),
    transitLegId: Nullable(Type.String()),
  },
  { $id: 'ShipmentReferenceNumber' },
);

const HazmatOut = Type.Object({
  unNumber: Type.String(),
  properShippingName: Type.String(),
  hazardClass: Type.String(),
  packingGroup: Type.Integer(),
  emergencyContactName: Nullable(Type.String()),
  emergencyContactPhone: Nullable(Type.String()),
});

const CommodityOut = Type.Object({
  commodityId: Type.String(),
  sequence: Type.Integer(),
  description: Type.String(),
  pieces: Type.Integer(),
  packageType: Nullable(Type.Integer()),
  handlingUnits: Nullable(Type.Integer()),
  handlingUnitType: Nullable(Type.Integer()),
  weight: Type.Number(),
  length: Nullable(Type.Number()),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  freightClass: Nullable(Type.Integer({ description: 'freight class, 002 §3.1 (77 is 77.5, 92 is 92.5)' })),
  nmfc: Nullable(Type.String()),
  hazardous: Type.Boolean(),
  hazmat: Nullable(HazmatOut),
});

export const ShipmentOut = Type.Object(
  {
    shipmentId: Type.Integer(),
    version: Type.Integer(),
    brokerId: Type.String(),
    customerOrganizationId: Type.String(),
    customerName: Nullable(Type.String()),
    shipmentType: Type.Integer(),
    status: Type.Integer(),
    transitDays: Nullable(Type.Integer()),
    weightUnit: Type.Integer(),
    totalWeight: Nullable(Type.Number()),
    dimensionUnit: Type.Integer(),
    totalHandlingUnits: Nullable(Type.Integer()),
    originBaseUTCOffset: Nullable(Type.Number()),
    lockdownMarketplaceBuyer: Type.Boolean(),
    noAccountingInvoice: Type.Boolean(),
    lostQuote: Type.Boolean(),
    shipmentAlertTypes: Type.Array(Type.Integer()),
    carrierChangeRefusal: Nullable(
      Type.String({
        description: "why the leg's carrier may not change now (decision 0117); null when it may",
      }),
    ),
    consolidationParentId: Nullable(Type.Integer()),
    consolidationChildIds: Type.Array(Type.Integer()),
    createdDate: Type.String({ format: 'date-time' }),
    createdBy: Type.String(),
    lastOpsUpdate: Type.String({ format: 'date-time' }),
    transitLegs: Type.Array(Type.Ref('TransitLeg')),
    stops: Type.Array(Type.Ref('ShipmentTransitStop')),
    referenceNumbers: Type.Array(Type.Ref('ShipmentReferenceNumber')),
    billTo: Nullable(
      Type.Object({ shipmentId: Type.Integer(), transitLegId: Nullable(Type.String()), ...addressOut }),
    ),
    alerts: Type.Array(
      Type.Object({
        alertId: Type.String(),
        alertType: Type.Integer(),
        resolved: Type.Boolean(),
        createdDate: Type.String({ format: 'date-time' }),
      }),
    ),
    commodities: Type.Array(CommodityOut),
    accessorials: Type.Array(Type.Object({ accessorialId: Type.Integer(), name: Type.String() })),
    specialInstructions: Nullable(Type.String()),
  },
  { $id: 'Shipment' },
);

// ---------------------------------------------------------------------------------------------------------
// The order page's accessorials checklist and the customer trends widget.

export const ChecklistQuery = Type.Object(
  {
    originZip: Type.Optional(Text(20)),
    originState: Type.Optional(Text(50)),
    originCountry: Type.Optional(Text(60)),
    destinationZip: Type.Optional(Text(20)),
    destinationState: Type.Optional(Text(50)),
    destinationCountry: Type.Optional(Text(60)),
  },
  { additionalProperties: false },
);

export const ChecklistOut = Type.Array(
  Type.Object({
    accessorialType: Type.Integer({
      description: `accessorial type, 002 §3.5: ${AccessorialType.entries.map((t) => `${t.name} ${t.value}`).join(', ')}`,
    }),
    name: Type.String(),
    accessorials: Type.Array(
      Type.Object({
        accessorialId: Type.Integer(),
        name: Type.String(),
        selected: Type.Boolean({ description: 'checked when the page opens' }),
        required: Type.Boolean({ description: 'checked and locked' }),
        hazardous: Type.Boolean({ description: 'accessorial 46: marks the commodity hazardous' }),
      }),
    ),
  }),
);

export const CustomerTrendsOut = Type.Object({
  customerOrganizationId: Type.String(),
  ranges: Type.Array(
    Type.Object({
      range: Type.Enum(CustomerTrendsRange.codes, { description: '001 §2 customer trends range' }),
      name: Type.String(),
      from: CalendarDate,
      to: CalendarDate,
      shipmentCount: Type.Integer({ minimum: 0 }),
      spendCents: Type.Integer({
        description: "what the shipments sell for, in cents (accounting's charge lines)",
      }),
    }),
  ),
});

export const sharedSchemas = [TransitLegOut, StopOut, ReferenceOut, ShipmentOut];

/** 000 §3 "Shipment (edit-status view)", answered by GET /api/ShipmentUpdateStatus/shipmentdetails/{id}. */
export const ShipmentDetails = Type.Object({
  shipmentId: Type.Integer(),
  status: Type.Integer(),
  shipmentType: Type.Integer(),
  transitDays: Nullable(Type.Integer()),
  weightUnit: Type.Integer(),
  totalWeight: Nullable(Type.Number()),
  dimensionUnit: Type.Integer(),
  brokerId: Type.String(),
  originBaseUTCOffset: Nullable(Type.Number()),
  lockdownMarketplaceBuyer: Type.Boolean(),
  shipmentAlertTypes: Type.Array(Type.Integer()),
  activeTransitLeg: Nullable(
    Type.Object({
      transitLegId: Type.String(),
      status: Type.Integer(),
      transitType: Type.Integer(),
      carrierMasterId: Nullable(Type.String()),
      carrierMasterName: Nullable(Type.String()),
      carrierPhone: Nullable(Type.String()),
      serviceLevel: Nullable(Type.Integer()),
      scac: Nullable(Type.String()),
      trackingUrl: Nullable(Type.String({ description: 'may contain the pro-number placeholder' })),
      shipmentTransitlegTariff: Type.Object({
        integrationEnableAPITracking: Type.Boolean(),
        trackingIntegrationEnableAPITracking: Type.Boolean(),
        trackingIntegrationSourceId: Nullable(Type.Integer()),
        integrationSourceId: Nullable(Type.Integer()),
      }),
    }),
  ),
  shipmentTransitStops: Type.Array(Type.Ref('ShipmentTransitStop')),
  shipmentTransitReferenceNumbers: Type.Array(Type.Ref('ShipmentReferenceNumber')),
  suggestedStatuses: Type.Object(
    {
      previous: Nullable(Type.Integer()),
      next: Nullable(Type.Integer()),
      other: Nullable(Type.Integer()),
    },
    {
      description:
        "000 §4 suggestions for the active leg status, within the shipment's set: the modal's buttons (the screen computes none of them)",
    },
  ),
  manualStatuses: Type.Array(Type.Integer(), {
    description:
      "000 §4 the custom picker's list, in order: every status of the shipment's set but Canceled and Complete (the screen adds '--Select--'); those not in allowedStatuses are shown disabled",
  }),
  allowedStatuses: Type.Array(Type.Integer(), {
    description: 'every status an update may move the active leg to (our rules, README.md); cancel apart',
  }),
  canCancel: Type.Boolean({
    description: 'the picker offers Canceled (the choice -1): the active leg may still be canceled',
  }),
});

// ---------------------------------------------------------------------------------------------------------
// The list.

const listFilters = {
  status: Type.Optional(
    Type.Array(Type.Integer(), {
      maxItems: 20,
      description: 'shipment statuses (002 §3.1); repeat for several',
    }),
  ),
  customerOrganizationId: Type.Optional(Type.String({ maxLength: 64 })),
  shipmentType: Type.Optional(
    Type.Integer({ minimum: 1, description: 'shipments with any of these type bits' }),
  ),
  text: Type.Optional(Type.String({ maxLength: 200 })),
  shipDateFrom: Type.Optional(CalendarDate),
  shipDateTo: Type.Optional(CalendarDate),
  sortBy: Type.Optional(
    Type.Enum(shipmentGridSortColumns, { description: 'a domestic grid column with values (002 §3.11)' }),
  ),
  sortDirection: Type.Optional(Type.Enum(['asc', 'desc'])),
  columns: Type.Optional(
    Type.Array(Type.String({ maxLength: 2000 }), {
      maxItems: 100,
      description:
        'grid column codes (002 §3.11, plus ProNumber), repeated or comma-separated; default: the saved choice, else the 14 default columns',
    }),
  ),
  fileName: Type.Optional(
    Type.String({ maxLength: 100, description: 'CSV export: the file name (.csv is added)' }),
  ),
};

export const ListQuery = Type.Object({
  ...listFilters,
  ...pagerQuery(SHIPMENT_GRID_MAX_PAGE_SIZE),
  format: Type.Optional(
    Type.Enum(['json', 'csv'], { description: 'csv: the CSV export (as /api/shipments/export.csv)' }),
  ),
});

export const ExportQuery = Type.Object(listFilters);

const GridColumn = Type.Object(
  {
    code: Type.String(),
    value: Nullable(Type.Integer({ description: 'the 002 §3.11 column number; null for ProNumber' })),
    name: Type.String(),
    filled: Type.Boolean({ description: 'false: this service holds no value for it yet (empty cells)' }),
    sortable: Type.Boolean(),
  },
  { $id: 'GridColumn' },
);

export const GridCell = Nullable(Type.Union([Type.String(), Type.Number(), Type.Array(Type.Integer())]));

export const ListAnswer = Type.Object({
  columns: Type.Array(Type.Ref('GridColumn'), { description: 'the columns shown, in order' }),
  items: Type.Array(
    Type.Object({
      shipmentId: Type.Integer(),
      customerOrganizationId: Type.String(),
      customerName: Nullable(Type.String()),
      shipmentType: Type.Integer(),
      status: Type.Integer(),
      shipDate: LocalDateTimeOut,
      deliveryDate: LocalDateTimeOut,
      fromCity: Nullable(Type.String()),
      fromState: Nullable(Type.String()),
      toCity: Nullable(Type.String()),
      toState: Nullable(Type.String()),
      carrierName: Nullable(Type.String()),
      proNumber: Nullable(Type.String()),
      alerts: Type.Array(Type.Integer()),
      lastOpsUpdate: Type.String({ format: 'date-time' }),
      totalWeight: Nullable(Type.Number()),
      weightUnit: Type.Integer(),
      transitDays: Nullable(Type.Integer()),
      cells: Type.Record(Type.String(), GridCell, {
        description:
          'column code → value: numbers stay numbers (Status is the status value, Alerts the open alert types), stop times wall-clock ISO, LastOpsUpdate an instant',
      }),
    }),
  ),
  totalCount: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const GridColumnsAnswer = Type.Object({
  columns: Type.Array(Type.String(), { description: 'the columns the grid shows for you, in order' }),
  saved: Type.Boolean({ description: 'false: you have not chosen; these are the defaults' }),
  defaultColumns: Type.Array(Type.String()),
  available: Type.Array(Type.Ref('GridColumn'), { description: 'every column you may choose' }),
});

export const GridColumnsChoice = Type.Object(
  {
    columns: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 }),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------------------
// The status update (000 §3).

const DateTimeChange = Type.Optional(
  Nullable(
    Type.String({
      pattern: stopDateTimeChangePattern,
      description:
        'wall-clock date-time at the stop, ISO without zone (000 §5): a missing time counts as 00:00, a time alone (HH:mm) is today at the origin',
    }),
  ),
);

export const StatusUpdate = Type.Object(
  {
    shipmentId: ShipmentIdParam,
    status: Type.Integer({ description: 'the new status (002 §3.1), or -1 to cancel' }),
    location: Type.Optional(Nullable(Text(200))),
    activity: Type.Optional(Nullable(Text(4000))),
    accessLevel: Type.Optional(
      Type.Enum(AccessLevel.valueList, { description: 'of the note: Public 0, Private 1, Admin 2' }),
    ),
    pinActivity: Type.Optional(Type.Boolean()),
    proNumber: Type.Optional(Nullable(Text(100))),
    transitLegReferenceNumber: Type.Optional(Nullable(Text(200))),
    pickupReadyDateTime: DateTimeChange,
    pickupCloseDateTime: DateTimeChange,
    pickupAppointmentBeginDateTime: DateTimeChange,
    pickupAppointmentEndDateTime: DateTimeChange,
    actualPickupArrivalDateTime: DateTimeChange,
    actualPickupDepartureDateTime: DateTimeChange,
    deliveryEstimatedDateTime: DateTimeChange,
    deliveryCloseDateTime: DateTimeChange,
    deliveryAppointmentBeginDateTime: DateTimeChange,
    deliveryAppointmentEndDateTime: DateTimeChange,
    proofOfDeliveryArrivalDateTime: DateTimeChange,
    proofOfDeliveryDepartureDateTime: DateTimeChange,
    proofOfDeliverySignedBy: Type.Optional(Nullable(Text(200))),
    noAccountingInvoice: Type.Optional(Type.Boolean()),
    transitType: Type.Optional(Nullable(TransitLegTypeValue)),
    reinstateShipment: Type.Optional(Type.Boolean()),
    addSystemAlertLostQuote: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    description: 'A field left out is unchanged; null clears it.',
  },
);

export const StatusUpdateAnswer = Type.Object({
  shipmentStatus: Type.Integer(),
  transitLegStatus: Type.Integer(),
  status: Type.Integer({ description: 'the status the update applied (Canceled for -1)' }),
  activityCreatedDate: Nullable(Type.String({ format: 'date-time' })),
  activityDescription: Nullable(Type.String()),
  activityCreatedBy: Nullable(Type.String()),
  noAccountingInvoice: Type.Boolean(),
  actualArrivalDateTime: LocalDateTimeOut,
  actualDepartureDateTime: LocalDateTimeOut,
  voidedInsuranceCertificate: Type.Boolean(),
  shipmentDispatchTried: Type.Boolean(),
  shipmentDispatched: Type.Boolean(),
  shipmentDispatchErrors: Type.Array(Type.Object({ errorMessage: Type.String() })),
});

/** Shared schemas registered after the others (referenced by $id). */
export const listSchemas = [GridColumn];

// ---------------------------------------------------------------------------------------------------------
// The other calls of 000 §7.

export const ProDuplicatesQuery = Type.Object({
  shipmentId: Type.Optional(ShipmentIdParam),
  carrierId: Type.Optional(Type.String({ maxLength: 64, description: 'the carrier master id of the leg' })),
  proNumber: Type.Optional(Type.String({ maxLength: 100 })),
  referenceType: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'the pro-number reference type (number or code); any pro-number type when left out',
    }),
  ),
});

export const TrackingLinkAnswer = Type.Object({
  trackingLink: Nullable(
    Type.String({
      description:
        "the active leg's tracking URL with https added when it has no scheme and {ProNumber} replaced; null without a URL or a pro number (the screen says 'Unable to get Tracking link!')",
    }),
  ),
});

const TypeData = {
  shipmentType: Type.Integer({ description: 'shipment type bit flags, 002 §3.1' }),
  shipmentTypeCodes: Type.Array(Type.String()),
  isInternational: Type.Boolean(),
  isDomestic: Type.Boolean(),
  isOcean: Type.Boolean({ description: 'opens on the ocean page when its feature flag is on (000 §2)' }),
};

export const ShipmentDomesticAnswer = Type.Object({
  shipmentId: Type.Integer(),
  ...TypeData,
  status: Type.Integer(),
  createdDate: Type.String({ format: 'date-time' }),
  yearOld: Type.Boolean({ description: 'created at least a year ago (000 §4): archives are offered' }),
  brokerId: Type.String(),
  customerOrganizationId: Type.String(),
  customerName: Nullable(Type.String()),
  transitDays: Nullable(Type.Integer()),
  consolidationParentId: Nullable(Type.Integer()),
  consolidationChildIds: Type.Array(Type.Integer()),
});

export const ShipmentSearchDetailsAnswer = Type.Object({
  shipmentId: Type.Integer(),
  ...TypeData,
  status: Type.Integer(),
});

const billToAddressIn = {
  companyName: Type.Optional(Nullable(Text(200))),
  streetAddress: Type.Optional(Nullable(Text(200))),
  streetAddressTwo: Type.Optional(Nullable(Text(200))),
  city: Type.Optional(Nullable(Text(100))),
  state: Type.Optional(Nullable(Text(50))),
  zipCode: Type.Optional(Nullable(Text(20))),
  country: Type.Optional(Nullable(Text(60))),
};

export const BillToQuery = Type.Object({
  shipmentId: ShipmentIdParam,
  transitLegId: Type.Optional(Type.String({ maxLength: 64 })),
});

export const BillToIn = Type.Object(
  {
    shipmentId: ShipmentIdParam,
    transitLegId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
    ...billToAddressIn,
  },
  { additionalProperties: false },
);

export const BillToOut = Type.Object({
  shipmentId: Type.Integer(),
  transitLegId: Nullable(Type.String()),
  ...addressOut,
  exists: Type.Boolean({ description: 'false: the shipment has no bill-to (the address fields are null)' }),
});

export const AlertSearchQuery = Type.Object({
  isAdminPage: Type.Optional(
    Type.Boolean({ description: 'the alerts admin page (staff): adds the open count of each type' }),
  ),
});

const AlertSettingsOut = Type.Object({
  color: Type.String({ description: 'red, amber, blue or grey' }),
  icon: Type.String(),
});

export const AlertDefinitionOut = Type.Object({
  alertId: Type.Integer({ description: 'the alert type, 002 §3.4' }),
  type: Type.Integer(),
  displayName: Nullable(Type.String()),
  settings: AlertSettingsOut,
  systemRaised: Type.Boolean(),
  openCount: Type.Optional(Type.Integer({ description: 'admin page: open alerts of this type' })),
});

export const ShipmentAlertOut = Type.Object({
  alertId: Type.String(),
  type: Nullable(
    Type.Integer({ description: 'the alert type, 002 §3.4; null for the lost-quote system alert (000 §4)' }),
  ),
  code: Nullable(Type.String({ description: 'LostQuote for the lost-quote system alert; null otherwise' })),
  displayName: Nullable(Type.String({ description: 'null for a type the catalogue does not name' })),
  settings: AlertSettingsOut,
  systemRaised: Type.Boolean(),
  resolved: Type.Boolean(),
  createdDate: Type.String({ format: 'date-time' }),
  resolvedDate: Nullable(Type.String({ format: 'date-time' })),
});

export const CreditHoldCheck = Type.Object(
  {
    shipmentId: ShipmentIdParam,
    newtransitLegStatus: Type.Optional(
      Type.Integer({ description: '000 §7 spells it so; newTransitLegStatus is accepted too' }),
    ),
    newTransitLegStatus: Type.Optional(Type.Integer()),
    trainsitType: Type.Optional(
      Nullable(Type.Integer({ description: '000 §7 spells it so; transitType is accepted too' })),
    ),
    transitType: Type.Optional(Nullable(Type.Integer())),
  },
  { additionalProperties: false },
);

export const UniversalSearchQuery = Type.Object({
  query: Type.String({ maxLength: 200 }),
  organizationType: Type.Optional(Type.Integer({ description: 'ignored for shipments' })),
  maxResults: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
});

export const UniversalSearchResult = Type.Object({
  universalSearchResultType: Type.Integer({ description: '5: shipment (001 §3)' }),
  organizationId: Nullable(Type.String({ description: "the shipment's customer organization" })),
  staffId: Nullable(Type.String()),
  shipmentId: Nullable(Type.String()),
  updateStatusText: Type.String({ description: 'the line shown for the result' }),
});

// ---------------------------------------------------------------------------------------------------------
// A shipment's carrier (decision 0117).

export const CarrierAssignmentIn = Type.Object(
  {
    transitLegId: Type.Optional(
      Nullable(
        Type.String({ minLength: 1, maxLength: 64, description: 'the leg; by default the active one' }),
      ),
    ),
    carrierMasterId: Nullable(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "one of the broker's carriers, in compliance; null takes the carrier off the leg",
      }),
    ),
    keepCarrierReferences: Type.Optional(
      Type.Boolean({
        description:
          "keep the leg's pro numbers, drivers, truck and dispatcher of the previous carrier (CarrierReferenceCodes); by default they are cleared with it, and the activity entry names them with their values",
      }),
    ),
  },
  { additionalProperties: false },
);

export const CarrierChoicesQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({
        maxLength: CARRIER_CHOICES_SEARCH_MAX,
        description: "the start of the carrier's name or SCAC, any case",
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: CARRIER_CHOICES_MAX,
        description: `at most this many; ${CARRIER_CHOICES_DEFAULT} when left out`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const CarrierChoicesOut = Type.Object(
  {
    carriers: Type.Array(
      Type.Object(
        {
          carrierMasterId: Type.String(),
          name: Type.String(),
          scac: Nullable(Type.String()),
          phone: Nullable(Type.String()),
          status: Type.String({ description: 'broker carrier status, 002 §3.7' }),
          inCompliance: Type.Boolean(),
          refusal: Nullable(
            Type.String({ description: 'why the carrier may not go on a leg; null when it may' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
