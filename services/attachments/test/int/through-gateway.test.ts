// Files through the gateway, as the browser sends them: the gateway streams an upload larger than its own
// JSON body limit to the service untouched, and passes the download's Content-Disposition and nosniff on.
import { createHash } from 'node:crypto';
import { gatewayService } from '@loadline/gateway/service';
import type { App } from '@loadline/platform';
import { buildService, eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Service, startService } from './fixtures.ts';

let s: Service;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let app: App;

const startGateway = () =>
  buildService(gatewayService, {
    config: { eventNamespace: s.namespace },
    // the demo users' credentials
    seed: true,
    settings: {
      identityPrivateKey: s.keys.privateKey,
      services: { attachments: s.base },
      secureCookies: false,
      shells: {
        shells: {},
        remotes: {},
        remoteUrls: {},
        ssoHosts: [],
        ssoLoginUrl: undefined,
        environment: 'test',
      },
    },
  });
let base: string;

beforeAll(async () => {
  s = await startService();
  gateway = await startGateway();
  app = gateway.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await gateway.runtime.start();
  await eventually(
    async () =>
      (await gateway.runtime.db.selectFrom('directory_user').select('user_id').execute()).length >= 4,
    30_000,
  );
}, 180_000);

afterAll(async () => {
  await app?.close();
  await gateway?.cleanup();
  await s?.close();
});

describe('through the gateway', () => {
  it('streams a 3 MB upload to the service and the download back with its headers', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@demo.test', password: 'demo' }),
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x41)]);
    const form = new FormData();
    form.set('shipmentId', '10005');
    form.set('file', new Blob([bytes]), 'big POD.pdf');
    const upload = await fetch(`${base}/api/files/fileUpload`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const attachment = (await upload.json()) as { attachmentId: string; sizeBytes: number };
    expect(attachment.sizeBytes).toBe(bytes.length);
    const download = await fetch(`${base}/files/Attachment?i=${attachment.attachmentId}`, {
      headers: { cookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="big POD.pdf"; filename*=UTF-8''big%20POD.pdf`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const back = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(back).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });
});
