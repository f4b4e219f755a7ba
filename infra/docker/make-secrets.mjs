// Makes the secrets docker-compose.yml reads, once per machine, under infra/docker/secrets/ (ignored by git
// and by the image build): the identity keypair, the database password and URL, and the services' own
// keys. Nothing secret has a default in the repository (issue 20). Existing files are kept, so running it
// again changes nothing; delete a file to make a new one.
//   node infra/docker/make-secrets.mjs
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('./secrets/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true, mode: 0o700 });
const random = () => randomBytes(32).toString('base64');
// Readable by uid 1000 inside the containers (compose mounts the files as they are), in a 700 folder.
const write = (name, value) => {
  const path = join(dir, name);
  if (existsSync(path)) return false;
  writeFileSync(path, value, { mode: 0o644 });
  return true;
};

const keys = generateKeyPairSync('ed25519', {
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
if (!existsSync(join(dir, 'identity-private.pem'))) {
  write('identity-public.pem', keys.publicKey);
  write('identity-private.pem', keys.privateKey);
}
const password = randomBytes(18).toString('hex');
if (write('postgres-password', password))
  writeFileSync(join(dir, 'database-url'), `postgres://loadline:${password}@postgres:5432/loadline`, {
    mode: 0o644,
  });
write('mailbox-secret-key', random());
write('driver-link-secret', random());
write('payment-test-gateway-secret', random());
console.log(`secrets in ${dir}`);
