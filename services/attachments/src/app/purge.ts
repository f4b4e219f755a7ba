// The purge (queue attachments-purge, repeated hourly): removes attachments deleted longer ago than the
// retention period with their files (unless the same bytes are still used), files no record names (an
// upload that failed between storing its file and committing its record), staged files left by a crash
// mid-upload, and queues again messages whose send job was lost.
import { rm } from 'node:fs/promises';
import { staleStagedFiles } from '../adapters/storage/staging.ts';
import { inFlightStatuses } from '../domain/mail-status.ts';
import { ORPHAN_GRACE_MS, orphanCutoff } from '../domain/retention.ts';
import type { AttachmentsDeps } from '../service.ts';
import { blobKnown, lockBlob, purgeExpiredRecords, releaseBlob } from '../store/attachments.ts';
import { stuckMessages } from '../store/messages.ts';
import { queues, sendJobOptions } from './queues.ts';

export interface PurgeReport {
  attachments: number;
  blobs: number;
  orphans: number;
  staging: number;
  requeued: number;
}

/** A message still in flight this long after its last change has lost its job. */
const STUCK_AFTER_MS = 10 * 60 * 1000;

export async function purge(
  deps: AttachmentsDeps,
  options: { now?: Date; orphanGraceMs?: number; sendBackoffMs?: number } = {},
): Promise<PurgeReport> {
  const now = options.now ?? new Date();
  const db = deps.runtime.db;
  const report: PurgeReport = { attachments: 0, blobs: 0, orphans: 0, staging: 0, requeued: 0 };

  const removeIf = async (sha256: string, shouldRemove: (trx: typeof db) => Promise<boolean>) =>
    db.transaction().execute(async (trx) => {
      await lockBlob(trx, sha256);
      if (!(await shouldRemove(trx))) return false;
      // Removed while the lock is held: an upload of the same bytes waits, then stores them again.
      await deps.adapters.store.remove(sha256);
      return true;
    });

  for (;;) {
    const blobs = await purgeExpiredRecords(db, now);
    if (blobs.length === 0) break;
    report.attachments += blobs.length;
    for (const sha256 of blobs) if (await removeIf(sha256, (trx) => releaseBlob(trx, sha256))) report.blobs++;
  }

  const cutoff = orphanCutoff(now, options.orphanGraceMs ?? ORPHAN_GRACE_MS);
  for await (const blob of deps.adapters.store.list()) {
    if (blob.modifiedAt >= cutoff) continue;
    if (await removeIf(blob.sha256, async (trx) => !(await blobKnown(trx, blob.sha256)))) report.orphans++;
  }
  for await (const path of staleStagedFiles(deps.adapters.store.stagingDir, cutoff)) {
    await rm(path, { force: true });
    report.staging++;
  }

  const stuck = await stuckMessages(db, inFlightStatuses, new Date(now.getTime() - STUCK_AFTER_MS));
  for (const messageId of stuck) {
    await deps.runtime
      .queue(queues.send)
      .enqueue({ messageId }, sendJobOptions(messageId, options.sendBackoffMs ?? 1000));
    report.requeued++;
  }
  return report;
}
