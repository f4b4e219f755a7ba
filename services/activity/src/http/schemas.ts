// Request and response schemas of the activity routes (TypeBox). Enumerations come from the catalogue;
// the OpenAPI document (contracts/openapi/activity.json) is generated from these.
import {
  ACTIVITY_DELAY_OPTIONS_MINUTES,
  AccessLevel,
  BrokerCarrierActivityType,
  EmailAutomationType,
  OrganizationLogActivityType,
  SHIPMENT_ACTIVITY_PAGE_SIZE,
  ShipmentActivityType,
} from '@loadline/contracts/catalogue';
import {
  ACTIVITY_DESCRIPTION_MAX_LENGTH,
  ACTIVITY_LOG_REMAINING_MAX,
} from '@loadline/contracts/rules/activity';
import { ErrorBodySchema } from '@loadline/platform';
import Type, { type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.String({ minLength: 1, maxLength: 64 });

export const ShipmentIdParam = Type.Integer({ minimum: 1, description: 'the shipment number' });
export const ActivityIdParam = Type.Integer({ minimum: 1, description: 'the activity entry id' });
const AccessLevelValue = Type.Enum(AccessLevel.valueList, {
  description: 'Public 0, Private 1, Admin 2 (002 §3.1)',
});
const ActivityTypeValue = Type.Enum(ShipmentActivityType.valueList, {
  description: 'shipment activity type, 002 §3.1 (All 0 is a filter only)',
});
const Description = Type.String({ maxLength: ACTIVITY_DESCRIPTION_MAX_LENGTH });

export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

// ---------------------------------------------------------------------------------------------------------
// Shipment activity (000 §3).

export const ShipmentActivity = Type.Object(
  {
    id: Type.Integer(),
    shipmentId: Type.Integer(),
    activityType: Type.Integer({ description: 'shipment activity type, 002 §3.1' }),
    activityTypeName: Type.String(),
    accessLevel: Type.Integer({ description: 'Public 0, Private 1, Admin 2' }),
    description: Type.String(),
    activityDescription: Type.String({ description: 'the description again, by the name 000 §3 also uses' }),
    presetPayableNote: Nullable(Type.Integer()),
    presetAuditNote: Nullable(Type.Integer()),
    isAssignment: Type.Boolean(),
    assignmentDelayMinutes: Nullable(Type.Integer()),
    assignToStaffId: Nullable(Type.String()),
    assignToStaffName: Nullable(Type.String()),
    isTeam: Type.Boolean({ description: "assigned to the broker's team rather than one staff member" }),
    assignmentDueDate: Nullable(
      Type.String({ format: 'date-time', description: 'when it is (or becomes) assigned' }),
    ),
    isAssigned: Type.Boolean({
      description: 'an assignment that is assigned (delay 0, or its delay has passed)',
    }),
    isScheduled: Type.Boolean({ description: 'an assignment waiting for its delay to pass' }),
    pinned: Type.Boolean(),
    userName: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
    isArchived: Type.Boolean({ description: 'set on entries read from the archive' }),
    pushedFromShipmentId: Nullable(
      Type.Integer({ description: 'the consolidation parent this entry was pushed from' }),
    ),
    email: Nullable(
      Type.Object({
        emailAutomationDetailId: Type.String(),
        type: Type.String({ description: `email automation type: ${EmailAutomationType.codes.join(', ')}` }),
        name: Type.String({ description: 'who sent it' }),
        date: Type.String({ format: 'date-time' }),
        body: Type.String(),
      }),
    ),
  },
  { $id: 'ShipmentActivity' },
);

export const ShipmentActivityList = Type.Array(Type.Ref('ShipmentActivity'));

export const ActivityLogQuery = Type.Object({
  shipmentId: ShipmentIdParam,
  activityType: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'a type of 002 §3.1 to show only that type; All 0 (or none) shows every type',
    }),
  ),
  systemNotes: Type.Optional(
    Type.Boolean({ description: '000 §4 "System Note" filter: entries whose user name starts with System' }),
  ),
  pinnedOnly: Type.Optional(Type.Boolean({ description: '000 §4: pinned entries only' })),
  nonSystemOnly: Type.Optional(
    Type.Boolean({ description: '000 §4: leave out entries whose user name starts with System' }),
  ),
  recordCount: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 500,
      default: SHIPMENT_ACTIVITY_PAGE_SIZE,
      description: '000 §9: 50',
    }),
  ),
  startIndex: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  getRemaining: Type.Optional(
    Type.Boolean({
      description: `every entry from startIndex on (at most ${ACTIVITY_LOG_REMAINING_MAX}), the 000 §4 "remaining" load`,
    }),
  ),
});

