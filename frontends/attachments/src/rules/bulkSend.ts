// Bulk sends post in chunks of 50 and stop at the first failing chunk (001 §7, §8, §9), and the lists the
// bulk email sender reads from what staff type or paste.
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

/** "1 shipment", "4 shipments". */
export const countText = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Ids typed or pasted: one per line, or separated by commas, semicolons or spaces; repeats dropped. */
export function splitIdList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((part) => part.length > 0))];
}

export type ShipmentIdList = { ok: true; shipmentIds: number[] } | { ok: false; message: string };

/** Ours: the spec quotes no text for a shipment id that is not a number. */
export const notShipmentIds = (parts: readonly string[]) =>
  `${parts.join(', ')} ${parts.length === 1 ? 'is not a shipment id' : 'are not shipment ids'}: a shipment id is a number.`;

/** The shipments of a bulk send, from the typed list (001 §3 bulk email: shipmentIds). */
export function parseShipmentIds(text: string): ShipmentIdList {
  const parts = splitIdList(text);
  const bad = parts.filter((p) => !/^[1-9][0-9]{0,9}$/.test(p) || Number(p) > 2_147_483_647);
  if (bad.length > 0) return { ok: false, message: notShipmentIds(bad) };
  return { ok: true, shipmentIds: parts.map(Number) };
}

/**
 * What a chunked send did, in words (ours: 001 §8 says the send stops at the first failing chunk without
 * quoting a text): how many went, and which were not sent because their chunk failed or came after it.
 */
export function bulkOutcomeText<T>(outcome: BulkOutcome<T>, total: readonly T[], noun: string): string {
  const went = outcome.sent.reduce((n, chunk) => n + chunk.length, 0);
  const chunks = chunksOf(total).length;
  if (outcome.failed === null)
    return `${went} of ${countText(total.length, noun)} sent in ${countText(chunks, 'chunk')}.`;
  const after = total.length - went - outcome.failed.length;
  return (
    `${went} of ${countText(total.length, noun)} sent. Chunk ${outcome.sent.length + 1} of ${chunks} failed and the ` +
    `send stopped there: ${outcome.failed.join(', ')}` +
    (after > 0 ? `; the ${after} after it were not sent either.` : '.')
  );
}
