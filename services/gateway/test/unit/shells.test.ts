// The gateway serving the built shells and remotes, and telling the shells where remotes are.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type App, createApp } from '@loadline/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellHeaders } from '../../src/http/shell-headers.ts';
import { registerShells } from '../../src/http/shells.ts';

let app: App;
const dir = mkdtempSync(join(tmpdir(), 'loadline-shells-'));
const shell = join(dir, 'shell');
const remote = join(dir, 'remote');

beforeAll(async () => {
  mkdirSync(shell);
  mkdirSync(remote);
  writeFileSync(join(shell, 'index.html'), '<!doctype html><title>back office</title>');
  writeFileSync(join(shell, 'main.0123456789abcdef.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'not for the browser');
  writeFileSync(join(remote, 'mf-manifest.json'), '{"name":"directory"}');
  // The frontends' build writes a gzipped copy beside each script (issue 19): made different here, so the
  // test sees which one was sent.
  writeFileSync(join(remote, 'remoteEntry.js'), 'var directory = 1;');
  writeFileSync(join(remote, 'remoteEntry.js.gz'), gzipSync('var directory = "gzipped";'));
  app = await createApp({ name: 'shells', logger: false });
  await registerShells(app, {
    shells: { '/back-office/': shell },
    remotes: { directory: remote, activity: remote },
    remoteUrls: { activity: 'https://activity.cdn.example.test/mf-manifest.json' },
    ssoHosts: [],
    ssoLoginUrl: undefined,
    environment: 'test',
    hsts: true,
  });
});

afterAll(async () => {
  await app.close();
});

describe('shells and remotes', () => {
  it('serves the shell pages with their security headers (issue 20)', async () => {
    const res = await app.inject({ method: 'GET', url: '/back-office/shipment/shipment-details/1234' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://activity.cdn.example.test;");
    expect(csp).toContain("img-src 'self' data: blob:;");
    // A configured tile server may serve the maps' images.
    expect(
      shellHeaders({ remoteUrls: {}, mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', hsts: false })[
        'content-security-policy'
      ],
    ).toContain("img-src 'self' data: blob: https://tiles.example.test;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('adds the slash to the shell root and serves its page without caching', async () => {
    const bare = await app.inject({ method: 'GET', url: '/back-office' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/back-office/');
    const root = await app.inject({ method: 'GET', url: '/back-office/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('back office');
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('answers every client route with the shell page, so deep links work', async () => {
    const res = await app.inject({ method: 'GET', url: '/back-office/shipment/shipment-details/1234' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('back office');
  });

  it("serves the back-office shell for 000 §2's hash-routed shipment pages, in any case", async () => {
    for (const url of [
      '/Backoffice/ShipmentInternational',
      '/backoffice/shipmentinternational',
      '/BackOffice/ShipmentSearch',
      '/Backoffice/ShipmentDomestic',
      '/BACKOFFICE/SHIPMENTDOMESTIC/',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('back office');
    }
    expect((await app.inject({ method: 'GET', url: '/Backoffice/Elsewhere' })).statusCode).toBe(404);
  });

  it('answers the browser’s /favicon.ico with an icon, not a 404 (issue 14 item 15)', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    // An ICO directory (reserved 0, type 1 icon, one image) holding a PNG.
    expect([...res.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(res.rawPayload.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/back-office/main.0123456789abcdef.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends a script's gzipped copy to a browser that accepts gzip, the file itself to one that does not", async () => {
    const gzipped = await app.inject({
      method: 'GET',
      url: '/remotes/directory/remoteEntry.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe('var directory = "gzipped";');
    const plain = await app.inject({ method: 'GET', url: '/remotes/directory/remoteEntry.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('var directory = 1;');
    // A file without a copy is sent as it is, whatever the browser accepts.
    const manifest = await app.inject({
      method: 'GET',
      url: '/remotes/directory/mf-manifest.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(manifest.headers['content-encoding']).toBeUndefined();
    expect(manifest.body).toBe('{"name":"directory"}');
  });

  it('never serves a file outside the shell folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/back-office/..%2fsecret.txt' });
    expect(res.body).not.toContain('not for the browser');
  });

  it('serves remotes with CORS so a shell on another origin can load them, and 404s what is missing', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/remotes/directory/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const missing = await app.inject({ method: 'GET', url: '/remotes/directory/nothing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('names each remote’s manifest for this environment: a configured URL wins over the local copy', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'tms.example.test' },
    });
    expect(res.json()).toEqual({
      remotes: {
        directory: '/remotes/directory/mf-manifest.json',
        activity: 'https://activity.cdn.example.test/mf-manifest.json',
      },
      ssoEnabled: false,
      ssoLoginUrl: null,
      environment: 'test',
      mapTileUrl: null,
    });
  });

  it('names a map tile server only when one is configured', async () => {
    const tiles = await createApp({ name: 'shells-tiles', logger: false });
    await registerShells(tiles, {
      shells: {},
      remotes: {},
      remoteUrls: {},
      ssoHosts: [],
      ssoLoginUrl: undefined,
      environment: 'test',
      mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
    });
    const res = await tiles.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().mapTileUrl).toBe('https://tiles.example.test/{z}/{x}/{y}.png');
    await tiles.close();
  });
});
