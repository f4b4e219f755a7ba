import { randomFillSync, randomUUID } from 'node:crypto';

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
  let random = '';
  for (let i = 0; i < 12; i++) random += alphabet[randomByte() % 32];
  return `${prefix}_${time}${random}`;
}

/**
 * Random bytes drawn from the operating system's generator a pool at a time, as `randomUUID` does: one call
 * per 341 ids, not one per id (a bulk import makes several ids for each of hundreds of thousands of rows).
 */
const pool = Buffer.alloc(4096);
let pooled = pool.length;
function randomByte(): number {
  if (pooled === pool.length) {
    randomFillSync(pool);
    pooled = 0;
  }
  return pool[pooled++]!;
}

/**
 * A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, then randomness. Event ids
 * are keys of each consumer's `handled_event`; ids that grow with time land at the right edge of that
 * index instead of on random pages across it.
 */
export function uuidv7(now = Date.now()): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: keep its variant and random bits
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
