// Deletes are soft: a deleted attachment is kept (record and file) for the retention period, so a
// mistaken delete can be undone by support and an audit can still read it; then the purge job removes
// it. Files nobody records (an upload that crashed before its commit) and half-written staging files are
// removed once they are older than a grace period, which leaves room for an upload still committing.
const DAY_MS = 24 * 60 * 60 * 1000;

export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

export function retentionEnd(deletedAt: Date, retentionDays: number): Date {
  return new Date(deletedAt.getTime() + retentionDays * DAY_MS);
}

/** Blobs and staged files older than this may be orphans. */
export function orphanCutoff(now: Date, graceMs: number = ORPHAN_GRACE_MS): Date {
  return new Date(now.getTime() - graceMs);
}
