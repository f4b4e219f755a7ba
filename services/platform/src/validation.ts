// Turns schema validation failures into messages a person understands, naming the field,
// in the one error shape (errors keyed `model.<field>`).
import { type FieldErrors, HttpError } from './errors.ts';
import { displayField, listProblems, withInputLimits } from './input.ts';
import { createValidator } from './schemas-ajv.ts';

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const fieldOf = (e: AjvLikeError): string => displayField(rawFieldOf(e));

const rawFieldOf = (e: AjvLikeError): string => {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'required') {
    const missing = String(e.params.missingProperty ?? '');
    return path ? `${path}.${missing}` : missing;
  }
  if (e.keyword === 'additionalProperties') {
    const extra = String(e.params.additionalProperty ?? '');
    return path ? `${path}.${extra}` : extra;
  }
  return path;
};

const describe = (e: AjvLikeError, field: string, part: string): string => {
  const name = field || part;
  switch (e.keyword) {
    case 'required':
      return `${name} is required.`;
    case 'additionalProperties':
      return `${name} is not a known field.`;
    case 'type':
      return `${name} must be ${/^[aeiou]/.test(String(e.params.type)) ? 'an' : 'a'} ${String(e.params.type)}.`;
    case 'format':
      return `${name} must be a valid ${String(e.params.format)}.`;
    case 'minLength':
      return Number(e.params.limit) === 1
        ? `${name} must not be empty.`
        : `${name} must be at least ${String(e.params.limit)} characters.`;
    case 'maxLength':
      return `${name} must be at most ${String(e.params.limit)} characters.`;
    case 'minimum':
      return `${name} must be at least ${String(e.params.limit)}.`;
    case 'maximum':
      return `${name} must be at most ${String(e.params.limit)}.`;
    case 'enum':
      return `${name} must be one of: ${allowedList(e.params.allowedValues as unknown[])}.`;
    case 'const':
      return `${name} must be ${String(e.params.allowedValue)}.`;
    case 'anyOf':
    case 'oneOf':
      return `${name} has a value that is not allowed.`;
    case 'pattern':
      return `${name} is not in the expected format.`;
    default:
      return `${name} ${e.message ?? 'is not valid'}.`;
  }
};

/** The keywords that say what is wrong with a value of the right type. */
const limitKeywords = new Set([
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
]);

/** The values a field allows, the first dozen of a long list. */
const allowedList = (values: readonly unknown[]): string =>
  values.length > 12 ? `${values.slice(0, 12).join(', ')}, … (${values.length} values)` : values.join(', ');

export function describeValidation(
  errors: readonly AjvLikeError[],
  part: string,
): { message: string; errors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  const messages: string[] = [];
  // A union (anyOf) reports every branch that failed at the same path; say it once.
  const unionPaths = new Set(
    errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath),
  );
  const chosen = errors.filter(
    (e) =>
      e.keyword === 'anyOf' ||
      e.keyword === 'oneOf' ||
      !unionPaths.has(e.instancePath) ||
      e.keyword === 'required',
  );
  // The literals each path allows, gathered once (a body of thousands of bad items stays linear).
  const literals = new Map<string, unknown[]>();
  for (const b of errors) {
    if (b.keyword !== 'const') continue;
    const values = literals.get(b.instancePath) ?? [];
    values.push(b.params.allowedValue);
    literals.set(b.instancePath, values);
  }
  // What the value's own branch said of it (a nullable number over its maximum): said instead of the union.
  const limits = new Map<string, AjvLikeError[]>();
  for (const b of errors) {
    if (!unionPaths.has(b.instancePath) || !limitKeywords.has(b.keyword)) continue;
    limits.set(b.instancePath, [...(limits.get(b.instancePath) ?? []), b]);
  }
  for (const e of chosen) {
    const field = fieldOf(e);
    // A union of literals (an enumeration of the catalogue): name the values it allows.
    const allowed = e.keyword === 'anyOf' ? (literals.get(e.instancePath) ?? []) : [];
    const union = e.keyword === 'anyOf' || e.keyword === 'oneOf';
    const texts =
      allowed.length > 0
        ? [`${field || part} must be one of: ${allowedList(allowed)}.`]
        : union && limits.has(e.instancePath)
          ? limits.get(e.instancePath)!.map((b) => describe(b, field, part))
          : [describe(e, field, part)];
    const key = `model.${field || part}`;
    for (const text of texts) {
      if (fieldErrors[key]?.includes(text)) continue;
      fieldErrors[key] = [...(fieldErrors[key] ?? []), text];
      messages.push(text);
    }
  }
  // The message lists the first few problems (one body may hold thousands); `errors` is bounded by the
  // error handler.
  return { message: listProblems(messages), errors: fieldErrors };
}

/**
 * Checks input a handler reads itself (an upload's form fields) against its schema, with the default limits
 * and the messages of every route's validation: a 400 naming each field, as if Fastify had validated it.
 */
export function fieldsValidator(schema: object, part = 'body'): (value: unknown) => void {
  const validate = createValidator({ coerceTypes: false }).compile(withInputLimits(schema));
  return (value) => {
    if (validate(value)) return;
    const described = describeValidation(validate.errors ?? [], part);
    throw new HttpError(400, described.message, described.errors);
  };
}
