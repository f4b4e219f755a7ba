// Request and response schemas of the carriers routes (TypeBox). Enumerations come from the catalogue;
// the OpenAPI document (and the remote's types) are generated from these.
import {
  AuditCategory,
  AuditQuestionType,
  BrokerCarrierStatus,
  type BrokerCarrierStatusValue as BrokerCarrierStatusNumber,
  CarrierInsuranceState,
  CarrierInsuranceStatus,
  ContactType,
  PreferredRegionType,
  Region,
  STAR_SCORE_MAX,
} from '@loadline/contracts/catalogue';
import {
  CARRIER_LIST_DIRECTIONS,
  CARRIER_LIST_MAX_PAGE_SIZE,
  CARRIER_LIST_SEARCH_MAX,
  CARRIER_LIST_SORTS,
} from '@loadline/contracts/rules/carriers';
import { CalendarDate, ErrorBodySchema, pagerQuery } from '@loadline/platform';
import Type, { type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.String({ minLength: 1, maxLength: 64 });

export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

export const CarrierMasterIdParam = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'the carrier master id, e.g. car_demo_oldline',
});
export const BrokerIdParam = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "0 for the caller's broker, or the caller's broker id",
});
export const ShipmentIdParam = Type.Integer({ minimum: 1, description: 'the shipment number' });

const BrokerCarrierStatusValue = Type.Enum(BrokerCarrierStatus.valueList, {
  description: 'broker carrier status, 002 §3.7: Enabled 1, Blocked 2, Disabled 3',
});
const InsuranceStatusCode = Type.Enum(CarrierInsuranceStatus.codes, {
  description: 'carrier insurance status, 002 §3.7 (a code: the spec gives no numbers)',
});
const InsuranceStateCode = Type.Enum(CarrierInsuranceState.codes, {
  description: 'carrier insurance state, 002 §3.7: Pass, Expiring, Expired',
});
const PreferredRegionTypeValue = Type.Enum(PreferredRegionType.valueList, {
  description: 'preferred region type, 002 §3.1: Inbound 1, Outbound 2, Both 3',
});
const RegionValue = Type.Integer({
  minimum: 1,
  description: `region flag value, 002 §3.1 (${Region.entries.map((r) => `${r.name} ${r.value}`).join(', ')})`,
});
const AuditCategoryCode = Type.Enum(AuditCategory.codes, { description: 'audit category, 002 §3.9' });

const Stars = Nullable(Type.Number({ minimum: 0, maximum: STAR_SCORE_MAX }));

export const CarrierScoreOut = Type.Object(
  {
    carrierMasterId: Type.String(),
    totalAuditCount: Type.Integer(),
    pickupAuditCount: Type.Integer(),
    deliveryAuditCount: Type.Integer(),
    starScore: Stars,
    actualScore: Stars,
    pickupStarScore: Stars,
    actualPickupScore: Stars,
    deliveryStarScore: Stars,
    actualDeliveryScore: Stars,
  },
  {
    $id: 'CarrierScore',
    description:
      '000 §3 carrier score: star scores to the nearest half star, actual scores to 2 decimals, out of 5; null without audits',
  },
);

export const ComplianceReasonOut = Type.Object({
  code: Type.String(),
  message: Type.String({ description: "the catalogue's text of the code (CarrierComplianceReason)" }),
  detail: Type.Optional(
    Type.String({
      description:
        'what the message leaves out: for InsuranceExpired each expired coverage with its expiration date (MM/DD/YYYY), e.g. "Auto Liability expired 11/18/2026."',
    }),
  ),
});

