// The breaking-change check (issue 20): what an integrator built against the last release's OpenAPI
// documents must keep working against today's. `contracts/released/` holds the documents as released
// (`node infra/dev/contracts-compat.ts --release` copies them there when the version in the root
// package.json changes); infra/dev/test/contracts-compat.test.ts compares, and a breaking change fails
// the build unless the version says so (a new major, or a new minor while the major is 0).
//
// Breaking, for a client: an operation gone; a success status gone; a parameter or request field that is
// new and required, or became required; an accepted value of an enum gone from a request; a field of a
// success answer gone, or no longer always there, or of another type. Adding is never breaking.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './manifest.ts';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are walked as plain JSON
type Json = any;
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export const currentDir = join(root, 'contracts/openapi');
export const releasedDir = join(root, 'contracts/released');

function resolver(doc: Json) {
  return (schema: Json): Json => {
    let s = schema;
    for (let i = 0; s?.$ref && i < 20; i++) {
      const path = String(s.$ref).replace(/^#\//, '').split('/');
      s = path.reduce((node: Json, key) => node?.[key], doc);
    }
    return s ?? {};
  };
}

const typeOf = (schema: Json): string => {
  if (schema.type) return [schema.type].flat().sort().join('|');
  if (schema.anyOf || schema.oneOf) return 'union';
  if (schema.properties) return 'object';
  return 'any';
};

/** The breaking changes from `before` to `after`, one readable line each. */
export function breakingChanges(before: Json, after: Json): string[] {
  const found: string[] = [];
  const rb = resolver(before);
  const ra = resolver(after);

  // A request schema: new required fields, fields made required, enum values no longer accepted.
  function request(where: string, b: Json, a: Json, depth: number) {
    const sb = rb(b);
    const sa = ra(a);
    if (depth > 6) return;
    if (Array.isArray(sb.enum) && Array.isArray(sa.enum)) {
      for (const value of sb.enum)
        if (!sa.enum.includes(value)) found.push(`${where}: ${JSON.stringify(value)} is no longer accepted`);
    }
    const propsB = sb.properties ?? {};
    const propsA = sa.properties ?? {};
    const requiredB = new Set<string>(sb.required ?? []);
    for (const name of sa.required ?? []) {
      if (!requiredB.has(name))
        found.push(`${where}.${name}: ${name in propsB ? 'became required' : 'is new and required'}`);
    }
    for (const [name, schema] of Object.entries(propsA)) {
      if (name in propsB) request(`${where}.${name}`, propsB[name], schema, depth + 1);
    }
    if (sb.items && sa.items) request(`${where}[]`, sb.items, sa.items, depth + 1);
  }

  // A success answer's schema: every field that was always there still is, with its type.
  function answer(where: string, b: Json, a: Json, depth: number) {
    const sb = rb(b);
    const sa = ra(a);
    if (depth > 6) return;
    const tb = typeOf(sb);
    const ta = typeOf(sa);
    if (tb !== 'any' && ta !== 'any' && tb !== ta) {
      found.push(`${where}: was ${tb}, is ${ta}`);
      return;
    }
    const propsB = sb.properties ?? {};
    const propsA = sa.properties ?? {};
    const requiredA = new Set<string>(sa.required ?? []);
    for (const name of sb.required ?? []) {
      if (!(name in propsA)) found.push(`${where}.${name}: is gone`);
      else if (!requiredA.has(name)) found.push(`${where}.${name}: is no longer always there`);
    }
    for (const [name, schema] of Object.entries(propsB)) {
      if (name in propsA) answer(`${where}.${name}`, schema, propsA[name], depth + 1);
      else if (!(sb.required ?? []).includes(name)) found.push(`${where}.${name}: is gone`);
    }
    if (sb.items && sa.items) answer(`${where}[]`, sb.items, sa.items, depth + 1);
  }

  for (const [path, itemB] of Object.entries<Json>(before.paths ?? {})) {
    for (const method of methods) {
      const opB = itemB[method];
      if (!opB) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const opA = after.paths?.[path]?.[method];
      if (!opA) {
        found.push(`${name}: is gone`);
        continue;
      }
      const key = (p: Json) => `${p.in}:${p.name}`;
      const paramsB = new Map<string, Json>((opB.parameters ?? []).map((p: Json) => [key(rb(p)), rb(p)]));
      for (const p of (opA.parameters ?? []).map(ra)) {
        const old = paramsB.get(key(p));
        if (p.required && !old?.required)
          found.push(
            `${name}: the ${p.in} parameter ${p.name} ${old ? 'became required' : 'is new and required'}`,
          );
        if (old?.schema && p.schema) request(`${name} ${p.in} ${p.name}`, old.schema, p.schema, 0);
      }
      const bodyB = rb(opB.requestBody ?? {}).content?.['application/json']?.schema;
      const bodyA = ra(opA.requestBody ?? {}).content?.['application/json']?.schema;
      if (bodyA && !bodyB && ra(opA.requestBody).required)
        found.push(`${name}: a request body is now required`);
      if (bodyA && bodyB) request(`${name} body`, bodyB, bodyA, 0);
      for (const [status, responseB] of Object.entries<Json>(opB.responses ?? {})) {
        if (!/^2/.test(status)) continue;
        const responseA = opA.responses?.[status];
        if (!responseA) {
          found.push(`${name}: answers ${status} no more`);
          continue;
        }
        for (const [type, contentB] of Object.entries<Json>(rb(responseB).content ?? {})) {
          const contentA = ra(responseA).content?.[type];
          if (!contentA) found.push(`${name} ${status}: no longer answers ${type}`);
          else if (contentB.schema && contentA.schema)
            answer(`${name} ${status}`, contentB.schema, contentA.schema, 0);
        }
      }
    }
  }
  return found;
}

/** A breaking change is allowed by a new major version, or a new minor one while the major is 0. */
export function versionAllowsBreaking(released: string, current: string): boolean {
  const [mb, nb] = released.split('.').map(Number);
  const [ma, na] = current.split('.').map(Number);
  if (ma !== mb) return true;
  return ma === 0 && na !== nb;
}

export const currentVersion = (): string =>
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

/** `--release`: today's documents become the released ones, with the version they were released as. */
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--release')) {
  mkdirSync(releasedDir, { recursive: true });
  for (const file of readdirSync(currentDir).filter((f) => f.endsWith('.json')))
    copyFileSync(join(currentDir, file), join(releasedDir, file));
  writeFileSync(join(releasedDir, 'VERSION'), `${currentVersion()}\n`);
  console.log(`contracts/released: the documents of version ${currentVersion()}`);
}
