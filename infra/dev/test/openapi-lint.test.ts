// The contracts integrators read pass a standard linter (issue 20, item 4): `@redocly/cli lint` with its
// recommended rules over every service's OpenAPI document, 0 errors. The documents are what the code makes
// (contracts-drift.test.ts), so a route without its security, a response or a tag fails here.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../manifest.ts';

describe('the OpenAPI documents', () => {
  it('pass @redocly/cli lint with 0 errors', { timeout: 120_000 }, () => {
    const documents = readdirSync(join(root, 'contracts/openapi'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => join('contracts/openapi', f));
    expect(documents.length).toBeGreaterThanOrEqual(8);
    const errors: string[] = [];
    for (const document of documents) {
      const run = spawnSync(
        process.execPath,
        [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', document, '--format=json'],
        {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      for (const p of report.problems.filter((p) => p.severity === 'error'))
        errors.push(`${document} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    }
    expect(errors).toEqual([]);
  });
});
