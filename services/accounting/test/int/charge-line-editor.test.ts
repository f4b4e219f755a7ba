// The inline editor's PUT transitChargeline beyond the amounts, against the real PostgreSQL, NATS and Redis
// (001 §7, 002 §3.5; decisions 0055, 0057): the type, the billing status, the payer group, the carrier (the
// shipment's or none) and the vendor (an organization of the broker, named by the service), each refused in
// the words of the line's locks once billed; another broker's organization is no vendor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingStatusChoiceMessage, lockReasons } from '../../src/domain/charge-lines.ts';
import { type Accounting, operations, startAccounting } from './fixtures.ts';

let t: Accounting;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: object, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(who), ...(payload ? { payload } : {}) });

const shipmentId = 10006;

beforeAll(async () => {
  t = await startAccounting();
  // An organization of another broker, to be refused as a vendor.
  await t.runtime.db
    .insertInto('organization_view')
    .values({
      organization_id: 'org_other_vendor',
      broker_id: 'org_other_broker',
      name: 'Other Broker Lumpers',
      organization_type: 70,
      payment_preference: null,
      credit_limit_cents: null,
      customer_settings: 0,
      broker_settings: 0,
      active: true,
      version: 1,
    })
    .execute();
});
afterAll(async () => t?.cleanup());

const put = (model: object) => call('PUT', '/api/accountingSummary/transitChargeline', operations, model);
/** POST a lumper charge on the shipment (buy and sell in cents), with anything else given. */
const addLumper = (buyCents: number, sellCents: number, more: object = {}) =>
  call('POST', '/api/accountingSummary/transitChargeline', operations, {
    shipmentId,
    chargeLineType: 'Lumper',
    buyCents,
    sellCents,
    ...more,
  });

describe('the inline editor: type, billing status, payer, carrier and vendor', () => {
  it('saves each of them and answers the line as the service names it', async () => {
    const summary = (await call('GET', `/api/accountingSummary/${shipmentId}`, operations)).json();
    expect(summary.carrierMasterId).toBeTruthy();
    const added = (await addLumper(15000, 17500, { carrierMasterName: 'ignored' })).json();
    expect(added).toMatchObject({
      carrierMasterId: summary.carrierMasterId,
      carrierMasterName: summary.carrierMasterName,
    });

    const typed = await put({ ...added, chargeLineType: 'Warehouse', billingStatus: 'Ready' });
    expect(typed.statusCode).toBe(200);
    expect(typed.json()).toMatchObject({ chargeLineType: 'Warehouse', billingStatus: 'Ready' });

    const created = await put({ ...typed.json(), billingStatus: 'Created' });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toContain(billingStatusChoiceMessage);

    // The carrier: none, then the shipment's again; another carrier is not this shipment's.
    const noCarrier = await put({ ...typed.json(), carrierMasterId: null });
    expect(noCarrier.json()).toMatchObject({ carrierMasterId: null, carrierMasterName: null });
    const back = await put({ ...noCarrier.json(), carrierMasterId: summary.carrierMasterId });
    expect(back.json().carrierMasterName).toBe(summary.carrierMasterName);
    const otherCarrier = await put({ ...back.json(), carrierMasterId: 'car_somebody_else' });
    expect(otherCarrier.statusCode).toBe(400);
    expect(otherCarrier.json().message).toMatch(/shipment’s carrier/);

    // The vendor: an organization of the broker, named by the service whatever the body says.
    const vendor = await put({
      ...back.json(),
      vendorOrganizationId: 'org_demo_acme',
      vendorName: 'Made Up',
    });
    expect(vendor.statusCode).toBe(200);
    expect(vendor.json().vendorName).toMatch(/Acme/);

    // The payer: another group of the shipment (the demo's other customer).
    const otherPayer =
      summary.customerOrganizationId === 'org_demo_globex' ? 'org_demo_acme' : 'org_demo_globex';
    const group = await call('POST', '/api/accountingSummary/insertChargeLineGroupOrganization', operations, {
      shipmentId,
      payerOrganizationId: otherPayer,
      transitOrganizationType: 1,
    });
    expect(group.statusCode).toBe(201);
    const moved = await put({ ...vendor.json(), groupId: group.json().groupId });
    expect(moved.json()).toMatchObject({
      groupId: group.json().groupId,
      payerOrganizationId: otherPayer,
    });
    await call('DELETE', `/api/accountingSummary/transitChargeline/${added.chargeLineId}`, operations);
  });

  it('refuses another broker’s organization as a vendor (two tenants), and changes nothing', async () => {
    const added = (await addLumper(100, 200)).json();
    const stranger = await put({ ...added, vendorOrganizationId: 'org_other_vendor' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toContain(
      'Organization org_other_vendor is not an organization of your broker.',
    );
    const onAdd = await addLumper(100, 200, { vendorOrganizationId: 'org_other_vendor' });
    expect(onAdd.statusCode).toBe(400);
    const row = await t.runtime.db
      .selectFrom('charge_line')
      .select(['vendor_organization_id', 'version'])
      .where('charge_line_id', '=', added.chargeLineId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ vendor_organization_id: null, version: added.version });
    await call('DELETE', `/api/accountingSummary/transitChargeline/${added.chargeLineId}`, operations);
  });

  it('refuses the carrier or vendor of a billed line in the words of its locks', async () => {
    const billed = (await call('GET', '/api/accountingSummary/10009', operations))
      .json()
      .groups[0].chargeLines.find((l: { billId: string | null }) => l.billId !== null);
    expect(billed.locks.vendor).toBe(lockReasons.vendor);
    const refused = await put({ ...billed, carrierMasterId: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(billed.locks.vendor);
  });
});
