// The carriers service's HTTP shape with every server stopped: who is calling comes first (401, 403 before
// the input is read), then what is sent (400 naming the field). The checks a use case makes before it
// reads anything (a calendar date, the preferred regions as a whole, the search query's length) answer
// here too. Built offline: no PostgreSQL, NATS or Redis.
import { StaffPermission } from '@loadline/contracts/catalogue';
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CarriersAdapters,
  type CarriersSettings,
  type CarriersTables,
  carriersService,
} from '../../src/service.ts';

let t: TestService<CarriersTables, CarriersSettings, CarriersAdapters>;
/** broker staff allowed to edit carriers (LSP Carrier Add/Edit, 001 §6) */
const editor = {
  ...demoCallers.admin,
  permissions: StaffPermission.combine('ITSupportAdmin', 'LSPCarrierAddEdit'),
};

beforeAll(async () => {
  t = await buildService(carriersService, { offline: true });
});
afterAll(async () => t?.cleanup());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who?: object, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: t.as(who) } : {}), ...(payload ? { payload } : {}) });

describe('the carriers service’s HTTP shape, no server running', () => {
  it('answers 401 without a signed identity, on every door', async () => {
    for (const [method, url] of [
      ['GET', '/api/brokerCarrier/car_demo_oldline/0'],
      ['GET', '/api/brokerCarrier/compliance/car_demo_oldline/0'],
      ['GET', '/api/brokercarrier/carrierScore/car_demo_oldline'],
      ['PUT', '/api/brokerCarrier/favorite'],
      ['GET', '/api/brokerCarrier/getMasterStateRegions'],
      ['GET', '/api/brokerCarrierPortalLink/bcr_demo_oldline'],
      ['PUT', '/api/brokerCarrier/status'],
      ['PUT', '/api/brokerCarrier/preferredRegions'],
      ['PUT', '/api/brokerCarrier/insurance'],
      ['GET', '/api/carrierCompliance/10001'],
      ['GET', '/api/brokerCarrier/auditQuestions'],
      ['GET', '/api/brokerCarrier/audits/10001'],
      ['POST', '/api/brokerCarrier/audit'],
      ['GET', '/api/universalSearch/carriers?query=old%20line'],
      ['GET', '/Order/Terminals?shipmentId=10001'],
    ] as const) {
      const res = await inject(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Please log in to continue.');
    }
  });

  it('answers 403 to a customer on a staff door before reading its input', async () => {
    for (const [method, url] of [
      ['GET', '/api/brokerCarrier/car_demo_oldline/0'],
      ['PUT', '/api/brokerCarrier/favorite'],
      ['PUT', '/api/brokerCarrier/status'],
      ['PUT', '/api/brokerCarrier/insurance'],
      ['GET', '/api/carrierCompliance/not-a-number'],
      ['POST', '/api/brokerCarrier/audit'],
      ['GET', '/api/universalSearch/carriers?query=ab'],
    ] as const) {
      const res = await inject(method, url, demoCallers.shipper, { nonsense: true });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers 403 to staff without LSP Carrier Add/Edit on the preview’s edits (001 §6)', async () => {
    for (const url of [
      '/api/brokerCarrier/status',
      '/api/brokerCarrier/preferredRegions',
      '/api/brokerCarrier/insurance',
    ]) {
      const res = await inject('PUT', url, demoCallers.ops, { nonsense: true });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers the questions and the regions, which need no database', async () => {
    const questions = await inject('GET', '/api/brokerCarrier/auditQuestions', demoCallers.ops);
    expect(questions.statusCode).toBe(200);
    expect(questions.json().map((q: { category: string }) => q.category)).toContain('Delivery');
    const regions = await inject('GET', '/api/brokerCarrier/getMasterStateRegions', demoCallers.ops);
    expect(regions.statusCode).toBe(200);
    expect(regions.json().preferredRegionTypes.map((r: { code: string }) => r.code)).toEqual([
      'Inbound',
      'Outbound',
      'Both',
    ]);
  });

  it('refuses a bad body naming each field', async () => {
    const favorite = await inject('PUT', '/api/brokerCarrier/favorite', demoCallers.ops, {
      brokerCarrierId: '',
      favorite: 'yes',
    });
    expect(favorite.statusCode).toBe(400);
    expect(Object.keys(favorite.json().errors).sort()).toEqual(['model.brokerCarrierId', 'model.favorite']);
    const audit = await inject('POST', '/api/brokerCarrier/audit', demoCallers.ops, {
      shipmentId: 0,
      transitLegId: 'leg_1',
      category: 'Midway',
      answers: {},
    });
    expect(audit.statusCode).toBe(400);
    expect(Object.keys(audit.json().errors).sort()).toEqual(['model.category', 'model.shipmentId']);
  });

  it('refuses an expiration date that is no calendar day, before reading the carrier', async () => {
    const res = await inject('PUT', '/api/brokerCarrier/insurance', editor, {
      brokerCarrierId: 'bcr_demo_summit',
      insuranceType: 'Cargo',
      expirationDate: '2026-02-30',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'model.expirationDate': ['expirationDate must be a valid date.'] });
  });

  it('refuses unknown and repeated preferred regions as a whole, before reading the carrier', async () => {
    const res = await inject('PUT', '/api/brokerCarrier/preferredRegions', editor, {
      brokerCarrierId: 'bcr_demo_oldline',
      regions: [
        { regionId: 3, type: 1 },
        { regionId: 1, type: 2 },
        { regionId: 1, type: 9 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'model.regions.0.regionId',
      'model.regions.2.regionId',
      'model.regions.2.type',
    ]);
  });

  it('refuses a search query of 3 characters or fewer (001 §5), naming the query', async () => {
    const res = await inject('GET', '/api/universalSearch/carriers?query=old', demoCallers.ops);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['model.query']);
  });
});
