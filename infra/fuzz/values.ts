// Values a schema of the OpenAPI documents accepts, as fast-check arbitraries: what a well-meaning client
// would send. Ids the demo data holds are drawn now and then, so a request reaches past "not found" into
// the handler; never the ids of the users the fuzz signs in as (a valid-looking request may change what it
// names, and must not end the fuzz's own sessions).
import { demoBroker, demoCustomers, demoUsers } from '@loadline/contracts/demo';
import fc from 'fast-check';
import type { JsonSchema } from '../dev/openapi-operations.ts';

/** The demo users the fuzz signs in as; their ids are never drawn as values. */
export const fuzzCallerEmails = ['admin@demo.test', 'ops@demo.test', 'shipper@acme.test'] as const;

const otherUsers = demoUsers.filter((u) => !(fuzzCallerEmails as readonly string[]).includes(u.email));
const otherCustomers = demoCustomers.filter((c) =>
  otherUsers.some((u) => u.organizationId === c.organizationId),
);

/** Demo values for fields of these names (the demo shipments are 10001–10040). */
const known: Record<string, readonly (string | number)[]> = {
  shipmentId: Array.from({ length: 40 }, (_, i) => 10_001 + i),
  userId: otherUsers.map((u) => u.userId),
  organizationId: otherCustomers.map((c) => c.organizationId),
  customerOrganizationId: demoCustomers.map((c) => c.organizationId),
  brokerId: [demoBroker.organizationId],
};

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** An arbitrary of values `schema` accepts; `name` is the field's, for the demo values it may take. */
export function acceptedValues(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const fromSchema = schemaValue(schema);
  const demo = (known[name] ?? [])
    .map((v) => (typesOf(schema)[0] === 'string' ? String(v) : v))
    .filter((v) => accepts(schema, v));
  return demo.length > 0 ? fc.oneof(fc.constantFrom(...demo), fromSchema) : fromSchema;
}

function schemaValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.anyOf))
    return fc.oneof(...(schema.anyOf as JsonSchema[]).map((s) => schemaValue(s)));
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const type = typesOf(schema)[0];
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = num(schema.minimum) ?? -1000;
      const max = Math.max(min, Math.min(num(schema.maximum) ?? 100_000, min + 100_000));
      return fc.integer({ min, max });
    }
    case 'number': {
      const min = num(schema.minimum) ?? -1000;
      const max = Math.max(min, Math.min(num(schema.maximum) ?? 100_000, min + 100_000));
      return fc
        .double({ min, max, noNaN: true, noDefaultInfinity: true })
        .map((v) => Math.round(v * 100) / 100);
    }
    case 'string':
      return stringValue(schema);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = num(schema.minItems) ?? 0;
      return fc.array(schemaValue(items), {
        minLength,
        maxLength: Math.min(num(schema.maxItems) ?? 3, minLength + 3),
      });
    }
    case 'object':
      return objectValue(schema);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = num(schema.maxLength) ?? 1000;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'binary') return fc.string({ minLength: 1, maxLength: 40 });
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  // Printable text of a likely length: a well-meaning client's, not the schema's extremes.
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, minLength + 24)) });
}

const isOrdinaryKey = (key: string) => key !== '__proto__' && key !== 'constructor';

function objectValue(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) record[key] = acceptedValues(property, key);
  const free = schema.additionalProperties;
  const fixed = fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
  if (free && typeof free === 'object')
    return fc
      .tuple(
        fixed,
        // fast-check likes "__proto__" and "constructor" as keys: every service refuses the first on
        // purpose (forbiddenKeyMessage), and a well-meaning client sends neither
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 10 }).filter(isOrdinaryKey),
          schemaValue(free as JsonSchema),
          {
            maxKeys: 3,
          },
        ),
      )
      .map(([a, b]) => ({ ...b, ...a }));
  return fixed;
}

/** Whether a demo value fits the field's schema (its type and range), roughly. */
function accepts(schema: JsonSchema, value: unknown): boolean {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).some((s) => accepts(s, value));
  const type = typesOf(schema)[0];
  if (type === 'integer' || type === 'number')
    return (
      typeof value === 'number' &&
      value >= (num(schema.minimum) ?? -Infinity) &&
      value <= (num(schema.maximum) ?? Infinity)
    );
  if (type === 'string')
    return typeof value === 'string' && value.length <= (num(schema.maxLength) ?? Infinity);
  return false;
}
