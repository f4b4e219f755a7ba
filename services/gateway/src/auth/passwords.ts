// Password hashing with Argon2id at OWASP's recommended minimum (19 MiB memory, 2 passes,
// 1 lane). Kept there on purpose: the login benchmark measures this cost, it is not lowered.
import { hash, verify } from '@node-rs/argon2';

/** NIST SP 800-63B: at least 8 characters for a password a person chooses. */
export const minimumPasswordLength = 8;

export const argon2Options = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
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

// Verified against when the email is unknown, so a wrong email costs as long as a wrong password.
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => {
  decoy ??= hashPassword('no such user: decoy password');
  return decoy;
};
