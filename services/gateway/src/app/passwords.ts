// Password hashing with Argon2id at OWASP's recommended minimum. The Password Storage Cheat Sheet lists
// five configurations that "provide an equal level of defense", trading memory for passes: 46 MiB × 1,
// 19 MiB × 2, 12 MiB × 3, 9 MiB × 4 and 7 MiB × 5 (1 lane each). We use 7 MiB × 5: the same minimum
// defence, and its working set fits this kind of machine's CPU cache, so a core verifies almost twice as
// many sign-ins per second (docs/decisions/0002). Not lowered below that list for the login benchmark.
import { hash, verify } from '@node-rs/argon2';

export const argon2Options = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 7_168,
  timeCost: 5,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(password, argon2Options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A stored hash made with other parameters (an older setting): verify still reads them from the hash, and
 * the next correct sign-in stores a new hash with today's, so no one has to reset a password.
 */
export function needsRehash(passwordHash: string): boolean {
  const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!params) return true;
  const [, m, t, p] = params.map(Number);
  return m !== argon2Options.memoryCost || t !== argon2Options.timeCost || p !== argon2Options.parallelism;
}

// Verified against when the email is unknown, so a wrong email costs as long as a wrong password.
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => {
  decoy ??= hashPassword('no such user: decoy password');
  return decoy;
};
