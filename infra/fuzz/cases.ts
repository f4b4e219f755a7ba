// The requests the bad-input fuzz sends, built from an operation of the OpenAPI documents: a well-meaning
// client's (valid-looking), and the same request spoilt in one place by one class of bad input (issue 14):
// bad percent-encoding, a NUL character, an unpaired surrogate, a number or string beyond the field, deep
// nesting, a wrong type, a missing or an unknown field, an upload without its boundary.
import fc from 'fast-check';
import type { JsonSchema, Operation } from '../dev/openapi-operations.ts';
import { acceptedValues } from './values.ts';

export const caseKinds = [
  'valid',
  'percent',
  'nul',
  'surrogate',
  'hugeNumber',
  'hugeString',
  'deep',
  'wrongType',
  'missing',
  'extra',
  'boundary',
] as const;
export type CaseKind = (typeof caseKinds)[number];

export interface FuzzRequest {
  kind: CaseKind;
  method: Operation['method'];
  /** path and query, as sent (percent-encoded) */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  /** the field the bad value is in, which a 400 must name */
  field?: string;
  /**
   * The request cannot be read at all (an address that does not decode, a body too deep or too large, a
   * form without its boundary): refused before or after the access check, whichever meets it first.
   */
  unreadable: boolean;
  /** what the case did, for the report */
  note: string;
}

interface Base {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  form: Record<string, unknown> | undefined;
}

/** A spot in the request: a path or query parameter, a body field, an upload's form field. */
interface Target {
  where: 'path' | 'query' | 'body' | 'form';
  name: string;
  schema: JsonSchema;
}

/** Stands for raw JSON text in a body (a number JSON.stringify cannot write, deep nesting). */
const raw = (text: string) => ({ [rawMarker]: text });
const rawMarker = '__fuzz_raw__';

const typesOf = (schema: JsonSchema): string[] => {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).flatMap(typesOf);
  if (Array.isArray(schema.enum))
    return [...new Set((schema.enum as unknown[]).map((v) => (v === null ? 'null' : typeof v)))].map((t) =>
      t === 'number' ? 'number' : t,
    );
  return Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
};
/** The widest range a number field's branches allow. */
const rangeOf = (schema: JsonSchema): { minimum: number; maximum: number } => {
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [schema];
  const numeric = branches.filter((b) => typesOf(b).some((t) => t === 'integer' || t === 'number'));
  return {
    minimum: Math.min(...numeric.map((b) => (typeof b.minimum === 'number' ? b.minimum : -Infinity))),
    maximum: Math.max(...numeric.map((b) => (typeof b.maximum === 'number' ? b.maximum : Infinity))),
  };
};
const isText = (schema: JsonSchema) => typesOf(schema).includes('string');
const isNumeric = (schema: JsonSchema) => typesOf(schema).some((t) => t === 'integer' || t === 'number');
const maxLengthOf = (schema: JsonSchema): number | undefined => {
  if (Array.isArray(schema.anyOf))
    return Math.max(...(schema.anyOf as JsonSchema[]).map((s) => maxLengthOf(s) ?? 0)) || undefined;
  return typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
};

