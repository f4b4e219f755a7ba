// The reader the schema-driven tests walk: every operation of every committed document, refs resolved.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../manifest.ts';
import { readOperations } from '../openapi-operations.ts';

describe('readOperations', () => {
  const operations = readOperations();
  it('reads every operation of every document', () => {
    const shipments = JSON.parse(readFileSync(join(root, 'contracts/openapi/shipments.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.values(shipments.paths).flatMap((item) =>
      Object.keys(item).filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m)),
    );
    expect(operations.filter((o) => o.service === 'shipments')).toHaveLength(documented.length);
    expect(new Set(operations.map((o) => o.service))).toContain('gateway');
  });

  it('resolves every $ref, so a schema can be walked as it is', () => {
    expect(JSON.stringify(operations)).not.toContain('"$ref"');
    const upload = operations.find((o) => o.path === '/api/files/fileUpload');
    expect(upload?.multipart).toBe(true);
    const add = operations.find((o) => o.method === 'POST' && o.path === '/api/activitylog');
    expect(add?.body?.required).toContain('shipmentId');
  });
});
