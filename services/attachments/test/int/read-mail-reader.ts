// A mailbox reader in a process of its own, for the SIGKILL test of read-mail.test.ts: the attachments
// service on the test file's schema, queue prefix and event namespace, reading one mailbox until killed.
import { buildService } from '@loadline/platform/testing';
import { readMailbox } from '../../src/app/read-mail.ts';
import { attachmentsService } from '../../src/service.ts';

const env = process.env;
const t = await buildService(attachmentsService, {
  config: {
    databaseSchema: env.READER_SCHEMA!,
    eventNamespace: env.READER_NAMESPACE!,
    queuePrefix: env.READER_PREFIX!,
  },
  settings: { dataDir: env.READER_DATA_DIR!, mailIdleMs: 0 },
});
await readMailbox(t.deps, env.READER_USER_ID!);
// Never cleaned up: the schema is the test file's.
process.exit(0);
