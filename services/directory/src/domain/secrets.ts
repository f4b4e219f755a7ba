// Mailbox passwords sealed at rest: the platform's one sealing helper (decision 0070), shared with the
// attachments service, which opens them to read mail (decision 0071).
export { openSecret, parseSecretKey, sealSecret, secretKeyBytes } from '@loadline/platform/secrets';
