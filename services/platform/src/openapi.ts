// The OpenAPI documents as integrators need them (issue 20, item 4), made from the routes' schemas: each
// operation with its security (the session cookie where an access guard protects the route, none where it is
// public), an operationId, declared tags, responses named by what they mean, the one error schema by
// reference; TypeBox's own marks ("~kind") left out. `@redocly/cli lint` holds the result in `npm test`.

type Json = Record<string, unknown>;

const described: Record<string, string> = {
  '200': 'OK',
  '201': 'Created: the new resource',
  '202': 'Accepted: the work is queued',
  '204': 'No Content: done',
  '206': 'Partial Content: the range asked for',
  '302': 'Found: redirected',
  '400': 'Bad Request: what was sent, the problems by field in errors',
  '401': 'Unauthorized: no session, or it has ended',
  '403': 'Forbidden: the caller may not do this',
  '404': 'Not Found: nothing the caller may see has this id',
  '409': 'Conflict: it changed meanwhile, or it is in a state that refuses this',
  '413': 'Payload Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Entity',
  '429': 'Too Many Requests: wait for the time in Retry-After',
  '502': 'Bad Gateway: an outside party did not answer',
  '503': 'Service Unavailable: a service it needs is not running',
};

/** Removes TypeBox's marks (keys starting with "~"), which are not JSON Schema. */
function withoutMarks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMarks);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) if (!key.startsWith('~')) out[key] = withoutMarks(v);
  return out;
}

const errorKeys = ['error', 'errors', 'message', 'requestId', 'statusCode'].join();
const isErrorBody = (schema: unknown): boolean => {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as { type?: unknown; properties?: Json; $id?: unknown };
  if (s.$id === 'ErrorBody') return true;
  return s.type === 'object' && !!s.properties && Object.keys(s.properties).sort().join() === errorKeys;
};

const camel = (words: string[]): string =>
  words
    .filter(Boolean)
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');

/** `GET /api/organizations/{organizationId}/users` → `getOrganizationsByOrganizationIdUsers`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && s.toLowerCase() !== 'api')
    .map((s) => {
      const param = /^\{(.+)\}$/.exec(s)?.[1];
      const word = (param ? `by-${param}` : s).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) =>
        c ? c.toUpperCase() : '',
      );
      return word;
    });
  return camel([method.toLowerCase(), ...words]);
}

/** The finished document: see the top of this file. */
export function finishOpenApi(document: Json): Json {
  const doc = withoutMarks(document) as Json & {
    paths?: Record<string, Record<string, Json>>;
    components?: { schemas?: Json; securitySchemes?: Json };
    tags?: { name: string }[];
    info?: Json;
  };
  doc.servers = [{ url: '/', description: 'the gateway, the one public origin' }];
  doc.info = { ...doc.info, license: { name: 'Proprietary', identifier: 'LicenseRef-Loadline' } };
  doc.components = doc.components ?? {};
  const schemas = doc.components.schemas ?? {};
  doc.components.schemas = schemas;
  const tags = new Set<string>();
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
      let id = (operation.operationId as string | undefined) ?? operationIdOf(method, path);
      // Paths the spec spells in two cases (/api/brokerCarrier, /api/brokercarrier) make the same words.
      for (let n = 2; ids.has(id); n += 1) id = `${operationIdOf(method, path)}${n}`;
      ids.add(id);
      operation.operationId = id;
      operation.summary ??= `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        if (response.description === 'Default Response' || !response.description)
          response.description = described[status] ?? 'The answer';
        for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) {
          if (isErrorBody(media.schema)) {
            schemas.ErrorBody ??= { ...(media.schema as Json), $id: undefined };
            media.schema = { $ref: '#/components/schemas/ErrorBody' };
          }
        }
      }
    }
  }
  if (schemas.ErrorBody) delete (schemas.ErrorBody as Json).$id;
  const declared = new Map((doc.tags ?? []).map((t) => [t.name, t]));
  doc.tags = [...new Set([...declared.keys(), ...tags])]
    .sort()
    .map((name) => declared.get(name) ?? { name, description: `The ${name} operations.` });
  return doc;
}
