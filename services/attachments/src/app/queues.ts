// The attachments service's queues (BullMQ, through the platform's job helper) and how a send is queued.
import { MAIL_ATTEMPTS } from '../domain/mail-status.ts';
import type { AttachmentsDeps } from '../service.ts';

export const queues = {
  /** one outgoing email or fax (job id = message id) */
  send: 'attachments-send',
  /** the purge of deleted attachments past retention, orphan files and stale staging; repeats hourly */
  purge: 'attachments-purge',
  /** one staff mailbox read (job data: its user id); a schedule per mailbox that reads (decision 0071) */
  readMail: 'attachments-read-mail',
} as const;

export interface SendJob {
  messageId: string;
}

/** How BullMQ retries a send: the first try and two retries (002 §4), a growing pause between them. */
export const sendJobOptions = (messageId: string, backoffMs: number) => ({
  idempotencyKey: messageId,
  attempts: MAIL_ATTEMPTS,
  backoff: { type: 'exponential' as const, delay: backoffMs },
});

/** Queues a recorded message's send (after its commit; a lost enqueue is found by the purge and queued again). */
export async function enqueueSend(deps: AttachmentsDeps, messageId: string): Promise<void> {
  await deps.runtime
    .queue<SendJob>(queues.send)
    .enqueue({ messageId }, sendJobOptions(messageId, deps.settings.sendBackoffMs));
}
