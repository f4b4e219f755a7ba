// Keys a local install makes once and keeps under .data/keys (the identity key pair, the secrets a deployment
// keeps in its secret store: issue 20).
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * A file of keys in `dir`, made once per install. It is written whole under a name of its own and then
 * linked (made) or renamed (completed) into place, so systems starting at once (the journeys' files run in
 * parallel on a fresh clone) never read a half-written file, and all of them get the first one made.
 */
export function keptKeys<T extends Record<string, string>>(
  dir: string,
  name: string,
  names: readonly string[],
  make: () => T,
): T {
  const file = join(dir, name);
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as T;
  const draft = (keys: T) => {
    mkdirSync(dir, { recursive: true });
    const path = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(path, JSON.stringify(keys), { mode: 0o600 });
    return path;
  };
  if (!existsSync(file)) {
    const path = draft(make());
    try {
      linkSync(path, file);
    } catch (error) {
      // another system made it first: theirs is kept
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(path);
    }
  }
  const kept = read();
  if (names.every((n) => kept[n])) return kept;
  // an older install's file, missing a name: its keys stay, the missing ones are added
  const completed = { ...make(), ...kept };
  renameSync(draft(completed), file);
  return completed;
}
