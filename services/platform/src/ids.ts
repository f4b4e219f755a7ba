import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A new id with a type prefix so logs read well (`org_…`, `usr_…`): 10 characters of
 * time then 12 of randomness, so ids sort by creation.
 */
export function newId(prefix: string, now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = alphabet[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = [...randomBytes(12)].map((b) => alphabet[b % 32]).join('');
  return `${prefix}_${time}${random}`;
}
