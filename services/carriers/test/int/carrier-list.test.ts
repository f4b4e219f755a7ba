// GET /api/brokerCarrier/list (decision 0118) against the real PostgreSQL: each broker sees only its own
// carriers, customers are refused, the search (prefix, any case, wildcards escaped), the status and
// out-of-compliance filters, the pager's clamps with a stable order, and malformed queries answered 400;
// sorting by each column both ways with ties; GET /api/brokerCarrier/list.csv (its header, RFC 4180 quotes where a value holds one,
// formulas neutralised, each broker its own rows, customers refused, cut at the export's limit).

import { StaffPermission } from '@loadline/contracts/catalogue';
import { CARRIER_LIST_EXPORT_MAX_ROWS } from '@loadline/contracts/rules/carriers';
import { sql } from 'kysely';
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
  complianceReasons: { code: string; message: string; detail?: string }[];
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
  more: {
    scac?: string;
    mcNumber?: string;
    status?: number;
    existingMaster?: boolean;
    city?: string | null;
    state?: string | null;
  } = {},
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
        city: more.city === undefined ? 'Reno' : more.city,
        state: more.state === undefined ? 'NV' : more.state,
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
      complianceReasons: [
        {
          code: 'InsuranceExpired',
          message: "The carrier's insurance has expired.",
          detail: 'Auto Liability expired 11/18/2026.',
        },
      ],
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

/** A certificate on file for a broker carrier (the status columns as the watch would have left them). */
async function addInsurance(
  brokerCarrierId: string,
  id: string,
  insuranceType: string,
  expirationDate: string,
) {
  await service.t.runtime.db
    .insertInto('carrier_insurance')
    .values({
      broker_carrier_insurance_id: id,
      broker_carrier_id: brokerCarrierId,
      insurance_type: insuranceType,
      insurer_name: null,
      policy_number: null,
      coverage_amount: null,
      source_type: 1,
      expiration_date: expirationDate,
      insurance_status: 'Current',
      status_as_of: '2026-11-23',
    })
    .execute();
}