export const ComplianceOut = Type.Object(
  {
    carrierMasterId: Type.String(),
    brokerCarrierId: Nullable(Type.String()),
    inCompliance: Type.Boolean(),
    reasons: Type.Array(ComplianceReasonOut),
    insuranceStatus: InsuranceStatusCode,
    insuranceStatusName: Type.String(),
    insuranceState: InsuranceStateCode,
    brokerCarrierStatus: Nullable(BrokerCarrierStatusValue),
    brokerCarrierStatusName: Nullable(Type.String()),
    authority: Type.Integer(),
    authorityName: Type.String(),
    dotStatus: Type.Integer(),
    dotStatusName: Type.String(),
    tsaCompliance: Type.Integer(),
    tsaComplianceName: Type.String(),
    carrierRating: Type.String(),
    carrierRatingName: Type.String(),
    mcNumber: Nullable(Type.String()),
    dotNumber: Nullable(Type.String()),
    asOf: CalendarDate,
  },
  { $id: 'CarrierCompliance', description: 'compliance info (000 §2 item 11)' },
);

export const InsuranceOut = Type.Object(
  {
    brokerCarrierInsuranceId: Type.String(),
    insuranceType: Type.String(),
    insurerName: Nullable(Type.String()),
    policyNumber: Nullable(Type.String()),
    coverageAmount: Nullable(Type.Number()),
    expirationDate: CalendarDate,
    insuranceStatus: InsuranceStatusCode,
    insuranceStatusName: Type.String(),
    insuranceState: InsuranceStateCode,
  },
  { $id: 'BrokerCarrierInsurance' },
);

export const ContactOut = Type.Object(
  {
    contactId: Type.String(),
    contactType: Type.Enum(ContactType.codes, { description: 'contact type, 002 §3.1' }),
    contactTypeName: Type.String(),
    name: Type.String(),
    phone: Nullable(Type.String()),
    email: Nullable(Type.String()),
  },
  { $id: 'CarrierContact' },
);

export const PreferredRegionOut = Type.Object(
  {
    regionId: RegionValue,
    regionName: Type.String(),
    type: PreferredRegionTypeValue,
    typeName: Type.String(),
  },
  { $id: 'BrokerCarrierPreferredRegion' },
);

export const CarrierDetailsOut = Type.Object(
  {
    carrierMasterId: Type.String(),
    carrierMasterName: Type.String(),
    scac: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    email: Nullable(Type.String()),
    mcNumber: Nullable(Type.String()),
    dotNumber: Nullable(Type.String()),
    city: Nullable(Type.String()),
    state: Nullable(Type.String()),
    zipCode: Nullable(Type.String()),
    brokerId: Type.String(),
    brokerCarrierId: Nullable(Type.String({ description: "null: the carrier is not in the broker's list" })),
    status: Nullable(BrokerCarrierStatusValue),
    statusName: Nullable(Type.String()),
    favorite: Type.Boolean(),
    inherited: Type.Boolean(),
    hasPortalLink: Type.Boolean(),
    starScore: Stars,
    totalAuditCount: Type.Integer(),
    brokerCarrierInsurances: Type.Array(Type.Ref('BrokerCarrierInsurance'), {
      description: 'the insurances not yet expired (000 §2 item 11), soonest expiry first',
    }),
    contacts: Type.Array(Type.Ref('CarrierContact')),
    brokerCarrierPreferredRegions: Type.Array(Type.Ref('BrokerCarrierPreferredRegion')),
    complianceInfo: Type.Ref('CarrierCompliance'),
    canEdit: Type.Boolean({
      description: 'the caller may edit in the preview (LSP Carrier Add/Edit, 001 §6)',
    }),
  },
  { $id: 'CarrierDetails', description: 'carrier details (000 §3, 001 §3 carrier)' },
);

export const MasterStateRegionsOut = Type.Object(
  {
    regions: Type.Array(
      Type.Object({
        regionId: Type.Integer(),
        code: Type.String(),
        name: Type.String(),
        states: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
      }),
    ),
    preferredRegionTypes: Type.Array(
      Type.Object({ value: Type.Integer(), code: Type.String(), name: Type.String() }),
    ),
  },
  { $id: 'MasterStateRegions' },
);

export const FavoriteIn = Type.Object(
  { brokerCarrierId: Id, favorite: Type.Boolean() },
  { additionalProperties: false },
);

