// Event contracts: every subject and the schema of its payload, defined once.
// Subjects follow `tms.<service>.<entity>.<verb>.v<N>` (DESIGN.md, "How services talk").
// `npm run contracts` writes each schema to contracts/events/<subject>.json for other
// languages and teams; a test fails when those files drift from this module.
import Type, { type Static, type TSchema } from 'typebox';

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

export const subjects = {
  organizationChanged: 'tms.directory.organization.changed.v1',
  userChanged: 'tms.directory.user.changed.v1',
} as const;

export type Subject = (typeof subjects)[keyof typeof subjects];

/** Subject → payload schema; producers and consumers both validate against it. */
export const eventSchemas = {
  [subjects.organizationChanged]: OrganizationChangedV1,
  [subjects.userChanged]: UserChangedV1,
} as const satisfies Record<Subject, TSchema>;

export type EventData<S extends Subject> = Static<(typeof eventSchemas)[S]>;
