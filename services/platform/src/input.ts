// What a request may carry, decided once for every service (decision 0011). Bad input answers a 4xx naming
// the field, never a 5xx: the database refuses NUL characters, unpaired surrogates and numbers beyond its
// columns, and a parser or validator walking a deeply nested body runs out of stack, so these are refused
// here, before a route's handler ever sees them.
import type { FieldErrors } from './errors.ts';
import type { FieldProblem } from './problems.ts';

export const inputLimits = {
  /** a JSON body nests objects and arrays at most this deep (the deepest document nests 4) */
  maxJsonDepth: 32,
  /** a request string whose schema states no maxLength */
  defaultMaxLength: 1000,
  /** a request array whose schema states no maxItems */
  defaultMaxItems: 100,
  /** a request map (an object of free keys) whose schema states no maxProperties */
  defaultMaxProperties: 100,
  /** a request integer or number whose schema states no range: PostgreSQL's `integer` */
  defaultMinimum: -2_147_483_648,
  defaultMaximum: 2_147_483_647,
  /** an error message is cut at this length */
  maxMessageLength: 500,
  /** a message lists this many problems, then says how many more there are */
  maxListedProblems: 5,
  /** `errors` names at most this many fields, each with at most `maxFieldMessages` messages */
  maxErrorFields: 20,
  maxFieldMessages: 3,
  /** a field's name as a message shows it (a client chooses the names of unknown fields) */
  maxFieldNameLength: 100,
} as const;

export type JsonSchema = Record<string, unknown>;

const typesOf = (schema: JsonSchema): unknown[] =>
  Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];

/**
 * A request schema with the default limits filled in where it states none: a string's maxLength, a number's
 * range, an array's maxItems, a map's maxProperties. A copy: shared response schemas stay as they are. The
 * routes' OpenAPI documents show the limits, so a client sees them.
 */
export function withInputLimits<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s) => withInputLimits(s)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const source = schema as JsonSchema;
  const copy: JsonSchema = {};
  for (const key of Reflect.ownKeys(source)) {
    const value = (source as Record<string | symbol, unknown>)[key];
    // `const`, `enum`, `default` and `examples` are values, not schemas.
    (copy as Record<string | symbol, unknown>)[key] =
      typeof key === 'string' && ['const', 'enum', 'default', 'examples'].includes(key)
        ? value
        : withInputLimits(value);
  }
  const types = typesOf(copy);
  const fixed = copy.const !== undefined || Array.isArray(copy.enum);
  if (!fixed && (types.includes('integer') || types.includes('number'))) {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined)
      copy.maximum = inputLimits.defaultMaximum;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined)
      copy.minimum = inputLimits.defaultMinimum;
  }
  if (!fixed && types.includes('string') && copy.maxLength === undefined)
    copy.maxLength = inputLimits.defaultMaxLength;
  if (types.includes('array') && copy.maxItems === undefined) copy.maxItems = inputLimits.defaultMaxItems;
  const freeKeys =
    (typeof copy.additionalProperties === 'object' && copy.additionalProperties !== null) ||
    copy.patternProperties !== undefined;
  if (types.includes('object') && freeKeys && copy.maxProperties === undefined)
    copy.maxProperties = inputLimits.defaultMaxProperties;
  return copy as T;
}

/** True when JSON text nests objects and arrays deeper than `max` (read once, without parsing it). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * The answer to a JSON body refused for its keys: a "__proto__" anywhere, or a "constructor" holding a
 * "prototype", would reach the prototype of the objects made from it (Fastify's parser refuses both).
 */
export const forbiddenKeyMessage =
  'The request body may not contain a key named "__proto__", nor a "constructor" key holding a "prototype".';

/** True when the text is JSON (only asked of a body the parser refused, to tell why). */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A field problem (the one shape, problems.ts). */
export type Problem = FieldProblem;

// A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: the
// pattern must see the code units).
const loneSurrogatePattern = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const hasLoneSurrogate = new RegExp(loneSurrogatePattern);
const loneSurrogate = new RegExp(loneSurrogatePattern, 'g');
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const controlCharacter = /[\u0000-\u001f\u007f]/g;

/** A field's name as a message may show it: printable, and not longer than a name needs to be. */
export function displayField(name: string): string {
  const printable = name.replace(loneSurrogate, '\uFFFD').replace(controlCharacter, '\uFFFD');
  return printable.length > inputLimits.maxFieldNameLength
    ? `${printable.slice(0, inputLimits.maxFieldNameLength)}…`
    : printable;
}

/** What is wrong with a text value the database could not store: a NUL character or an unpaired surrogate. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (hasLoneSurrogate.test(value)) return 'must be valid Unicode text (it has an unpaired surrogate)';
  return null;
}

/**
 * The strings of a request part (its keys included) that no column could hold, each named by its field:
 * `name` for a parameter, `a.b.0` for a body field, as the validation messages name them.
 */
export function textProblems(value: unknown, field: string, problems: Problem[] = []): Problem[] {
  if (problems.length > inputLimits.maxErrorFields) return problems;
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) problems.push({ field: displayField(field), message: `${displayField(field)} ${problem}.` });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      textProblems(item, field ? `${field}.${i}` : String(i), problems);
    });
  } else if (value !== null && typeof value === 'object' && isData(value)) {
    for (const [key, item] of Object.entries(value)) {
      const name = field ? `${field}.${key}` : key;
      const problem = textProblem(key);
      if (problem)
        problems.push({ field: displayField(name), message: `${displayField(name)}: its name ${problem}.` });
      textProblems(item, name, problems);
    }
  }
  return problems;
}

/** Parsed input (a JSON object, the router's parameters), not a stream or bytes passed on unread. */
const isData = (value: object): boolean =>
  !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * The parameters of a raw query string whose percent-encoding cannot be decoded (`%zz`, `%`, `%u0041`, or
 * UTF-8 that is not, such as an encoded surrogate `%ED%A0%80`), named by the parameter.
 */
export function queryEncodingProblems(rawQuery: string): Problem[] {
  const problems: Problem[] = [];
  for (const pair of rawQuery.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decodeOrNull(rawKey);
    if (key === null || decodeOrNull(rawValue) === null) {
      const field = displayField(key ?? rawKey);
      problems.push({ field, message: `${field} is not correctly percent-encoded.` });
    }
  }
  return problems;
}

const decodeOrNull = (text: string): string | null => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

/** Several problems as one message: the first few, then how many more (a message stays readable). */
export function listProblems(messages: readonly string[]): string {
  const shown = messages.slice(0, inputLimits.maxListedProblems).join(' ');
  const more = messages.length - inputLimits.maxListedProblems;
  return more > 0 ? `${shown} (and ${more} more ${more === 1 ? 'problem' : 'problems'})` : shown;
}

/** A message cut to the length a person reads (and a response carries). */
export function boundMessage(message: string): string {
  return message.length > inputLimits.maxMessageLength
    ? `${message.slice(0, inputLimits.maxMessageLength - 1)}…`
    : message;
}

/** Field errors cut to the first fields, each with its first messages, each message bounded. */
export function boundFieldErrors(errors: FieldErrors): FieldErrors {
  const bounded: FieldErrors = {};
  const maxKey = inputLimits.maxFieldNameLength + 'model.'.length;
  for (const [key, messages] of Object.entries(errors).slice(0, inputLimits.maxErrorFields)) {
    bounded[key.length > maxKey ? `${key.slice(0, maxKey)}…` : key] = messages
      .slice(0, inputLimits.maxFieldMessages)
      .map(boundMessage);
  }
  return bounded;
}
