// GET /Order/Terminals (000 §2 item 7) against the real servers: the terminals serving a shipment's
// origin and destination, the query values taking precedence, escaped output, and who may open it.
import { ShipmentStatus } from '@loadline/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  feedShipment,
  ops,
  otherBroker,
  type Service,
  shipmentUpdated,
  shipper,
  startService,
} from './fixtures.ts';

let service: Service;

beforeAll(async () => {
  service = await startService();
  // Dayton OH 45414 to Chicago IL 60632 with Old Line, for Acme.
  await feedShipment(
    service,
    shipmentUpdated(701, [{ transitLegId: 'leg_701', status: ShipmentStatus.values.Dispatched }]),
  );
  await feedShipment(
    service,
    shipmentUpdated(702, [{ transitLegId: 'leg_702' }], { customerOrganizationId: 'org_demo_globex' }),
  );
});
afterAll(async () => {
  await service?.close();
});

const page = (query: string, who: object = ops) =>
  service.app.inject({ method: 'GET', url: `/Order/Terminals?${query}`, headers: service.t.as(who) });

describe('GET /Order/Terminals', () => {
  it("renders the carrier's origin and destination terminals of a shipment as HTML", async () => {
    const res = await page('shipmentId=701');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<title>Terminal information</title>');
    expect(res.body).toContain('Old Line Freight (OLFT)');
    expect(res.body).toMatch(/Origin terminal<\/h2>.*45414, USA.*Dayton terminal \(DAY\).*2750 Valley Pike/s);
    expect(res.body).toMatch(/Destination terminal<\/h2>.*60632, USA.*Chicago terminal \(CHI\)/s);
    expect(res.body).toContain('<dt>Shipment</dt><dd>701</dd>');
    expect(res.body).toContain('<dt>Service level</dt><dd>Normal</dd>');
  });

  it('takes the carrier code, service level, ZIP codes and countries from the query', async () => {
    const res = await page(
      'carrierCode=prxp&serviceLevel=100&originZip=31408&originCountry=1&destinationZip=28208&destinationCountry=USA',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Prairie Express (PRXP)');
    expect(res.body).toContain('Standard Truckload');
    expect(res.body).toContain('Savannah terminal (SAV)');
    expect(res.body).toContain('Charlotte terminal (CLT)');
    const uncovered = await page('carrierCode=PRXP&originZip=99501&destinationZip=28208');
    expect(uncovered.body).toContain('No terminal of Prairie Express (PRXP) serves ZIP code 99501.');
  });

  it('escapes every value it shows', async () => {
    const res = await page(
      `carrierCode=${encodeURIComponent('<b>x')}&originZip=${encodeURIComponent('"><script>')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<b>x');
    expect(res.body).toContain('No carrier with the code &lt;B&gt;X is known.');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('refuses what it cannot read with the one error shape', async () => {
    const none = await page('originZip=45414');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({
      'model.carrierCode': ['carrierCode is required (or a shipment with a carrier).'],
    });
    const country = await page('carrierCode=OLFT&originCountry=Atlantis');
    expect(country.statusCode).toBe(400);
    expect(country.json().errors).toEqual({
      'model.originCountry': ['originCountry is not a known country.'],
    });
    expect((await page('shipmentId=abc')).statusCode).toBe(400);
  });

  it('a customer opens it for its own shipments only; another broker gets 404', async () => {
    expect((await page('shipmentId=701', shipper)).statusCode).toBe(200);
    expect((await page('shipmentId=702', shipper)).statusCode).toBe(404);
    expect((await page('shipmentId=701', otherBroker)).statusCode).toBe(404);
    const anonymous = await service.app.inject({ method: 'GET', url: '/Order/Terminals?carrierCode=OLFT' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the same path in any case', async () => {
    expect((await page('shipmentId=701')).statusCode).toBe(200);
    const lower = await service.app.inject({
      method: 'GET',
      url: '/order/terminals?shipmentId=701',
      headers: service.t.as(ops),
    });
    expect(lower.statusCode).toBe(200);
  });
});
