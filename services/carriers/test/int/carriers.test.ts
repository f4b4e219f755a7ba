// The carriers service against the real PostgreSQL, NATS and Redis: the demo carriers, carrier details,
// compliance, score, favorites, the preview's edits, the portal link, and who sees what; each change
// with its event in the same transaction.
import {
  addCalendarDays,
  messages,
  Region,
  ShipmentStatus,
  TransitLegType,
} from '@loadline/contracts/catalogue';
import { demoAudits } from '@loadline/contracts/demo/carriers';
import { subjects } from '@loadline/contracts/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/store/seed.ts';
import {
  admin,
  broker,
  feedShipment,
  lastPosition,
  ops,
  otherBroker,
  outbox,
  outboxAfter,
  type Service,
  shipmentUpdated,
  shipper,
  startService,
  today,
} from './fixtures.ts';

let service: Service;
const S = ShipmentStatus.values;
const L = TransitLegType.values;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});

const get = (url: string, who: object = ops) =>
  service.app.inject({ method: 'GET', url, headers: service.t.as(who) });
const put = (url: string, payload: object, who: object = admin) =>
  service.app.inject({ method: 'PUT', url, payload, headers: service.t.as(who) });

describe('demo carriers', () => {
  it('seeds every carrier once, publishes each broker carrier (version 1), and seeding again changes nothing', async () => {
    const published = (await outbox(service.t)).filter((r) => r.subject === subjects.brokerCarrierChanged);
    expect(published.map((r) => r.envelope.data.brokerCarrierId).sort()).toEqual([
      'bcr_demo_bluewater',
      'bcr_demo_coastal',
      'bcr_demo_oldline',
      'bcr_demo_prairie',
      'bcr_demo_summit',
    ]);
    expect(
      published.every((r) => r.envelope.data.version === 1 && r.envelope.data.previousStatus === null),
    ).toBe(true);
    const before = await lastPosition(service.t);
    const audits = await service.t.runtime.db.selectFrom('carrier_audit').select('audit_id').execute();
    await seedDemoData(service.t.runtime, today);
    expect(await lastPosition(service.t)).toBe(before);
    expect(await service.t.runtime.db.selectFrom('carrier_audit').select('audit_id').execute()).toHaveLength(
      audits.length,
    );
    expect(audits).toHaveLength(demoAudits().length);
  });

  it('gives the demo carriers insurances current, expiring in 30 and 10 days, expired and not on file', async () => {
    const status = async (id: string) =>
      (await get(`/api/brokerCarrier/compliance/${id}/0`)).json().insuranceStatus;
    expect(await status('car_demo_oldline')).toBe('Current');
    expect(await status('car_demo_prairie')).toBe('ExpiringIn30Days');
    expect(await status('car_demo_bluewater')).toBe('ExpiringIn10Days');
    expect(await status('car_demo_summit')).toBe('Expired');
    expect(await status('car_demo_coastal')).toBe('NotOnFile');
  });
});

