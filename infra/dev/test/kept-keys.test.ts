// The keys an install makes once (.data/keys): systems starting at once on a fresh clone all read the same
// complete file (a journey failed reading a half-written identity.json: `Unexpected end of JSON input`), and
// an older install's file missing a name keeps its keys and gets the missing one.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { keptKeys } from '../kept-keys.ts';

const run = promisify(execFile);
const made: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'loadline-keys-'));
  made.push(dir);
  return join(dir, 'keys');
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A process of its own that makes or reads the file at `startAt` (a wall-clock time every racer waits for,
 * so they collide) and prints what it got. The keys are large, so a file half written can be seen.
 */
const racer = async (dir: string, startAt: number): Promise<string> => {
  const { stdout } = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { keptKeys } from ${JSON.stringify(join(import.meta.dirname, '..', 'kept-keys.ts'))};
     import { randomBytes } from 'node:crypto';
     while (Date.now() < ${startAt}) {}
     const keys = keptKeys(${JSON.stringify(dir)}, 'identity.json', ['publicKey', 'privateKey'], () => ({
       publicKey: randomBytes(131072).toString('hex'), privateKey: randomBytes(131072).toString('hex') }));
     process.stdout.write(JSON.stringify(keys));`,
    ],
    { maxBuffer: 4 * 1024 * 1024 },
  );
  return stdout;
};

describe('keys kept once per install', () => {
  it('gives every one of eight processes starting at once the same complete keys, and leaves no draft', async () => {
    const dir = freshDir();
    const startAt = Date.now() + 1500;
    const answers = await Promise.all(Array.from({ length: 8 }, () => racer(dir, startAt)));
    const keys = JSON.parse(answers[0]!) as Record<string, string>;
    expect(keys.publicKey).toHaveLength(262_144);
    expect(keys.privateKey).toHaveLength(262_144);
    for (const answer of answers) expect(JSON.parse(answer)).toEqual(keys);
    expect(JSON.parse(readFileSync(join(dir, 'identity.json'), 'utf8'))).toEqual(keys);
    expect(readdirSync(dir)).toEqual(['identity.json']);
  });

  it('keeps an older file’s keys and adds the name it lacks', () => {
    const dir = freshDir();
    const names = ['A', 'B', 'C'];
    const make = () => Object.fromEntries(names.map((n) => [n, `new-${n}`]));
    expect(keptKeys(dir, 'secrets.json', names.slice(0, 2), make)).toEqual({
      A: 'new-A',
      B: 'new-B',
      C: 'new-C',
    });
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ A: 'old-A', B: 'old-B' }));
    const completed = { A: 'old-A', B: 'old-B', C: 'new-C' };
    expect(keptKeys(dir, 'secrets.json', names, make)).toEqual(completed);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual(completed);
    expect(readdirSync(dir)).toEqual(['secrets.json']);
  });
});