describe('GET /api/brokerCarrier/list: sorting', () => {
  // Seven carriers found by ?search=sortable (today is 2026-11-23):
  //   Alpha    Blocked   Boise ID     Liability 2026-10-01 renewed to 2027-05-01, Cargo 2026-12-20 → 2026-12-20
  //   Bravo    Enabled   Austin TX    Liability 2027-03-01                                        → 2027-03-01
  //   Charlie  Enabled   (no city)    no insurance                                               → none
  //   Delta    Disabled  AUSTIN MN    Liability 2026-11-20                                        → 2026-11-20
  //   Echo     Enabled   Boise ID     " cargo " 2027-03-01                                        → 2027-03-01
  //   Foxtrot twice (ids f1 < f2, the names in two cases), Enabled, Casper WY, no insurance        → none
  const sortable = (more: Parameters<typeof addCarrier>[3], id: string, name: string) =>
    addCarrier(broker, `car_test_sort_${id}`, name, more);
  const bcr = (id: string) => `bcr_${broker}_car_test_sort_${id}`;
  beforeAll(async () => {
    await sortable({ status: 2, city: 'Boise', state: 'ID' }, 'a', 'Sortable Alpha');
    await sortable({ city: 'Austin', state: 'TX' }, 'b', 'Sortable Bravo');
    await sortable({ city: null, state: null }, 'c', 'Sortable Charlie');
    await sortable({ status: 3, city: 'AUSTIN', state: 'MN' }, 'd', 'Sortable Delta');
    await sortable({ city: 'Boise', state: 'ID' }, 'e', 'Sortable Echo');
    await sortable({ city: 'Casper', state: 'WY' }, 'f2', 'Sortable Foxtrot');
    await sortable({ city: 'Casper', state: 'WY' }, 'f1', 'sortable foxtrot');
    await addInsurance(bcr('a'), 'ins_sort_a1', 'Liability', '2026-10-01');
    await addInsurance(bcr('a'), 'ins_sort_a2', 'liability', '2027-05-01');
    await addInsurance(bcr('a'), 'ins_sort_a3', 'Cargo', '2026-12-20');
    await addInsurance(bcr('b'), 'ins_sort_b', 'Liability', '2027-03-01');
    await addInsurance(bcr('d'), 'ins_sort_d', 'Liability', '2026-11-20');
    await addInsurance(bcr('e'), 'ins_sort_e', ' cargo ', '2027-03-01');
  });
  const ids = async (query: string) =>
    (await list(`?search=sortable&${query}`)).items.map((i) =>
      i.carrierMasterId.replace('car_test_sort_', ''),
    );

  it('sorts by name both ways: ties by id, descending the exact reverse; name ascending is the default', async () => {
    const ascending = ['a', 'b', 'c', 'd', 'e', 'f1', 'f2'];
    expect(await ids('')).toEqual(ascending);
    expect(await ids('sort=name')).toEqual(ascending);
    expect(await ids('sort=name&direction=asc')).toEqual(ascending);
    expect(await ids('direction=desc')).toEqual([...ascending].reverse());
    expect(await ids('sort=name&direction=desc')).toEqual([...ascending].reverse());
  });

  it('sorts by status (its number) both ways, ties by name then id', async () => {
    expect(await ids('sort=status')).toEqual(['b', 'c', 'e', 'f1', 'f2', 'a', 'd']);
    expect(await ids('sort=status&direction=desc')).toEqual(['d', 'a', 'b', 'c', 'e', 'f1', 'f2']);
  });

  it("sorts by insurance expiry: each coverage's latest certificate, the earliest of them; none first ascending", async () => {
    const answer = await list('?search=sortable&sort=insuranceExpiry');
    expect(
      answer.items.map((i) => [i.carrierMasterId.replace('car_test_sort_', ''), i.insuranceStatus]),
    ).toEqual([
      ['c', 'NotOnFile'],
      ['f1', 'NotOnFile'],
      ['f2', 'NotOnFile'],
      ['d', 'Expired'],
      ['a', 'ExpiringIn30Days'],
      ['b', 'Current'],
      ['e', 'Current'],
    ]);
    expect(await ids('sort=insuranceExpiry&direction=desc')).toEqual(['b', 'e', 'a', 'd', 'c', 'f1', 'f2']);
  });

  it('sorts by city then state, any case, no city last both ways; ties by name then id', async () => {
    expect(await ids('sort=city')).toEqual(['d', 'b', 'a', 'e', 'f1', 'f2', 'c']);
    expect(await ids('sort=city&direction=desc')).toEqual(['f1', 'f2', 'a', 'e', 'b', 'd', 'c']);
  });

  it('keeps pages stable in every order: the pages put together are the whole list', async () => {
    for (const query of ['sort=status&direction=desc', 'sort=insuranceExpiry', 'sort=city&direction=desc']) {
      const whole = (await list(`?${query}&pageSize=200`)).items.map((i) => i.brokerCarrierId);
      expect(whole.length).toBeGreaterThan(20);
      const pages: string[] = [];
      for (let page = 1; (page - 1) * 10 < whole.length; page++)
        pages.push(...(await list(`?${query}&pageSize=10&page=${page}`)).items.map((i) => i.brokerCarrierId));
      expect(pages, query).toEqual(whole);
    }
  });

  it('answers an unknown sort or direction 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sort=scac', 'sort'],
      ['?sort=NAME', 'sort'],
      ['?sort=', 'sort'],
      ['?direction=up', 'direction'],
      ['?sort=name&direction=DESC', 'direction'],
    ] as const) {
      const answer = await get(query);
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(400);
      expect(Object.keys(answer.json().errors), query).toContain(`model.${field}`);
    }
  });
});

