// `npm start`: the whole system with demo data on http://127.0.0.1:8080.
import { demoMailboxPassword, demoPassword, demoUsers } from '@loadline/contracts/demo';
import { buildFrontends } from './build-frontends.ts';
import { localMailboxes, localMailServer } from './servers.ts';
import { startSystem } from './system.ts';

const started = Date.now();
await buildFrontends();
const system = await startSystem({ seedDemoData: true });
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

  Sign in with password "${demoPassword}" as:
${demoUsers.map((u) => `    ${u.email.padEnd(20)} ${u.kind === 'staff' ? 'broker staff' : 'customer'}${u.permissions.includes('ITSupportAdmin') ? ' (IT support admin)' : ''}`).join('\n')}

Press Ctrl+C to stop.`);

const shutdown = async () => {
  await system.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