export const StatusIn = Type.Object(
  { brokerCarrierId: Id, status: BrokerCarrierStatusValue },
  { additionalProperties: false },
);

export const PreferredRegionsIn = Type.Object(
  {
    brokerCarrierId: Id,
    regions: Type.Array(
      Type.Object({ regionId: Type.Integer(), type: Type.Integer() }, { additionalProperties: false }),
      { maxItems: 20, description: 'the whole list: regions left out are no longer preferred' },
    ),
  },
  { additionalProperties: false },
);

export const InsuranceIn = Type.Object(
  {
    brokerCarrierId: Id,
    brokerCarrierInsuranceId: Type.Optional(Id),
    insuranceType: Type.String({ minLength: 1, maxLength: 60 }),
    insurerName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    policyNumber: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    // numeric(14,2): at most 999,999,999,999.99.
    coverageAmount: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 999_999_999_999.99 }))),
    expirationDate: CalendarDate,
  },
  { additionalProperties: false },
);

export const PortalLinkOut = Type.Object({ brokerCarrierId: Type.String(), portalLink: Type.String() });

export const ShipmentComplianceOut = Type.Object(
  {
    shipmentId: Type.Integer(),
    carrierMasterId: Nullable(Type.String()),
    carrierMasterName: Nullable(Type.String()),
    inCompliance: Type.Boolean(),
    carrierConfirmationAvailable: Type.Boolean(),
    message: Nullable(
      Type.String({ description: 'why the carrier confirmation sheet is not available (001 §5)' }),
    ),
    reasons: Type.Array(ComplianceReasonOut),
  },
  { $id: 'ShipmentCarrierCompliance' },
);

export const AuditQuestionOut = Type.Object(
  {
    questionId: Type.String(),
    category: AuditCategoryCode,
    type: Type.Enum(AuditQuestionType.codes, { description: 'audit question type, 002 §3.9' }),
    text: Type.String(),
    options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), points: Type.Integer() }))),
  },
  { $id: 'AuditQuestion' },
);

const AuditOut = Type.Object({
  auditId: Type.String(),
  category: AuditCategoryCode,
  answers: Type.Record(Type.String(), Type.Union([Type.Boolean(), Type.Number(), Type.String()])),
  score: Type.Number({ description: 'the audit score out of 5, to 2 decimals' }),
  recordedBy: Type.String(),
  recordedDate: Type.String({ format: 'date-time' }),
});

export const ShipmentAuditsOut = Type.Object(
  {
    shipmentId: Type.Integer(),
    legs: Type.Array(
      Type.Object({
        transitLegId: Type.String(),
        status: Type.Integer(),
        serviceLevel: Nullable(Type.Integer()),
        transitType: Type.Integer(),
        carrierMasterName: Nullable(Type.String()),
        carrierMasterId: Nullable(Type.String()),
        weightUnit: Type.Integer(),
        pickupAuditShown: Type.Boolean({ description: '000 §4 leg audit visibility' }),
        deliveryAuditShown: Type.Boolean({ description: '000 §4 leg audit visibility' }),
        pickupAudit: Nullable(AuditOut),
        deliveryAudit: Nullable(AuditOut),
      }),
      { description: 'the carrier legs (000 §3 carrier leg summary) with their audits' },
    ),
  },
  { $id: 'ShipmentAudits' },
);

export const AuditIn = Type.Object(
  {
    shipmentId: Type.Integer({ minimum: 1 }),
    transitLegId: Id,
    category: AuditCategoryCode,
    answers: Type.Record(
      Type.String({ maxLength: 64 }),
      Type.Union([Type.Boolean(), Type.Number(), Type.String({ maxLength: 100 })]),
    ),
  },
  { additionalProperties: false },
);

export const AuditRecordedOut = Type.Object({
  auditId: Type.String(),
  score: Type.Number(),
  carrierScore: Type.Ref('CarrierScore'),
});

