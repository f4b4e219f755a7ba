// Mailbox passwords (and, with issue 18 item 2, tokens) sealed at rest: AES-256-GCM with a key from
// configuration (MAILBOX_SECRET_KEY), a fresh 12-byte nonce per seal, and the owner's user id as additional
// data, so a sealed value copied to another staff member's row does not open. Stored as
// `v1.<nonce>.<tag>.<ciphertext>` in base64url. Pure: no I/O.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const secretKeyBytes = 32;

/** The key from its configured form: 32 bytes in base64 (or base64url). */
export function parseSecretKey(encoded: string): Buffer {
  const key = Buffer.from(encoded.trim(), 'base64');
  if (key.length !== secretKeyBytes) {
    throw new Error(`MAILBOX_SECRET_KEY must be ${secretKeyBytes} bytes in base64, got ${key.length} bytes`);
  }
  return key;
}

export function sealSecret(key: Buffer, owner: string, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
  return `v1.${parts.join('.')}`;
}

/** The plaintext of a sealed value; throws when it was sealed with another key or for another owner. */
export function openSecret(key: Buffer, owner: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(owner, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