function baseOf(op: Operation): fc.Arbitrary<Base> {
  const path: Record<string, fc.Arbitrary<unknown>> = {};
  // A path segment is never empty, and `.`/`..` would be resolved away by the URL: ids of word characters.
  for (const p of op.pathParams)
    path[p.name] = acceptedValues(
      typesOf(p.schema).includes('string') && !Array.isArray(p.schema.enum)
        ? {
            ...p.schema,
            minLength: Math.max(1, Number(p.schema.minLength ?? 1)),
            pattern: '^[A-Za-z0-9_-]+$',
          }
        : p.schema,
      p.name,
    );
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.queryParams) query[p.name] = acceptedValues(p.schema, p.name);
  return fc.record({
    path: fc.record(path),
    query: fc.record(query, {
      requiredKeys: op.queryParams.filter((p) => p.required).map((p) => p.name),
    }),
    body: op.body
      ? (acceptedValues(op.body) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant(undefined),
    form: op.multipartForm
      ? (acceptedValues(op.multipartForm) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant(undefined),
  });
}

function targetsOf(op: Operation): Target[] {
  const fields = (schema: JsonSchema | undefined) =>
    Object.entries((schema?.properties as Record<string, JsonSchema> | undefined) ?? {});
  return [
    ...op.pathParams.map((p) => ({ where: 'path' as const, name: p.name, schema: p.schema })),
    ...op.queryParams.map((p) => ({ where: 'query' as const, name: p.name, schema: p.schema })),
    ...fields(op.body).map(([name, schema]) => ({ where: 'body' as const, name, schema })),
    ...fields(op.multipartForm)
      .filter(([name]) => name !== 'file')
      .map(([name, schema]) => ({ where: 'form' as const, name, schema })),
  ];
}

/** The request an operation's values make; `rawPath`/`rawQuery` hold text sent as it is (not encoded). */
function render(
  op: Operation,
  base: Base,
  kind: CaseKind,
  options: {
    rawPath?: Record<string, string>;
    rawQuery?: Record<string, string>;
    field?: string;
    unreadable?: boolean;
    note: string;
    contentType?: string;
    rawBody?: string;
  },
): FuzzRequest {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    options.rawPath?.[name] !== undefined
      ? options.rawPath[name]!
      : encodeURIComponent(String(base.path[name] ?? 'x')),
  );
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(base.query)) {
    if (value === undefined || options.rawQuery?.[name] !== undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
  }
  for (const [name, text] of Object.entries(options.rawQuery ?? {})) pairs.push(`${name}=${text}`);
  const url = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
  const headers: Record<string, string> = {};
  let body: string | FormData | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (op.multipart && base.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(base.form)) {
      if (value === undefined || value === null || name === 'file') continue;
      form.set(name, String(value));
    }
    if ('file' in base.form) form.set('file', new Blob(['delivered in full\n']), 'pod.txt');
    body = form;
  } else if (base.body !== undefined) {
    body = JSON.stringify(base.body).replace(
      new RegExp(`\\{"${rawMarker}":"((?:[^"\\\\]|\\\\.)*)"\\}`, 'g'),
      (_, text: string) => JSON.parse(`"${text}"`),
    );
    headers['content-type'] = 'application/json';
  }
  return {
    kind,
    method: op.method,
    url,
    headers,
    body,
    field: options.field,
    unreadable: options.unreadable ?? false,
    note: options.note,
  };
}

const withField = (base: Base, target: Target, value: unknown): Base => {
  if (target.where === 'body') return { ...base, body: { ...(base.body ?? {}), [target.name]: value } };
  if (target.where === 'form') return { ...base, form: { ...(base.form ?? {}), [target.name]: value } };
  if (target.where === 'query') return { ...base, query: { ...base.query, [target.name]: value } };
  return { ...base, path: { ...base.path, [target.name]: value } };
};

const badEncodings = ['%E0%A4%A', '%zz', '%', '%u0041', '%ED%A0%80'];

/**
 * The requests of one kind an operation can be sent, or undefined when the kind does not apply to it (no
 * body to nest, no field of a number type, …).
 */
