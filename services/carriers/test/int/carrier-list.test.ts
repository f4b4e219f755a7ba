// GET /api/brokerCarrier/list (decision 0118) against the real PostgreSQL: each broker sees only its own
// carriers, customers are refused, the search (prefix, any case, wildcards escaped), the status and
// out-of-compliance filters, the pager's clamps with a stable order, and malformed queries answered 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, broker, ops, otherBroker, type Service, shipper, startService } from './fixtures.ts';

let service: Service;

interface Item {
  brokerCarrierId: string;
  carrierMasterId: string;
  name: string;
  status: number;
  statusName: string;
  inCompliance: boolean;
  complianceReasons: { code: string; message: string }[];
  insuranceStatus: string;
}
interface ListAnswer {
  items: Item[];
  page: number;
  pageSize: number;
  totalCount: number;
  asOf: string;
}

const get = (query: string, who: object = ops) =>
  service.app.inject({ method: 'GET', url: `/api/brokerCarrier/list${query}`, headers: service.t.as(who) });
const list = async (query: string, who: object = ops): Promise<ListAnswer> => {
  const answer = await get(query, who);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const names = async (query: string, who: object = ops) => (await list(query, who)).items.map((i) => i.name);

/** A carrier master and a broker's relation to it, as the registry and onboarding would leave them. */
async function addCarrier(
  brokerId: string,
  id: string,
  name: string,
  more: { scac?: string; mcNumber?: string; status?: number; existingMaster?: boolean } = {},
) {
  const db = service.t.runtime.db;
  if (!more.existingMaster)
    await db
      .insertInto('carrier_master')
      .values({
        carrier_master_id: id,
        name,
        scac: more.scac ?? null,
        phone: null,
        email: null,
        mc_number: more.mcNumber ?? null,
        dot_number: null,
        authority: 1,
        dot_status: 1,
        tsa_compliance: 1,
        carrier_rating: 'Satisfactory',
        city: 'Reno',
        state: 'NV',
        zip_code: '89501',
      })
      .execute();
  await db
    .insertInto('broker_carrier')
    .values({
      broker_carrier_id: `bcr_${brokerId}_${id}`,
      broker_id: brokerId,
      carrier_master_id: id,
      status: more.status ?? 1,
      inherited: false,
      favorite: false,
      portal_link: null,
      // no insurance on file: out of compliance, as the service would have published it
      insurance_status: 'NotOnFile',
      in_compliance: false,
      version: 1,
    })
    .execute();
}

const demoOnly = (items: Item[]) => items.filter((i) => i.carrierMasterId.startsWith('car_demo_'));

beforeAll(async () => {
  service = await startService();
  // The other broker: a carrier of its own, and Old Line, which it blocked.
  await addCarrier(otherBroker.brokerId, 'car_test_rival', 'Rival Road Lines', { scac: 'RVRL' });
  await addCarrier(otherBroker.brokerId, 'car_demo_oldline', 'Old Line Freight', {
    status: 2,
    existingMaster: true,
  });
});
afterAll(async () => {
  await service?.close();
});

describe('GET /api/brokerCarrier/list', () => {
  it("lists the broker's carriers by name with status, compliance and its reasons, insurance status", async () => {
    const answer = await list('');
    expect(answer).toMatchObject({ page: 1, pageSize: 100, totalCount: 5, asOf: '2026-11-23' });
    expect(answer.items.map((i) => i.name)).toEqual([
      'Bluewater Logistics',
      'Coastal Drayage',
      'Old Line Freight',
      'Prairie Express',
      'Summit Carriers',
    ]);
    const byId = Object.fromEntries(answer.items.map((i) => [i.carrierMasterId, i]));
    expect(byId.car_demo_oldline).toMatchObject({
      brokerCarrierId: 'bcr_demo_oldline',
      scac: 'OLFT',
      mcNumber: 'MC-612407',
      dotNumber: '2214570',
      city: 'Dayton',
      state: 'OH',
      status: 1,
      statusName: 'Enabled',
      favorite: true,
      inherited: false,
      inCompliance: true,
      complianceReasons: [],
      insuranceStatus: 'Current',
      insuranceStatusName: 'Current',
      insuranceState: 'Pass',
    });
    expect(byId.car_demo_summit).toMatchObject({
      inCompliance: false,
      complianceReasons: [{ code: 'InsuranceExpired', message: "The carrier's insurance has expired." }],
      insuranceStatus: 'Expired',
    });
    expect(byId.car_demo_coastal).toMatchObject({
      inCompliance: false,
      complianceReasons: [
        { code: 'InsuranceNotOnFile', message: 'No insurance is on file for the carrier.' },
      ],
      insuranceStatus: 'NotOnFile',
    });
    expect(byId.car_demo_bluewater).toMatchObject({ inherited: true, insuranceStatus: 'ExpiringIn10Days' });
  });

  it('shows each broker only its own carriers, with its own status of a carrier both keep', async () => {
    const theirs = await list('', otherBroker);
    expect(theirs.totalCount).toBe(2);
    expect(theirs.items.map((i) => [i.name, i.brokerCarrierId, i.statusName])).toEqual([
      ['Old Line Freight', `bcr_${otherBroker.brokerId}_car_demo_oldline`, 'Blocked'],
      ['Rival Road Lines', `bcr_${otherBroker.brokerId}_car_test_rival`, 'Enabled'],
    ]);
    expect(theirs.items[0]!.complianceReasons.map((r) => r.code)).toEqual(['Blocked', 'InsuranceNotOnFile']);
    expect(await names('?search=rival')).toEqual([]);
    expect(await names('?search=old')).toEqual(['Old Line Freight']);
    expect((await list('?search=old')).items[0]!.brokerCarrierId).toBe('bcr_demo_oldline');
    expect(broker).not.toBe(otherBroker.brokerId);
  });

  it('is for broker staff: a customer is refused 403, whatever its query', async () => {
    const refused = await get('', shipper);
    expect(refused.statusCode).toBe(403);
    expect((await get('?status=9&page=x', shipper)).statusCode).toBe(403);
  });

  it('searches the start of the name, SCAC or MC number, any case, LIKE wildcards taken as text', async () => {
    expect(await names('?search=SUM')).toEqual(['Summit Carriers']);
    expect(await names('?search=%20prairie%20')).toEqual(['Prairie Express']);
    expect(await names('?search=olft')).toEqual(['Old Line Freight']);
    expect(await names('?search=mc-5902')).toEqual(['Summit Carriers']);
    expect(await names('?search=612407')).toEqual(['Old Line Freight']);
    expect(await names('?search=MC%20612407')).toEqual(['Old Line Freight']);
    expect(await names('?search=3390')).toEqual(['Coastal Drayage']); // Coastal's DOT number
    // a prefix: not the middle of a name
    expect(await names('?search=line')).toEqual([]);
    await addCarrier(broker, 'car_test_percent', '100% Freight');
    await addCarrier(broker, 'car_test_thousand', '1000 Miles Trucking');
    await addCarrier(broker, 'car_test_under', 'A_B Haulers');
    expect(await names('?search=100')).toEqual(['100% Freight', '1000 Miles Trucking']);
    expect(await names(`?search=${encodeURIComponent('100%')}`)).toEqual(['100% Freight']);
    expect(await names(`?search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await names('?search=a_')).toEqual(['A_B Haulers']);
    expect(await names('?search=_')).toEqual([]);
    expect(await names(`?search=${encodeURIComponent('\\')}`)).toEqual([]);
    expect(await names('?search=%20%20')).toHaveLength((await list('')).totalCount);
  });

  it('filters by status and by out of compliance only', async () => {
    expect(demoOnly((await list('?outOfCompliance=true')).items).map((i) => i.name)).toEqual([
      'Coastal Drayage',
      'Summit Carriers',
    ]);
    expect(demoOnly((await list('?outOfCompliance=false')).items)).toHaveLength(5);
    expect(demoOnly((await list('?status=1')).items)).toHaveLength(5);
    expect(await names('?status=2')).toEqual([]);
    expect(await names('?status=2', otherBroker)).toEqual(['Old Line Freight']);
    expect(await names('?status=1&outOfCompliance=true&search=rival', otherBroker)).toEqual([
      'Rival Road Lines',
    ]);
    // blocking a carrier moves it into both filters at once
    const blocked = await service.app.inject({
      method: 'PUT',
      url: '/api/brokerCarrier/status',
      payload: { brokerCarrierId: 'bcr_demo_prairie', status: 2 },
      headers: service.t.as(admin),
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const out = await list('?status=2&outOfCompliance=true');
    expect(out.items.map((i) => [i.name, i.complianceReasons.map((r) => r.code)])).toEqual([
      ['Prairie Express', ['Blocked']],
    ]);
  });

  it("pages with the platform's pager, clamped, never refused, in a stable order (name, then id)", async () => {
    for (let n = 1; n <= 23; n++)
      await addCarrier(
        broker,
        `car_test_page_${String(n).padStart(2, '0')}`,
        `Paging Carrier ${String(n).padStart(2, '0')}`,
      );
    await addCarrier(broker, 'car_test_twin_b', 'Paging Carrier Twin');
    await addCarrier(broker, 'car_test_twin_a', 'paging carrier twin');
    const all = (await list('?search=paging&pageSize=200')).items.map((i) => i.carrierMasterId);
    expect(all).toHaveLength(25);
    // the same name in another case: by id
    expect(all.slice(-2)).toEqual(['car_test_twin_a', 'car_test_twin_b']);
    const second = await list('?search=paging&pageSize=10&page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 10, totalCount: 25 });
    expect(second.items.map((i) => i.carrierMasterId)).toEqual(all.slice(10, 20));
    expect((await list('?search=paging&pageSize=10&page=3')).items.map((i) => i.carrierMasterId)).toEqual(
      all.slice(20),
    );
    // past the last page: empty, with the total
    expect(await list('?search=paging&pageSize=10&page=4')).toMatchObject({ items: [], totalCount: 25 });
    // the clamps: page below 1 is 1, a size below 10 is 100, one above the largest page is 200
    expect(await list('?search=paging&page=0&pageSize=3')).toMatchObject({ page: 1, pageSize: 100 });
    expect(await list('?search=paging&page=-5&pageSize=100000')).toMatchObject({ page: 1, pageSize: 200 });
    // the last page the platform reads (a 32-bit integer): past the end, with the total
    expect(await list('?search=paging&page=2147483647&pageSize=200')).toMatchObject({
      items: [],
      page: 2147483647,
      totalCount: 25,
    });
  });

  it('answers a malformed query 400 naming the field, with a bounded message; never a 5xx', async () => {
    const refused = async (query: string, field: string) => {
      const answer = await get(query);
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(400);
      const body = answer.json();
      expect(Object.keys(body.errors)).toContain(`model.${field}`);
      expect(answer.body.length).toBeLessThan(2000);
      return body;
    };
    await refused(`?search=${'x'.repeat(101)}`, 'search');
    await refused(`?search=${'x'.repeat(20_000)}`, 'search');
    await refused('?status=7', 'status');
    await refused('?status=blocked', 'status');
    await refused('?outOfCompliance=maybe', 'outOfCompliance');
    await refused('?page=abc', 'page');
    await refused('?page=100000000000000000000', 'page');
    await refused('?pageSize=1.5', 'pageSize');
    await refused('?sortBy=name', 'sortBy');
    for (const query of [
      '?search=%00',
      '?search=%E2%82',
      '?search=a&search=b',
      `?search=${encodeURIComponent("'; drop table broker_carrier; --")}`,
      '?page=1e400',
    ]) {
      const answer = await get(query);
      expect(answer.statusCode, `${query}: ${answer.body}`).toBeLessThan(500);
    }
  });

  it('is the list route, not a carrier: its path in any case, and the details route still answers', async () => {
    const lower = await service.app.inject({
      method: 'GET',
      url: '/api/brokercarrier/LIST?search=old',
      headers: service.t.as(ops),
    });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().items.map((i: Item) => i.name)).toEqual(['Old Line Freight']);
    const details = await service.app.inject({
      method: 'GET',
      url: '/api/brokerCarrier/car_demo_oldline/0',
      headers: service.t.as(ops),
    });
    expect(details.json().carrierMasterName).toBe('Old Line Freight');
  });
});
