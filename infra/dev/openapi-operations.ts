// Every operation of the committed OpenAPI documents (contracts/openapi/*.json), with its schemas resolved:
// what the schema-driven tests walk (the bad-input fuzz, the authorization matrix), so that a new route is
// covered by them the moment its document is regenerated.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './manifest.ts';

export type JsonSchema = Record<string, unknown>;

export interface Operation {
  /** the document's name: the owning service, or `gateway` */
  service: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** the path as documented, with `{name}` placeholders */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  /** the JSON body's schema; undefined when the operation takes none */
  body: JsonSchema | undefined;
  /** a multipart upload */
  multipart: boolean;
  /** the upload's form (its text fields and the file), when the document describes it */
  multipartForm: JsonSchema | undefined;
  /** the status codes the document lists */
  responses: number[];
  summary: string;
}

const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Replaces every local `$ref` by the schema it names (the documents hold no cycles). */
function resolve(value: unknown, doc: JsonSchema, depth = 0): unknown {
  if (depth > 50) throw new Error('OpenAPI schema nested too deep (a cycle?)');
  if (Array.isArray(value)) return value.map((v) => resolve(v, doc, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[decodeURIComponent(key)], doc);
    return resolve(target, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, doc, depth + 1)]));
}

export function readOperations(directory = join(root, 'contracts', 'openapi')): Operation[] {
  const operations: Operation[] = [];
  for (const file of readdirSync(directory)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const doc = JSON.parse(readFileSync(join(directory, file), 'utf8')) as JsonSchema;
    const service = file.replace(/\.json$/, '');
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of methods) {
        const op = item[method] as Record<string, unknown> | undefined;
        if (!op) continue;
        const resolved = resolve(op, doc) as {
          parameters?: { in: string; name: string; schema: JsonSchema; required?: boolean }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          responses?: Record<string, unknown>;
          summary?: string;
        };
        const parameters = resolved.parameters ?? [];
        const content = resolved.requestBody?.content ?? {};
        operations.push({
          service,
          method: method.toUpperCase() as Operation['method'],
          path,
          pathParams: parameters
            .filter((p) => p.in === 'path')
            .map((p) => ({ name: p.name, schema: p.schema })),
          queryParams: parameters
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
          body: content['application/json']?.schema,
          multipart: 'multipart/form-data' in content,
          multipartForm: content['multipart/form-data']?.schema,
          responses: Object.keys(resolved.responses ?? {})
            .map(Number)
            .filter((n) => Number.isInteger(n)),
          summary: resolved.summary ?? '',
        });
      }
    }
  }
  return operations;
}
