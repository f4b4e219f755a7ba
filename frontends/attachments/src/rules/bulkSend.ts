// Bulk sends post in chunks of 50 and stop at the first failing chunk (001 §7, §8, §9).
import { BULK_SEND_CHUNK_SIZE } from '@loadline/contracts';

export function chunksOf<T>(items: readonly T[], size: number = BULK_SEND_CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface BulkOutcome<T> {
  /** the chunks sent, in order */
  sent: T[][];
  /** the chunk that failed (the rest were not sent), or null */
  failed: T[] | null;
}

export async function sendInChunks<T>(
  items: readonly T[],
  send: (chunk: T[]) => Promise<boolean>,
): Promise<BulkOutcome<T>> {
  const sent: T[][] = [];
  for (const chunk of chunksOf(items)) {
    if (!(await send(chunk))) return { sent, failed: chunk };
    sent.push(chunk);
  }
  return { sent, failed: null };
}