describe('GET /api/brokerCarrier/{carrierMasterId}/{brokerId or 0}', () => {
  it('answers the master facts, the broker carrier, contacts, preferred regions and compliance', async () => {
    const res = await get('/api/brokerCarrier/car_demo_oldline/0');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      carrierMasterId: 'car_demo_oldline',
      carrierMasterName: 'Old Line Freight',
      scac: 'OLFT',
      mcNumber: 'MC-612407',
      dotNumber: '2214570',
      brokerId: broker,
      brokerCarrierId: 'bcr_demo_oldline',
      status: 1,
      statusName: 'Enabled',
      favorite: true,
      inherited: false,
      hasPortalLink: true,
      canEdit: false,
    });
    expect(d.contacts[0]).toMatchObject({
      contactType: 'Dispatcher',
      contactTypeName: 'Dispatcher',
      name: 'Rita Nolan',
    });
    expect(d.brokerCarrierPreferredRegions).toContainEqual({
      regionId: Region.values.Midwest,
      regionName: 'Midwest',
      type: 3,
      typeName: 'Both',
    });
    expect(d.complianceInfo).toMatchObject({ inCompliance: true, reasons: [], authorityName: 'Active' });
    expect(d.totalAuditCount).toBe(24);
  });

  it('shows insurances only while not yet expired (000 §2 item 11)', async () => {
    const d = (await get(`/api/brokerCarrier/car_demo_summit/${broker}`, admin)).json();
    expect(d.brokerCarrierInsurances.map((i: { insuranceType: string }) => i.insuranceType)).toEqual([
      'Cargo',
    ]);
    expect(d.brokerCarrierInsurances[0]).toMatchObject({
      expirationDate: addCalendarDays(today, 120),
      insuranceStatus: 'Current',
      insuranceState: 'Pass',
    });
    expect(d.complianceInfo.inCompliance).toBe(false);
    // The expired policy is not listed, so the reason names it: Summit's auto liability expired 5 days
    // before the seeding day (contracts/demo/carriers.ts), MM/DD/YYYY (000 §5).
    const expired = addCalendarDays(today, -5);
    expect(expired).toBe('2026-11-18');
    expect(d.complianceInfo.reasons).toEqual([
      {
        code: 'InsuranceExpired',
        message: "The carrier's insurance has expired.",
        detail: 'Auto Liability expired 11/18/2026.',
      },
    ]);
    expect(d.canEdit).toBe(true);
    const bluewater = (await get('/api/brokerCarrier/car_demo_bluewater/0')).json();
    expect(
      bluewater.brokerCarrierInsurances.map((i: { insuranceStatusName: string }) => i.insuranceStatusName),
    ).toEqual(['Expiring in 10 Days', 'Current']);
  });

  it('is for broker staff: customers 403; another broker or an unknown carrier 404', async () => {
    expect((await get('/api/brokerCarrier/car_demo_oldline/0', shipper)).statusCode).toBe(403);
    expect((await get('/api/brokerCarrier/car_demo_oldline/org_other_broker')).statusCode).toBe(404);
    const unknown = await get('/api/brokerCarrier/car_nobody/0');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Carrier car_nobody was not found.');
    // Another broker sees the master facts but has no relation, so nothing of this broker's.
    const other = (await get('/api/brokerCarrier/car_demo_oldline/0', otherBroker)).json();
    expect(other).toMatchObject({ brokerCarrierId: null, status: null, favorite: false, totalAuditCount: 0 });
    expect(other.brokerCarrierInsurances).toEqual([]);
    expect(other.complianceInfo.reasons.map((r: { code: string }) => r.code)).toContain('NotInCarrierList');
    expect(
      (await get('/api/brokercarrier/carrierScore/car_demo_oldline', otherBroker)).json().totalAuditCount,
    ).toBe(0);
  });

  it('is case-insensitive in its path, as the spec mixes cases', async () => {
    expect((await get('/api/brokercarrier/car_demo_oldline/0')).statusCode).toBe(200);
  });
});

describe('PUT /api/brokerCarrier/favorite', () => {
  it("refuses inherited carriers with the spec's text (001 §6)", async () => {
    const res = await put(
      '/api/brokerCarrier/favorite',
      { brokerCarrierId: 'bcr_demo_bluewater', favorite: true },
      ops,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.favorites.inheritedCarrier);
    expect(res.json().message).toBe('Cannot set favorites for inherited carriers.');
  });

  it('sets and clears a favorite with its event; setting it to what it is writes nothing', async () => {
    const before = await lastPosition(service.t);
    const res = await put(
      '/api/brokerCarrier/favorite',
      { brokerCarrierId: 'bcr_demo_prairie', favorite: true },
      ops,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ brokerCarrierId: 'bcr_demo_prairie', favorite: true });
    const events = await outboxAfter(service.t, before);
    expect(events).toHaveLength(1);
    expect(events[0]!.envelope.data).toMatchObject({
      brokerCarrierId: 'bcr_demo_prairie',
      version: 2,
      favorite: true,
      status: 1,
      previousStatus: 1,
      changedBy: { userId: 'usr_demo_ops', name: 'Omar Operations' },
    });
    const again = await lastPosition(service.t);
    await put('/api/brokerCarrier/favorite', { brokerCarrierId: 'bcr_demo_prairie', favorite: true }, ops);
    expect(await lastPosition(service.t)).toBe(again);
    await put('/api/brokerCarrier/favorite', { brokerCarrierId: 'bcr_demo_prairie', favorite: false }, ops);
    expect((await get('/api/brokerCarrier/car_demo_prairie/0')).json().favorite).toBe(false);
  });

  it("another broker's carrier is 404; a bad body is a 400 naming the field", async () => {
    expect(
      (
        await put(
          '/api/brokerCarrier/favorite',
          { brokerCarrierId: 'bcr_demo_oldline', favorite: true },
          otherBroker,
        )
      ).statusCode,
    ).toBe(404);
    const bad = await put(
      '/api/brokerCarrier/favorite',
      { brokerCarrierId: 'bcr_demo_oldline', favorite: 'yes' },
      ops,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'model.favorite': ['favorite must be a boolean.'] });
  });
});

