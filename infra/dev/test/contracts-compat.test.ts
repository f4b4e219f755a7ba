// The breaking-change check: today's OpenAPI documents against the last release's (contracts/released),
// and the check itself on small documents, so that it is known to find what it must.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  breakingChanges,
  currentDir,
  currentVersion,
  releasedDir,
  versionAllowsBreaking,
} from '../contracts-compat.ts';

// biome-ignore lint/suspicious/noExplicitAny: small OpenAPI documents edited freely
type Doc = any;
const load = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

describe('today’s contracts against the last release', () => {
  const released = readFileSync(join(releasedDir, 'VERSION'), 'utf8').trim();
  const files = readdirSync(releasedDir).filter((f) => f.endsWith('.json'));

  it('keeps every released document', () => {
    const current = readdirSync(currentDir);
    expect(files.filter((f) => !current.includes(f))).toEqual([]);
  });

  it.each(files)('%s breaks nothing an integrator uses (unless the version says so)', (file) => {
    const changes = breakingChanges(load(releasedDir, file), load(currentDir, file));
    if (versionAllowsBreaking(released, currentVersion())) return;
    expect(
      changes,
      `breaking changes since ${released}: make them additive, or raise the version in package.json and ` +
        'run `node infra/dev/contracts-compat.ts --release` when releasing',
    ).toEqual([]);
  });
});

const doc = (paths: object, schemas: object = {}) => ({ openapi: '3.0.3', paths, components: { schemas } });
const shipment = {
  type: 'object',
  required: ['shipmentId', 'status'],
  properties: { shipmentId: { type: 'integer' }, status: { type: 'integer' }, note: { type: 'string' } },
};
const base = doc(
  {
    '/api/shipments/{id}': {
      get: {
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Shipment' } } } },
        },
      },
      put: {
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['status'],
                properties: { status: { type: 'integer', enum: [1, 2, 3] }, note: { type: 'string' } },
              },
            },
          },
        },
        responses: { '204': { description: 'saved' } },
      },
    },
  },
  { Shipment: shipment },
);
const changed = (edit: (d: Doc) => void) => {
  const d = structuredClone(base);
  edit(d);
  return d;
};

describe('breakingChanges', () => {
  it('finds nothing between a document and itself, nor in additions', () => {
    expect(breakingChanges(base, base)).toEqual([]);
    const added = changed((d: Doc) => {
      d.paths['/api/shipments'] = { get: { responses: { '200': {} } } };
      d.components.schemas.Shipment.properties.proNumber = { type: 'string' };
      d.paths['/api/shipments/{id}'].put.requestBody.content['application/json'].schema.properties.x = {
        type: 'string',
      };
      d.paths['/api/shipments/{id}'].put.requestBody.content[
        'application/json'
      ].schema.properties.status.enum.push(4);
    });
    expect(breakingChanges(base, added)).toEqual([]);
  });

  it('finds an operation gone and a success status gone', () => {
    const gone = changed((d: Doc) => {
      delete d.paths['/api/shipments/{id}'].get;
      d.paths['/api/shipments/{id}'].put.responses = { '200': {} };
    });
    expect(breakingChanges(base, gone)).toEqual([
      'GET /api/shipments/{id}: is gone',
      'PUT /api/shipments/{id}: answers 204 no more',
    ]);
  });

  it('finds a request field new and required, made required, and an accepted value gone', () => {
    const stricter = changed((d: Doc) => {
      const body = d.paths['/api/shipments/{id}'].put.requestBody.content['application/json'].schema;
      body.required = ['status', 'note', 'reason'];
      body.properties.reason = { type: 'string' };
      body.properties.status.enum = [1, 2];
      d.paths['/api/shipments/{id}'].get.parameters.push({ in: 'query', name: 'as', required: true });
    });
    expect(breakingChanges(base, stricter).sort()).toEqual(
      [
        'GET /api/shipments/{id}: the query parameter as is new and required',
        'PUT /api/shipments/{id} body.note: became required',
        'PUT /api/shipments/{id} body.reason: is new and required',
        'PUT /api/shipments/{id} body.status: 3 is no longer accepted',
      ].sort(),
    );
  });

  it('finds an answer field gone, no longer always there, or of another type (through $ref)', () => {
    const poorer = changed((d: Doc) => {
      const s = d.components.schemas.Shipment;
      s.required = ['shipmentId'];
      s.properties.shipmentId = { type: 'string' };
      delete s.properties.note;
    });
    expect(breakingChanges(base, poorer).sort()).toEqual(
      [
        'GET /api/shipments/{id} 200.note: is gone',
        'GET /api/shipments/{id} 200.shipmentId: was integer, is string',
        'GET /api/shipments/{id} 200.status: is no longer always there',
      ].sort(),
    );
  });

  it('lets a new major version (or a new minor while the major is 0) break', () => {
    expect(versionAllowsBreaking('0.22.0', '0.22.1')).toBe(false);
    expect(versionAllowsBreaking('0.22.0', '0.23.0')).toBe(true);
    expect(versionAllowsBreaking('1.4.0', '1.5.0')).toBe(false);
    expect(versionAllowsBreaking('1.4.0', '2.0.0')).toBe(true);
  });
});