export const NewShipmentActivity = Type.Object(
  {
    shipmentId: ShipmentIdParam,
    activityType: Type.Optional(ActivityTypeValue),
    accessLevel: Type.Optional(AccessLevelValue),
    description: Type.Optional(Description),
    activityDescription: Type.Optional(Description),
    presetPayableNote: Type.Optional(Nullable(Type.Integer())),
    presetAuditNote: Type.Optional(Nullable(Type.Integer())),
    pinned: Type.Optional(Type.Boolean()),
    isAssignment: Type.Optional(Type.Boolean()),
    assignmentDelayMinutes: Type.Optional(
      Nullable(Type.Integer({ description: `0 or ${ACTIVITY_DELAY_OPTIONS_MINUTES.join(', ')} (000 §9)` })),
    ),
    assignToStaffId: Type.Optional(Nullable(Id)),
    isTeam: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const TogglePinned = Type.Object(
  {
    shipmentActivityLogId: ActivityIdParam,
    shipmentId: ShipmentIdParam,
    pinned: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const ConsolidationPush = Type.Object({
  parentShipmentId: Type.Integer(),
  childShipmentIds: Type.Array(Type.Integer()),
  pushedCount: Type.Integer({ description: 'entries copied now; 0 when every entry had been pushed before' }),
});

// ---------------------------------------------------------------------------------------------------------
// Staff favorites (001 §3, §7).

export const StaffFavorite = Type.Object(
  {
    shipmentId: Type.Integer(),
    staffId: Nullable(Type.String({ description: 'null for the team' })),
    staffName: Nullable(Type.String()),
    isTeam: Type.Boolean(),
    staffAssignmentStatus: Type.Union(
      [Type.Literal('Inactive'), Type.Literal('Active'), Type.Literal('Complete')],
      {
        description: 'staff assignment status, 002 §3.9; Inactive: not assigned',
      },
    ),
    createdDate: Type.String({ format: 'date-time' }),
    dueDate: Type.String({ format: 'date-time' }),
    activityRef: Nullable(Type.Integer()),
    organizationId: Nullable(Type.String()),
    delay: Type.Integer({ description: 'minutes' }),
    isAssigned: Type.Boolean(),
    isCompleted: Type.Boolean(),
    isScheduled: Type.Boolean(),
  },
  { $id: 'StaffFavorite' },
);

export const StaffFavoriteToggle = Type.Object(
  {
    shipmentId: ShipmentIdParam,
    activityRef: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    organizationId: Type.Optional(Nullable(Id)),
    isTeam: Type.Optional(Type.Boolean()),
    delay: Type.Optional(
      Type.Integer({ minimum: 0, description: `0 or ${ACTIVITY_DELAY_OPTIONS_MINUTES.join(', ')} minutes` }),
    ),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------------------
// Organization and carrier logs (000 §3).

export const OrganizationActivity = Type.Object(
  {
    id: Type.Integer(),
    organizationId: Type.String(),
    activityType: Type.Integer({
      description: `organization activity type: ${OrganizationLogActivityType.entries.map((e) => `${e.name} ${e.value}`).join(', ')}`,
    }),
    activityTypeName: Type.String(),
    presetCollectionNote: Nullable(Type.Integer()),
    presetOnboardingNote: Nullable(Type.Integer()),
    activityDescription: Type.String(),
    accessLevel: Type.Integer(),
    userName: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
    lastUpdated: Type.String({ format: 'date-time' }),
  },
  { $id: 'OrganizationActivity' },
);

export const OrganizationLogQuery = Type.Object({ organizationId: Id });

export const NewOrganizationActivity = Type.Object(
  {
    organizationId: Id,
    activityType: Type.Optional(Type.Enum(OrganizationLogActivityType.valueList)),
    presetCollectionNote: Type.Optional(Nullable(Type.Integer())),
    presetOnboardingNote: Type.Optional(Nullable(Type.Integer())),
    activityDescription: Type.Optional(Description),
    accessLevel: Type.Optional(AccessLevelValue),
  },
  { additionalProperties: false },
);

export const CarrierActivity = Type.Object(
  {
    id: Type.Integer(),
    carrierMasterId: Type.String(),
    activityType: Type.String({
      description: `broker carrier activity type: ${BrokerCarrierActivityType.codes.join(', ')}`,
    }),
    activityTypeName: Type.String(),
    activityDescription: Type.String(),
    accessLevel: Type.Integer(),
    userName: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
  },
  { $id: 'CarrierActivity' },
);

export const CarrierLogQuery = Type.Object({ carrierMasterId: Id });

export const NewCarrierActivity = Type.Object(
  {
    carrierMasterId: Id,
    activityType: Type.Optional(Type.Enum(BrokerCarrierActivityType.codes)),
    activityDescription: Type.Optional(Description),
    accessLevel: Type.Optional(AccessLevelValue),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------------------
// Email-based activity (000 §3).

export const NewEmailActivity = Type.Object(
  {
    shipmentId: ShipmentIdParam,
    emailAutomationDetailId: Type.Optional(Id),
    type: Type.Enum(EmailAutomationType.codes),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({ minLength: 1, maxLength: ACTIVITY_DESCRIPTION_MAX_LENGTH }),
    date: Type.String({ format: 'date-time' }),
    accessLevel: Type.Optional(AccessLevelValue),
  },
  { additionalProperties: false },
);

export const EmailReassign = Type.Object({ shipmentId: ShipmentIdParam }, { additionalProperties: false });

export const sharedSchemas = [ShipmentActivity, StaffFavorite, OrganizationActivity, CarrierActivity];