export const TerminalsQuery = Type.Object({
  shipmentId: Type.Optional(Type.Integer({ minimum: 1, description: 'the shipment' })),
  carrierCode: Type.Optional(Type.String({ maxLength: 10, description: "the carrier's SCAC" })),
  serviceLevel: Type.Optional(Type.Integer({ minimum: 0, description: 'service level, 002 §3.2' })),
  originZip: Type.Optional(Type.String({ maxLength: 10 })),
  originCountry: Type.Optional(
    Type.String({ maxLength: 60, description: '002 §3.1 country number or name' }),
  ),
  destinationZip: Type.Optional(Type.String({ maxLength: 10 })),
  destinationCountry: Type.Optional(Type.String({ maxLength: 60 })),
});

/** GET /api/brokerCarrier/list (decision 0118). */
const carrierListFilters = {
  search: Type.Optional(
    Type.String({
      maxLength: CARRIER_LIST_SEARCH_MAX,
      description:
        'the start of the name, SCAC or MC number, any case; an MC or DOT number ("612407", "MC 612407") also matches the start of its digits',
    }),
  ),
  // typed integer, so the query's text "2" is read as the number (an enum alone is not coerced)
  status: Type.Optional(
    Type.Unsafe<BrokerCarrierStatusNumber>({
      type: 'integer',
      enum: [...BrokerCarrierStatus.valueList],
      description: 'only carriers of this broker carrier status, 002 §3.7: Enabled 1, Blocked 2, Disabled 3',
    }),
  ),
  outOfCompliance: Type.Optional(
    Type.Boolean({ description: 'true: only carriers out of compliance (as last published)' }),
  ),
  sort: Type.Optional(
    Type.Enum(CARRIER_LIST_SORTS, {
      description:
        'the column to sort by (default name): name; status (its number); insuranceExpiry (the date the insurance status turns on; ascending, no insurance on file first); city (then state, none last). Ties by name, then carrier master id',
    }),
  ),
  direction: Type.Optional(Type.Enum(CARRIER_LIST_DIRECTIONS, { description: 'asc (default) or desc' })),
};

export const CarrierListQuery = Type.Object(
  { ...carrierListFilters, ...pagerQuery(CARRIER_LIST_MAX_PAGE_SIZE) },
  { additionalProperties: false },
);

/** The export takes the list's search, filters and order; it has no pages. */
export const CarrierListExportQuery = Type.Object(carrierListFilters, { additionalProperties: false });

export const CarrierListOut = Type.Object({
  items: Type.Array(
    Type.Object({
      brokerCarrierId: Type.String(),
      carrierMasterId: Type.String({ description: 'the carrier details page to open' }),
      name: Type.String(),
      scac: Nullable(Type.String()),
      mcNumber: Nullable(Type.String()),
      dotNumber: Nullable(Type.String()),
      city: Nullable(Type.String()),
      state: Nullable(Type.String()),
      status: BrokerCarrierStatusValue,
      statusName: Type.String(),
      favorite: Type.Boolean(),
      inherited: Type.Boolean(),
      inCompliance: Type.Boolean({ description: 'worked out for `asOf`' }),
      complianceReasons: Type.Array(ComplianceReasonOut, {
        description: 'each failed check; empty in compliance',
      }),
      insuranceStatus: InsuranceStatusCode,
      insuranceStatusName: Type.String(),
      insuranceState: InsuranceStateCode,
    }),
    { description: 'in the order asked (default by name), ties by name, then carrier master id' },
  ),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalCount: Type.Integer({ description: 'the carriers matching, on all pages' }),
  asOf: CalendarDate,
});

export const sharedSchemas = [
  CarrierScoreOut,
  ComplianceOut,
  InsuranceOut,
  ContactOut,
  PreferredRegionOut,
  CarrierDetailsOut,
  MasterStateRegionsOut,
  ShipmentComplianceOut,
  AuditQuestionOut,
  ShipmentAuditsOut,
];
