// Request and response schemas of the directory's routes (TypeBox). The OpenAPI document
// in contracts/openapi/directory.json is generated from these.
import {
  OrganizationType as OrganizationTypes,
  PaymentPreference,
  SupportRequestType,
} from '@loadline/contracts/catalogue';
import Type from 'typebox';

/** A schema that accepts exactly the values of a catalogue enumeration. */
export const oneOf = (values: readonly number[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

export const OrganizationType = oneOf(
  OrganizationTypes.valueList,
  'LSP 60, Customer 70, Factor Company 80 (spec 002 §1)',
);

/** The credit_limit column is numeric(14,2): at most 999,999,999,999.99. */
const CreditLimit = Type.Number({ minimum: 0, maximum: 999_999_999_999.99 });

const PaymentPreferenceValue = oneOf(PaymentPreference.valueList, 'spec 002 §3.6 payment preference');

export const Organization = Type.Object(
  {
    organizationId: Type.String(),
    name: Type.String(),
    organizationType: OrganizationType,
    brokerId: Type.Union([Type.String(), Type.Null()]),
    paymentPreference: Type.Union([Type.Integer(), Type.Null()], {
      description: 'spec 002 §3.6 payment preference',
    }),
    creditLimit: Type.Union([Type.Number(), Type.Null()]),
    customerSettings: Type.Integer({ description: 'customer-user setting bits, spec 002 §6.3' }),
    brokerSettings: Type.Integer({ description: 'broker organization setting bits, spec 002 §6.4' }),
    active: Type.Boolean(),
  },
  { $id: 'Organization' },
);

export const OrganizationCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    organizationType: oneOf(
      [OrganizationTypes.values.Customer, OrganizationTypes.values.FactorCompany],
      'a broker adds customers (70) and factoring companies (80)',
    ),
    paymentPreference: Type.Optional(Type.Union([PaymentPreferenceValue, Type.Null()])),
    creditLimit: Type.Optional(Type.Union([CreditLimit, Type.Null()])),
    customerSettings: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

export const OrganizationUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    paymentPreference: Type.Optional(Type.Union([PaymentPreferenceValue, Type.Null()])),
    creditLimit: Type.Optional(Type.Union([CreditLimit, Type.Null()])),
    customerSettings: Type.Optional(Type.Integer({ minimum: 0 })),
    brokerSettings: Type.Optional(Type.Integer({ minimum: 0 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const SearchResult = Type.Object(
  {
    universalSearchResultType: Type.Integer({
      description: '1 customer org, 2 customer staff, 3 broker org, 4 broker staff, 5 shipment, 7 none found',
    }),
    organizationId: Type.Union([Type.String(), Type.Null()]),
    staffId: Type.Union([Type.String(), Type.Null()]),
    shipmentId: Type.Union([Type.String(), Type.Null()]),
    updateStatusText: Type.String({ description: 'the line shown for the result' }),
  },
  { $id: 'UniversalSearchResult' },
);

export const SearchQuery = Type.Object({
  query: Type.String({ maxLength: 200 }),
  organizationType: Type.Optional(OrganizationType),
  maxResults: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
});

export const StaffTypeaheadItem = Type.Object(
  { staffId: Type.String(), name: Type.String(), email: Type.String() },
  { $id: 'StaffTypeaheadItem' },
);

export const SystemAlert = Type.Object(
  {
    systemAlertId: Type.Integer(),
    title: Type.String(),
    body: Type.String(),
    highPriority: Type.Boolean(),
  },
  { $id: 'SystemAlert' },
);

export const SystemAlertsAnswer = Type.Object({
  systemAlerts: Type.Array(SystemAlert),
  totalCount: Type.Integer(),
});

export const SupportRequest = Type.Object(
  {
    supportRequestType: oneOf(
      SupportRequestType.valueList,
      'Other 0, Shipping 1, EDI 2, Tariff 3, Accounting 4, WorkflowAutomation 5 (spec 000 §3)',
    ),
    currentURL: Type.String({ minLength: 1, maxLength: 2000 }),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);

export const FeatureFlags = Type.Object({
  flags: Type.Array(Type.String()),
  densityScale: Type.Union(
    [Type.Literal('standard'), Type.Literal('standardScaleUpdate'), Type.Literal('alternate')],
    {
      description:
        "the class calculator's density scale for the caller's broker (000 §6, 002 §6.4, §9): alternate when the broker's setting UseAlternateClassEstimatorDensityScale is on, else the scale update when the FreightClassScaleUpdate flag is, else standard",
    },
  ),
});

export const User = Type.Object(
  {
    userId: Type.String(),
    organizationId: Type.String(),
    kind: Type.Union([Type.Literal('staff'), Type.Literal('customer')]),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    permissions: Type.Integer({ description: 'staff permission bits, spec 002 §6.2' }),
    roles: Type.Array(Type.String(), { description: 'TMS roles, spec 002 §6.1' }),
    active: Type.Boolean(),
  },
  { $id: 'User' },
);

/** One user as its pages show it (001 §2 staff details and edit): where it works, and what the caller may change. */
export const UserDetails = Type.Object(
  {
    ...User.properties,
    organizationName: Type.String(),
    organizationType: Type.Integer({ description: 'LSP 60, Customer 70, Factor 80 (002 §1)' }),
    changeable: Type.Object(
      {
        names: Type.Boolean(),
        email: Type.Boolean(),
        permissions: Type.Boolean(),
        active: Type.Boolean(),
        grantablePermissions: Type.Integer({
          description: 'the permission bits (002 §6.2) the caller may grant this user; 0 when none',
        }),
      },
      {
        description:
          'what the caller may change of this user: only someone who outranks a user changes its role, permissions or active (decision 0009)',
      },
    ),
  },
  { $id: 'UserDetails' },
);

export const UserCreate = Type.Object(
  {
    organizationId: Type.String({ minLength: 1, maxLength: 64 }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    permissions: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

export const UserUpdate = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    permissions: Type.Optional(Type.Integer({ minimum: 0 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
