// Stores an upload for good: inside one transaction, the blob is locked (store/attachments.ts lockBlob),
// its file made durable in the store, and only then the attachment and its event are written. If the
// transaction fails at any point the record is not there; the file may be (an orphan), and the purge
// job removes orphans. A record never exists without its whole file.
import type { ServiceRuntime } from '@loadline/platform';
import type { BlobStore, StagedFile } from '../adapters/storage/blob-store.ts';
import { discard } from '../adapters/storage/staging.ts';
import { type AttachmentRow, insertAttachment, lockBlob, type NewAttachment } from '../store/attachments.ts';
import type { AttachmentsTables } from '../store/tables.ts';

export async function commitUpload(
  runtime: ServiceRuntime<AttachmentsTables>,
  store: BlobStore,
  staged: StagedFile,
  attachment: Omit<NewAttachment, 'sha256' | 'sizeBytes'>,
): Promise<AttachmentRow> {
  try {
    return await runtime.db.transaction().execute(async (trx) => {
      await lockBlob(trx, staged.sha256);
      await store.put(staged, attachment.contentType);
      return insertAttachment(runtime, trx, {
        ...attachment,
        sha256: staged.sha256,
        sizeBytes: staged.sizeBytes,
      });
    });
  } finally {
    await discard(staged);
  }
}
