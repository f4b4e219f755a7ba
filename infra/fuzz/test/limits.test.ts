// The input limits of decision 0011, read from the committed OpenAPI documents: every string a request
// carries has a maxLength, every number a range PostgreSQL can hold, every array a maxItems and every map a
// maxProperties. createApp fills in the defaults where a route states none; a document that lacks one was
// built some other way, or not regenerated (`npm run contracts`).
import { describe, expect, it } from 'vitest';
import { type JsonSchema, readOperations } from '../../dev/openapi-operations.ts';

/** The most any number in a request may be: a bigint column's safe integers. */
const largestNumber = Number.MAX_SAFE_INTEGER;

function unbounded(schema: JsonSchema | undefined, where: string, found: string[]): string[] {
  if (!schema || typeof schema !== 'object') return found;
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [schema.type as string]
      : [];
  const fixed = schema.const !== undefined || Array.isArray(schema.enum);
  if (!fixed && types.some((t) => t === 'integer' || t === 'number')) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    if (typeof maximum !== 'number' || maximum > largestNumber)
      found.push(`${where}: a number without a maximum`);
    if (typeof minimum !== 'number' || minimum < -largestNumber)
      found.push(`${where}: a number without a minimum`);
  }
  if (!fixed && types.includes('string') && typeof schema.maxLength !== 'number')
    found.push(`${where}: a string without a maxLength`);
  if (types.includes('array') && typeof schema.maxItems !== 'number')
    found.push(`${where}: an array without maxItems`);
  const free = schema.additionalProperties;
  if (
    types.includes('object') &&
    free &&
    typeof free === 'object' &&
    typeof schema.maxProperties !== 'number'
  )
    found.push(`${where}: a map without maxProperties`);
  for (const [name, property] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}))
    unbounded(property, `${where}.${name}`, found);
  if (schema.items) unbounded(schema.items as JsonSchema, `${where}[]`, found);
  if (free && typeof free === 'object') unbounded(free as JsonSchema, `${where}{}`, found);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, branch] of ((schema[key] as JsonSchema[]) ?? []).entries())
      unbounded(branch, `${where}|${i}`, found);
  return found;
}

describe('input limits in the OpenAPI documents (decision 0011)', () => {
  it('bounds every string, number, array and map a request carries', () => {
    const found: string[] = [];
    for (const op of readOperations()) {
      const name = `${op.method} ${op.path}`;
      for (const p of op.pathParams) unbounded(p.schema, `${name} path ${p.name}`, found);
      for (const p of op.queryParams) unbounded(p.schema, `${name} query ${p.name}`, found);
      unbounded(op.body, `${name} body`, found);
      // The upload's file is bytes, not text: its limit is the service's file size.
      const form = op.multipartForm as { properties?: Record<string, JsonSchema> } | undefined;
      for (const [field, schema] of Object.entries(form?.properties ?? {}))
        if (field !== 'file') unbounded(schema, `${name} form ${field}`, found);
    }
    expect(found).toEqual([]);
  });

  it('holds every integer of a path within what its column can hold', () => {
    const ids = readOperations().flatMap((op) =>
      op.pathParams
        .filter((p) => p.schema.type === 'integer')
        .map((p) => ({ op: `${op.method} ${op.path}`, ...p })),
    );
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(id.schema.maximum, `${id.op} ${id.name}`).toBeLessThanOrEqual(2_147_483_647);
  });
});
