// `npm start`: the whole system with demo data on http://127.0.0.1:8080.
import { demoMailboxPassword, demoPassword, demoUsers } from '@loadline/contracts/demo';
import { buildFrontends } from './build-frontends.ts';
import { localMailboxes, localMailServer } from './servers.ts';
import { startSystem } from './system.ts';

const started = Date.now();
await buildFrontends();
// A second system beside another (another checkout's): LOADLINE_PORT_OFFSET moves every port by that much (the
// SMTP sink's 2525 too, unless LOADLINE_SMTP_PORT), LOADLINE_SCHEMA_SUFFIX gives it schemas of its own, and
// EVENT_NAMESPACE / QUEUE_PREFIX its events and queues.
const portOffset = Number(process.env.LOADLINE_PORT_OFFSET || 0);
if (!Number.isInteger(portOffset) || portOffset < 0 || portOffset > 20_000)
  throw new Error(
    `LOADLINE_PORT_OFFSET must be a whole number from 0 to 20000, got "${process.env.LOADLINE_PORT_OFFSET}"`,
  );
const schemaSuffix = process.env.LOADLINE_SCHEMA_SUFFIX ?? '';
if (!/^(_[a-z0-9]+)?$/.test(schemaSuffix))
  throw new Error(
    `LOADLINE_SCHEMA_SUFFIX must be empty or _ and lowercase letters or digits, got "${schemaSuffix}"`,
  );
const system = await startSystem({ seedDemoData: true, portOffset, schemaSuffix, providerMailServers: true });
const providers = system.providerMailServers!;
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
Loadline is ready (${seconds} s): ${system.url}/

  Back office:  ${system.url}/back-office/
  Front office: ${system.url}/front-office/
  API docs:     ${system.url}/api/docs
  Mail sink:    ${system.mailSink.url}/  (every email sent, with its attachments; files in .data/mail)
  Fax sink:     ${system.attachmentsDataDir}/fax-sink
  Mailboxes:    IMAP ${localMailServer.host}:${localMailServer.imapPort}, SMTP ${localMailServer.host}:${system.mailSink.smtpPort} (no TLS, loopback only),
                password "${demoMailboxPassword}" for ${localMailboxes.map((m) => m.address).join(', ')}
  Sign-in:      Gmail, Microsoft and Front mailboxes sign in at the local OAuth server ${system.oauthServer.url}
  Gmail/Microsoft: IMAP ${providers.settings.GOOGLE_IMAP_SERVER}, SMTP ${providers.settings.GOOGLE_SMTP_SERVER} (XOAUTH2 with the sign-in's token;
                sent mail on ${providers.smtp.url}/), the mailbox of mailbox@oauth.localhost

  Sign in with password "${demoPassword}" as:
${demoUsers.map((u) => `    ${u.email.padEnd(20)} ${u.kind === 'staff' ? 'broker staff' : 'customer'}${u.permissions.includes('ITSupportAdmin') ? ' (IT support admin)' : ''}`).join('\n')}

Press Ctrl+C to stop.`);

const shutdown = async () => {
  await system.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
