// The tracking service's HTTP shape with every server stopped: who is calling comes first (401, 403), then
// what is sent (400 naming the field); the ZIP doors answer from memory alone. Built offline (buildService
// with `offline`): no PostgreSQL, NATS or Redis. Its settings refuse what production must not run with.
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTrackingSettings } from '../../src/config.ts';
import {
  type TrackingAdapters,
  type TrackingSettings,
  type TrackingTables,
  trackingService,
} from '../../src/service.ts';

let t: TestService<TrackingTables, TrackingSettings, TrackingAdapters>;
beforeAll(async () => {
  t = await buildService(trackingService, { offline: true });
});
afterAll(async () => t?.cleanup());

const inject = (method: 'GET' | 'POST', url: string, who?: object, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: t.as(who) } : {}), ...(payload ? { payload } : {}) });

describe('the tracking service’s HTTP shape, no server running', () => {
  it('answers 401 without a signed identity, on every signed-in door', async () => {
    for (const [method, url] of [
      ['GET', '/api/location/10017'],
      ['GET', '/api/Lastlocation/10017'],
      ['POST', '/api/location/checkCalls'],
      ['GET', '/api/location/searchZipCodes?query=606'],
      ['POST', '/api/requestDriverLocation'],
      ['POST', '/api/integrationsource/testtrackingfull'],
    ] as const) {
      const res = await inject(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Please log in to continue.');
    }
  });

  it('answers 403 to a customer on a staff door before reading its input', async () => {
    for (const [method, url] of [
      ['POST', '/api/location'],
      ['POST', '/api/location/checkCalls'],
      ['POST', '/api/integrationsource/testtrackingfull'],
      ['GET', '/api/requestDriverLocation/textMessages'],
    ] as const) {
      const res = await inject(method, url, demoCallers.shipper, { nonsense: true });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers 400 naming the field of a bad check call, before any read', async () => {
    const res = await inject('POST', '/api/location/checkCalls', demoCallers.ops, {
      locations: [{ shipmentId: 10017, locationType: 30, latitude: 91, longitude: -84 }],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['model.locations.0.latitude']);
    const empty = await inject('POST', '/api/location/checkCalls', demoCallers.ops, { locations: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('answers the ZIP doors from memory, with no database', async () => {
    const res = await inject('GET', '/api/location/zipCodes?zipCode=45414', demoCallers.shipper);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ zip: '45414', city: 'Dayton', state: 'OH' });
    const known = await inject(
      'GET',
      '/api/location/validateZipCodes?originZip=45414&destinationZip=00000',
      demoCallers.ops,
    );
    expect(known.json()).toBe(false);
  });
});

describe('the tracking settings', () => {
  const set = { DRIVER_LINK_SECRET: 'a-secret-given-by-the-deployment' };
  it('refuses to start without the driver links’ secret (no default, even in development), and an HTTP text provider without its address', () => {
    expect(() => loadTrackingSettings({ NODE_ENV: 'production' })).toThrow(/DRIVER_LINK_SECRET/);
    expect(() => loadTrackingSettings({})).toThrow(/DRIVER_LINK_SECRET must be set/);
    // A test gets a random one for its process.
    expect(loadTrackingSettings({ NODE_ENV: 'test' }).driverLinkSecret).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(() => loadTrackingSettings({ ...set, TEXT_PROVIDER: 'http' })).toThrow(/TEXT_PROVIDER_URL/);
    expect(() => loadTrackingSettings({ ...set, TEXT_PROVIDER: 'pigeon' })).toThrow(/local or http/);
    expect(loadTrackingSettings({ ...set, GATEWAY_PORT: '9080' }).driverLinkBaseUrl).toBe(
      'http://127.0.0.1:9080',
    );
  });

  it('reads the local carrier tracking’s sources, failures and reporting interval', () => {
    expect(
      loadTrackingSettings({
        ...set,
        TRACKING_TEST_SOURCES: '110, 120',
        TRACKING_TEST_FAIL: 'FAILPRO1,source:130',
      }).carrierTracking,
    ).toEqual({ sources: [110, 120], failing: ['FAILPRO1', 'source:130'], reportEveryMinutes: 15 });
    expect(loadTrackingSettings(set).carrierTracking.sources).toBe('*');
  });
});