describe('GET /api/brokerCarrierPortalLink/{id}', () => {
  it("answers the link, or 404 'Carrier portal link does not exist!'", async () => {
    const res = await get('/api/brokerCarrierPortalLink/bcr_demo_oldline');
    expect(res.json()).toEqual({
      brokerCarrierId: 'bcr_demo_oldline',
      portalLink: 'https://carriers.loadline.example/portal/bcr_demo_oldline',
    });
    const none = await get('/api/brokerCarrierPortalLink/bcr_demo_bluewater');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Carrier portal link does not exist!');
    expect((await get('/api/brokerCarrierPortalLink/bcr_demo_oldline', otherBroker)).statusCode).toBe(404);
  });
});

describe('GET /api/brokerCarrier/getMasterStateRegions', () => {
  it('lists the 002 §3.1 regions with their states and the preferred region types', async () => {
    const res = (await get('/api/brokerCarrier/getMasterStateRegions')).json();
    expect(res.regions).toHaveLength(12);
    expect(res.regions[0]).toMatchObject({ regionId: 1, code: 'NewEngland', name: 'New England' });
    expect(res.regions[0].states.map((s: { code: string }) => s.code)).toEqual([
      'ME',
      'VT',
      'NH',
      'MA',
      'CT',
      'RI',
      'NJ',
    ]);
    expect(res.regions.find((r: { code: string }) => r.code === 'AllCanada').states).toHaveLength(13);
    expect(res.preferredRegionTypes).toEqual([
      { value: 1, code: 'Inbound', name: 'Inbound' },
      { value: 2, code: 'Outbound', name: 'Outbound' },
      { value: 3, code: 'Both', name: 'Both' },
    ]);
  });
});