describe('GET /api/brokerCarrier/list.csv', () => {
  const csv = (query: string, who: object = ops) =>
    service.app.inject({
      method: 'GET',
      url: `/api/brokerCarrier/list.csv${query}`,
      headers: service.t.as(who),
    });
  /** The file's rows (the byte-order mark off, CRLF rows; none of these values holds a line break). */
  const rowsOf = (body: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);
    return body.slice(1, -2).split('\r\n');
  };
  const header = 'Name,SCAC,MC,DOT,City,State,Status,Compliance,Insurance status';

  it('is a carriers.csv attachment: a header row, then one row per carrier in the order asked', async () => {
    const answer = await csv('?search=sortable&sort=insuranceExpiry&direction=desc&status=1');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="carriers.csv"');
    expect(answer.headers['x-total-count']).toBe('5');
    expect(answer.headers['x-exported-count']).toBe('5');
    expect(rowsOf(answer.body)).toEqual([
      header,
      'Sortable Bravo,,,,Austin,TX,Enabled,In compliance,Current',
      'Sortable Echo,,,,Boise,ID,Enabled,In compliance,Current',
      'Sortable Charlie,,,,,,Enabled,Out of compliance: No insurance is on file for the carrier.,Not on File',
      'sortable foxtrot,,,,Casper,WY,Enabled,Out of compliance: No insurance is on file for the carrier.,Not on File',
      'Sortable Foxtrot,,,,Casper,WY,Enabled,Out of compliance: No insurance is on file for the carrier.,Not on File',
    ]);
    // the demo's carriers, as the list shows them: compliance with each reason, the numbers
    const demo = rowsOf((await csv('?search=old')).body);
    expect(demo).toEqual([
      header,
      'Old Line Freight,OLFT,MC-612407,2214570,Dayton,OH,Enabled,In compliance,Current',
    ]);
  });

  it('quotes a value holding a quote as RFC 4180 says (doubled; commas as spaces, 000 §5) and neutralises formulas', async () => {
    await addCarrier(broker, 'car_test_csv_quote', 'Quoted "Q" Haulers, Inc', { scac: 'QQHI' });
    await addCarrier(broker, 'car_test_csv_eq', '=HYPERLINK("http://evil.test","x")', { city: '@SUM(A1)' });
    await addCarrier(broker, 'car_test_csv_plus', '+1 Freight', { mcNumber: '-2+3', state: null });
    await addCarrier(broker, 'car_test_csv_at', '@Home Trucking', { city: 'Tab\tCity', state: '\tTX' });
    const quoted = rowsOf((await csv('?search=quoted')).body);
    expect(quoted[1]).toBe(
      '"Quoted ""Q"" Haulers  Inc",QQHI,,,Reno,NV,Enabled,Out of compliance: No insurance is on file for the carrier.,Not on File',
    );
    const risky = rowsOf((await csv(`?search=${encodeURIComponent('=')}`)).body);
    expect(risky[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test"" ""x""\)",,,,'@SUM\(A1\),NV,Enabled,/);
    const plus = rowsOf((await csv('?search=%2B1')).body);
    expect(plus[1]).toMatch(/^'\+1 Freight,,'-2\+3,,Reno,,Enabled,/);
    const at = rowsOf((await csv('?search=%40home')).body);
    expect(at[1]).toMatch(/^'@Home Trucking,,,,Tab\tCity,'\tTX,/);
  });

  it('has each broker its own rows, with its own status', async () => {
    const theirs = rowsOf((await csv('', otherBroker)).body);
    expect(theirs.map((r) => r.split(',')[0])).toEqual(['Name', 'Old Line Freight', 'Rival Road Lines']);
    expect(theirs[1]).toContain(
      'Blocked,Out of compliance: The carrier is blocked. No insurance is on file for the carrier.',
    );
    const ours = (await csv('')).body;
    expect(ours).not.toContain('Rival Road Lines');
    expect(ours).toContain('Old Line Freight,OLFT,MC-612407,2214570,Dayton,OH,Enabled,In compliance');
  });

  it('is for broker staff whose exports are not hidden: customers and HideExportToExcel get 403', async () => {
    expect((await csv('', shipper)).statusCode).toBe(403);
    expect((await csv('?sort=nope&page=2', shipper)).statusCode).toBe(403);
    const hidden = await csv('', {
      ...ops,
      permissions: StaffPermission.combine('UserAllowedOrgAccess', 'LSPCarrierDetails', 'HideExportToExcel'),
    });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe('Exporting is turned off for your account.');
  });

  it('answers a bad sort, direction, filter or a page 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sort=mc', 'sort'],
      ['?direction=sideways', 'direction'],
      ['?status=9', 'status'],
      ['?page=2', 'page'],
    ] as const) {
      const answer = await csv(query);
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(400);
      expect(Object.keys(answer.json().errors), query).toContain(`model.${field}`);
    }
  });

  it(`holds at most ${CARRIER_LIST_EXPORT_MAX_ROWS} carriers, and its headers say how many matched`, async () => {
    const bulk = { ...otherBroker, brokerId: 'org_test_bulk_broker' };
    const { db } = service.t.runtime;
    await sql`
      insert into carrier_master (carrier_master_id, name, authority, dot_status, tsa_compliance, carrier_rating)
      select 'car_test_bulk_' || lpad(n::text, 5, '0'), 'Bulk Carrier ' || lpad(n::text, 5, '0'), 1, 1, 1, 'Satisfactory'
      from generate_series(1, ${CARRIER_LIST_EXPORT_MAX_ROWS + 1}) n`.execute(db);
    await sql`
      insert into broker_carrier (broker_carrier_id, broker_id, carrier_master_id, status, inherited, favorite,
        insurance_status, in_compliance, version)
      select 'bcr_bulk_' || carrier_master_id, ${bulk.brokerId}, carrier_master_id, 1, false, false, 'NotOnFile', false, 1
      from carrier_master where carrier_master_id like 'car_test_bulk_%'`.execute(db);
    const answer = await csv('?direction=desc', bulk);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-total-count']).toBe(String(CARRIER_LIST_EXPORT_MAX_ROWS + 1));
    expect(answer.headers['x-exported-count']).toBe(String(CARRIER_LIST_EXPORT_MAX_ROWS));
    const rows = rowsOf(answer.body);
    expect(rows).toHaveLength(CARRIER_LIST_EXPORT_MAX_ROWS + 1);
    expect(rows[1]).toMatch(/^Bulk Carrier 05001,/);
    expect(rows.at(-1)).toMatch(/^Bulk Carrier 00002,/);
  });
});
