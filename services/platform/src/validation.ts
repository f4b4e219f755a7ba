// Turns schema validation failures into messages a person understands, naming the field,
// in the one error shape (errors keyed `model.<field>`).
import type { FieldErrors } from './errors.ts';

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const fieldOf = (e: AjvLikeError): string => {
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
      return `${name} must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}.`;
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
  for (const e of chosen) {
    const field = fieldOf(e);
    // A union of literals (an enumeration of the catalogue): name the values it allows.
    const allowed =
      e.keyword === 'anyOf'
        ? errors
            .filter((b) => b.instancePath === e.instancePath && b.keyword === 'const')
            .map((b) => b.params.allowedValue)
        : [];
    const text =
      allowed.length > 0
        ? `${field || part} must be one of: ${allowed.join(', ')}.`
        : describe(e, field, part);
    const key = `model.${field || part}`;
    if (!fieldErrors[key]?.includes(text)) {
      fieldErrors[key] = [...(fieldErrors[key] ?? []), text];
      messages.push(text);
    }
  }
  return { message: messages.join(' '), errors: fieldErrors };
}