describe('edits in the preview (LSP Carrier Add/Edit, 001 §6)', () => {
  it('needs the role: without it 403 and nothing changes', async () => {
    const before = await lastPosition(service.t);
    const res = await put(
      '/api/brokerCarrier/status',
      { brokerCarrierId: 'bcr_demo_coastal', status: 2 },
      ops,
    );
    expect(res.statusCode).toBe(403);
    expect(await lastPosition(service.t)).toBe(before);
  });

  it('blocks and enables a carrier: brokercarrier.changed carries the status move and compliance', async () => {
    const before = await lastPosition(service.t);
    const res = await put('/api/brokerCarrier/status', { brokerCarrierId: 'bcr_demo_oldline', status: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 2, statusName: 'Blocked' });
    expect(res.json().complianceInfo.reasons).toEqual([
      { code: 'Blocked', message: 'The carrier is blocked.' },
    ]);
    const [event] = await outboxAfter(service.t, before);
    expect(event!.subject).toBe(subjects.brokerCarrierChanged);
    expect(event!.envelope.data).toMatchObject({ status: 2, previousStatus: 1, inCompliance: false });
    await put('/api/brokerCarrier/status', { brokerCarrierId: 'bcr_demo_oldline', status: 1 });
    expect((await get('/api/brokerCarrier/compliance/car_demo_oldline/0')).json().inCompliance).toBe(true);
    const bad = await put('/api/brokerCarrier/status', { brokerCarrierId: 'bcr_demo_oldline', status: 4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['model.status']).toEqual(['status must be one of: 1, 2, 3.']);
  });

  it('replaces the preferred regions; unknown regions, types and repeats are refused with nothing written', async () => {
    const bad = await put('/api/brokerCarrier/preferredRegions', {
      brokerCarrierId: 'bcr_demo_coastal',
      regions: [
        { regionId: 3, type: 1 },
        { regionId: 512, type: 7 },
        { regionId: 512, type: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'model.regions.0.regionId',
      'model.regions.1.type',
      'model.regions.2.regionId',
    ]);
    expect(
      (await get('/api/brokerCarrier/car_demo_coastal/0')).json().brokerCarrierPreferredRegions,
    ).toHaveLength(1);
    const ok = await put('/api/brokerCarrier/preferredRegions', {
      brokerCarrierId: 'bcr_demo_coastal',
      regions: [
        { regionId: 512, type: 2 },
        { regionId: 256, type: 1 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().brokerCarrierPreferredRegions).toEqual([
      { regionId: 256, regionName: 'Rocky Mountain', type: 1, typeName: 'Inbound' },
      { regionId: 512, regionName: 'Pacific Coast', type: 2, typeName: 'Outbound' },
    ]);
  });

  it('renews an expired certificate: the insurance status event, and the carrier complies again', async () => {
    const before = await lastPosition(service.t);
    const res = await put('/api/brokerCarrier/insurance', {
      brokerCarrierId: 'bcr_demo_summit',
      brokerCarrierInsuranceId: 'ins_demo_summit_auto',
      insuranceType: 'Auto Liability',
      insurerName: 'Front Range Insurance',
      policyNumber: 'FR-55102-R',
      coverageAmount: 750000,
      expirationDate: addCalendarDays(today, 365),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().complianceInfo.inCompliance).toBe(true);
    const events = await outboxAfter(service.t, before);
    expect(events.map((e) => e.subject)).toEqual([
      subjects.carrierInsuranceStatusChanged,
      subjects.brokerCarrierChanged,
    ]);
    expect(events[0]!.envelope.data).toMatchObject({
      brokerCarrierInsuranceId: 'ins_demo_summit_auto',
      previousStatus: 'Expired',
      status: 'Current',
    });
    expect(events[1]!.envelope.data).toMatchObject({ insuranceStatus: 'Current', inCompliance: true });
    const wrongDay = await put('/api/brokerCarrier/insurance', {
      brokerCarrierId: 'bcr_demo_summit',
      insuranceType: 'Cargo',
      expirationDate: '2027-02-30',
    });
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json().errors).toEqual({
      'model.expirationDate': ['expirationDate must be a valid date.'],
    });
  });
});

describe('GET /api/carrierCompliance/{shipmentId}', () => {
  beforeAll(async () => {
    await feedShipment(service, shipmentUpdated(501, [{ transitLegId: 'leg_501' }]));
    await feedShipment(
      service,
      shipmentUpdated(502, [
        {
          transitLegId: 'leg_502',
          carrierMasterId: 'car_demo_coastal',
          carrierMasterName: 'Coastal Drayage',
          scac: 'CSDR',
        },
      ]),
    );
    await feedShipment(
      service,
      shipmentUpdated(503, [
        {
          transitLegId: 'leg_503',
          status: S.Quote,
          carrierMasterId: null,
          carrierMasterName: null,
          scac: null,
        },
      ]),
    );
  });

  it("refuses the carrier confirmation sheet for a carrier out of compliance, with the spec's text (001 §5)", async () => {
    const res = (await get('/api/carrierCompliance/502')).json();
    expect(res).toMatchObject({
      shipmentId: 502,
      carrierMasterId: 'car_demo_coastal',
      inCompliance: false,
      carrierConfirmationAvailable: false,
      message: 'The Carrier Confirmation Sheet is not available because the carrier is out of compliance.',
    });
    expect(res.reasons.map((r: { code: string }) => r.code)).toEqual(['InsuranceNotOnFile']);
    const ok = (await get('/api/carrierCompliance/501')).json();
    expect(ok).toMatchObject({
      carrierMasterId: 'car_demo_oldline',
      carrierConfirmationAvailable: true,
      message: null,
    });
    const none = (await get('/api/carrierCompliance/503')).json();
    expect(none).toMatchObject({ carrierMasterId: null, carrierConfirmationAvailable: false });
    expect(none.message).toBe(messages.carrier.confirmationSheetOutOfCompliance);
  });

  it("follows the shipment's carrier from its events (a newer version changes it, an older one does not)", async () => {
    await feedShipment(service, shipmentUpdated(502, [{ transitLegId: 'leg_502' }], { version: 3 }));
    expect((await get('/api/carrierCompliance/502')).json().carrierMasterId).toBe('car_demo_oldline');
    await feedShipment(
      service,
      shipmentUpdated(502, [{ transitLegId: 'leg_502', carrierMasterId: 'car_demo_coastal', scac: 'CSDR' }], {
        version: 2,
      }),
    );
    expect((await get('/api/carrierCompliance/502')).json().carrierMasterId).toBe('car_demo_oldline');
  });

  it('keeps the legs of the latest version: a changed leg rewritten, a dropped one gone, the rest untouched (issue 19)', async () => {
    const legsOf = () =>
      service.t.runtime.db
        .selectFrom('shipment_leg')
        .select(['transit_leg_id', 'status', 'scac', sql<string>`xmin::text`.as('row_version')])
        .where('shipment_id', '=', 504)
        .orderBy('sequence')
        .execute();
    const pickup = { transitLegId: 'leg_504_p', transitType: L.PickupLocal };
    const linehaul = { transitLegId: 'leg_504_l' };
    await feedShipment(service, shipmentUpdated(504, [pickup, linehaul]));
    const first = await legsOf();
    expect(first.map((l) => l.transit_leg_id)).toEqual(['leg_504_p', 'leg_504_l']);
    // a status change of the pickup leg: that row is written, the linehaul's is not
    await feedShipment(
      service,
      shipmentUpdated(504, [{ ...pickup, status: S.OutForDelivery }, linehaul], { version: 2 }),
    );
    const second = await legsOf();
    expect(second[0]).toMatchObject({ transit_leg_id: 'leg_504_p', status: S.OutForDelivery });
    expect(second[0]!.row_version).not.toBe(first[0]!.row_version);
    expect(second[1]!.row_version).toBe(first[1]!.row_version);
    // the pickup leg removed: only the linehaul stays
    await feedShipment(service, shipmentUpdated(504, [linehaul], { version: 3 }));
    expect((await legsOf()).map((l) => l.transit_leg_id)).toEqual(['leg_504_l']);
  });

  it("another broker's shipment and an unknown one are 404; customers 403", async () => {
    expect((await get('/api/carrierCompliance/501', otherBroker)).statusCode).toBe(404);
    expect((await get('/api/carrierCompliance/99999')).statusCode).toBe(404);
    expect((await get('/api/carrierCompliance/501', shipper)).statusCode).toBe(403);
  });
});

describe('GET /api/universalSearch/carriers (001 §1, §2 LSPCarrier; issue 14 item 7)', () => {
  it("finds the broker's carriers by name, SCAC, MC or DOT number, as result type 6 with the carrier to open", async () => {
    const byName = await get('/api/universalSearch/carriers?query=old%20line');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual([
      {
        universalSearchResultType: 6,
        organizationId: null,
        staffId: null,
        shipmentId: null,
        carrierMasterId: 'car_demo_oldline',
        updateStatusText: 'Old Line Freight · OLFT · MC-612407 · DOT 2214570 · Enabled',
      },
    ]);
    const ids = async (query: string) =>
      (await get(`/api/universalSearch/carriers?query=${encodeURIComponent(query)}`))
        .json()
        .map((r: { carrierMasterId: string }) => r.carrierMasterId);
    expect(await ids('OLFT')).toEqual(['car_demo_oldline']);
    expect(await ids('6124')).toEqual(['car_demo_oldline']);
    expect(await ids('MC 612407')).toEqual(['car_demo_oldline']);
    expect(await ids('2214570')).toEqual(['car_demo_oldline']);
    expect(await ids('zzzz')).toEqual([]);
  });

  it('answers staff only, of their own broker, and a query longer than 3 characters', async () => {
    expect((await get('/api/universalSearch/carriers?query=old%20line', shipper)).statusCode).toBe(403);
    expect((await get('/api/universalSearch/carriers?query=old%20line', otherBroker)).json()).toEqual([]);
    const short = await get('/api/universalSearch/carriers?query=old');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ 'model.query': ['Search text must be longer than 3 characters.'] });
  });
});