export function casesOf(op: Operation, kind: CaseKind): fc.Arbitrary<FuzzRequest> | undefined {
  const base = baseOf(op);
  const targets = targetsOf(op);
  const pick = (list: Target[]) => (list.length > 0 ? fc.constantFrom(...list) : undefined);
  const hasBody = op.body !== undefined;
  const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
  switch (kind) {
    case 'valid':
      return base.map((b) => render(op, b, kind, { note: 'valid-looking values' }));
    case 'percent': {
      const spots = targets.filter((t) => t.where === 'path' || t.where === 'query');
      const spot =
        spots.length > 0
          ? fc.constantFrom(...spots)
          : fc.constant({ where: 'query', name: 'note' } as Target);
      return fc.tuple(base, spot, fc.constantFrom(...badEncodings)).map(([b, t, bad]) =>
        t.where === 'path'
          ? render(op, b, kind, {
              rawPath: { [t.name]: `1${bad}` },
              unreadable: true,
              note: `path ${t.name} = 1${bad}`,
            })
          : render(op, b, kind, {
              rawQuery: { [t.name]: bad },
              field: t.name,
              unreadable: true,
              note: `query ${t.name} = ${bad}`,
            }),
      );
    }
    case 'nul': {
      const spots = targets.filter(
        (t) =>
          t.where === 'path' ||
          t.where === 'query' ||
          ((t.where === 'body' || t.where === 'form') && isText(t.schema)),
      );
      const spot =
        spots.length > 0
          ? fc.constantFrom(...spots)
          : fc.constant({ where: 'query', name: 'note' } as Target);
      return fc.tuple(base, spot).map(([b, t]) => {
        if (t.where === 'path')
          return render(op, b, kind, {
            rawPath: { [t.name]: 'a%00b' },
            field: t.name,
            note: `path ${t.name} = a%00b`,
          });
        if (t.where === 'query')
          return render(op, b, kind, {
            rawQuery: { [t.name]: 'a%00b' },
            field: t.name,
            note: `query ${t.name} = a%00b`,
          });
        return render(op, withField(b, t, 'a\u0000b'), kind, {
          field: t.name,
          note: `${t.where} ${t.name} = "a\\u0000b"`,
        });
      });
    }
    case 'surrogate': {
      if (!hasBody) return undefined;
      const spots = targets.filter((t) => t.where === 'body' && isText(t.schema));
      const inKey = fc.constant({ where: 'body', name: '\udc00', schema: {} } as Target);
      return fc
        .tuple(
          base,
          spots.length > 0 ? fc.oneof(fc.constantFrom(...spots), inKey) : inKey,
          fc.constantFrom('\ud800', '\udc00', 'a\ud83d'),
        )
        .map(([b, t, lone]) =>
          t.name === '\udc00'
            ? render(op, withField(b, t, 1), kind, { field: '\uFFFD', note: 'a body key "\\udc00"' })
            : render(op, withField(b, t, `x${lone}y`), kind, {
                field: t.name,
                note: `body ${t.name} with an unpaired surrogate`,
              }),
        );
    }
    case 'hugeNumber': {
      const spot = pick(targets.filter((t) => isNumeric(t.schema) && t.where !== 'form'));
      if (!spot) return undefined;
      return fc
        .tuple(base, spot, fc.constantFrom('1e308', '9007199254740994', '-1e308', '2147483648', '1e400'))
        .map(([b, t, candidate]) => {
          // 2^31 is beyond only a field of PostgreSQL's integer range; the others are beyond any field.
          const n =
            candidate === '2147483648' && !(rangeOf(t.schema).maximum < 2147483648) ? '1e308' : candidate;
          if (t.where === 'path')
            return render(op, b, kind, {
              rawPath: { [t.name]: n },
              field: t.name,
              note: `path ${t.name} = ${n}`,
            });
          if (t.where === 'query')
            return render(op, b, kind, {
              rawQuery: { [t.name]: n },
              field: t.name,
              note: `query ${t.name} = ${n}`,
            });
          return render(op, withField(b, t, raw(n)), kind, { field: t.name, note: `body ${t.name} = ${n}` });
        });
    }
    case 'hugeString': {
      const spot = pick(targets.filter((t) => isText(t.schema) && maxLengthOf(t.schema) !== undefined));
      if (!spot) return undefined;
      return fc
        .tuple(base, spot, fc.integer({ min: 1, max: 20_000 }), fc.boolean())
        .map(([b, t, extra, overBodyLimit]) => {
          const length = (maxLengthOf(t.schema) ?? 0) + (extra < 10_000 ? 1 : extra);
          const text = 'x'.repeat(length);
          if (t.where === 'path')
            return render(op, b, kind, {
              rawPath: { [t.name]: text },
              field: t.name,
              unreadable: length > 500,
              note: `path ${t.name}: ${length} characters`,
            });
          if (t.where === 'query')
            return render(op, b, kind, {
              rawQuery: { [t.name]: text },
              field: t.name,
              unreadable: length > 15_000,
              note: `query ${t.name}: ${length} characters`,
            });
          if (overBodyLimit && t.where === 'body')
            return render(op, withField(b, t, 'x'.repeat(1_100_000)), kind, {
              unreadable: true,
              note: `body ${t.name}: 1,100,000 characters (over the body limit)`,
            });
          return render(op, withField(b, t, text), kind, {
            field: t.name,
            note: `${t.where} ${t.name}: ${length} characters`,
          });
        });
    }
    case 'deep': {
      if (!sendsBody || op.multipart) return undefined;
      const spots = targets.filter((t) => t.where === 'body');
      return fc
        .tuple(
          base,
          spots.length > 0
            ? fc.constantFrom(...spots)
            : fc.constant({ where: 'body', name: 'nested' } as Target),
          fc.constantFrom(33, 1000, 100_000),
        )
        .map(([b, t, depth]) =>
          render(op, withField(b, t, raw(`${'['.repeat(depth)}${']'.repeat(depth)}`)), kind, {
            unreadable: true,
            note: `body ${t.name} nested ${depth} deep`,
          }),
        );
    }
    case 'wrongType': {
      const spot = pick(
        targets.filter(
          (t) =>
            typesOf(t.schema).length > 0 &&
            (t.where === 'body' ||
              // In an address every value is text: only a parameter that is not text can be of a wrong type.
              ((t.where === 'path' || t.where === 'query') &&
                !isText(t.schema) &&
                !isText((t.schema.items as JsonSchema | undefined) ?? {}))),
        ),
      );
      if (!spot) return undefined;
      return fc
        .tuple(base, spot, fc.constantFrom<unknown>(12345, 'text', true, { a: 1 }, [1], null))
        .map(([b, t, value]) => {
          if (t.where !== 'body')
            return render(op, b, kind, {
              [t.where === 'path' ? 'rawPath' : 'rawQuery']: { [t.name]: 'not-a-number' },
              field: t.name,
              note: `${t.where} ${t.name} = not-a-number`,
            });
          const wrong = wrongValueFor(t.schema, value);
          return render(op, withField(b, t, wrong), kind, {
            field: t.name,
            note: `body ${t.name} = ${JSON.stringify(wrong)}`,
          });
        });
    }
    case 'missing': {
      const required = [
        ...op.queryParams
          .filter((p) => p.required)
          .map((p) => ({ where: 'query' as const, name: p.name, schema: p.schema })),
        ...((op.body?.required as string[] | undefined) ?? []).map((name) => ({
          where: 'body' as const,
          name,
          schema: {},
        })),
      ];
      const spot = pick(required);
      if (!spot) return undefined;
      return fc.tuple(base, spot).map(([b, t]) => {
        const spoilt =
          t.where === 'query'
            ? { ...b, query: Object.fromEntries(Object.entries(b.query).filter(([k]) => k !== t.name)) }
            : { ...b, body: Object.fromEntries(Object.entries(b.body ?? {}).filter(([k]) => k !== t.name)) };
        return render(op, spoilt, kind, { field: t.name, note: `${t.where} ${t.name} left out` });
      });
    }
    case 'extra': {
      if (!hasBody || op.body?.additionalProperties !== false) return undefined;
      return base.map((b) =>
        render(op, { ...b, body: { ...(b.body ?? {}), unexpectedField: 1 } }, kind, {
          field: 'unexpectedField',
          note: 'body with unexpectedField',
        }),
      );
    }
    case 'boundary': {
      if (!op.multipart) return undefined;
      return base.map((b) =>
        render(op, b, kind, {
          rawBody: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nPOD\r\n--x--\r\n',
          contentType: 'multipart/form-data',
          unreadable: true,
          note: 'multipart/form-data without a boundary',
        }),
      );
    }
  }
}

/** A value of a type no branch of the schema allows (the first of the candidates that fits none). */
function wrongValueFor(schema: JsonSchema, preferred: unknown): unknown {
  const allowed = new Set(typesOf(schema));
  if (allowed.has('number')) allowed.add('integer');
  if (allowed.has('integer')) allowed.add('number');
  const typeOf = (v: unknown) =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v;
  const candidates = [preferred, 12345, 'text', true, { a: 1 }, [1], null];
  // (null is a candidate: `find` cannot tell "found null" from "found none".)
  const at = candidates.findIndex((v) => !allowed.has(typeOf(v)));
  return at >= 0 ? candidates[at] : 'text';
}
