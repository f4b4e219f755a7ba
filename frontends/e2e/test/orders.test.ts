// Order entry in a real browser against the whole system (issue 17): a customer books a shipment from Quick
// quote on its home page, with the hazardous accessorial (in the front office it sets the hazmat flag on the
// commodity, no modal), lands on the new shipment's page and finds it in its grid; broker staff on the back
// office's new-shipment page choose the same accessorial, fill the hazmat modal (002 §3.5, issue 17 item 2) and
// find the shipment hazardous with those details.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JourneySystem, screenshots, signInOn, startJourneySystem } from './system.ts';

let j: JourneySystem;

beforeAll(async () => {
  j = await startJourneySystem();
}, 300_000);

afterAll(async () => {
  await j?.stop();
});

describe('order journeys', () => {
  it('a customer books a shipment from Quick quote with a hazardous accessorial and sees it in its grid', async () => {
    const page = await (await j.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signInOn(j, page, '/front-office/', 'shipper@acme.test');

    const quote = page.getByRole('form', { name: 'Quick quote' });
    await quote.getByLabel('Origin zip').fill('45414', { timeout: 30_000 });
    await quote.getByLabel('Destination zip').fill('60632');
    await quote.getByRole('button', { name: 'Quote' }).click();
    await page.waitForURL(/\/front-office\/order\?originzip=45414&destinationzip=60632$/, {
      timeout: 20_000,
    });

    // The ZIP lookup fills both places.
    await expect.poll(() => page.getByLabel('Origin city').inputValue(), { timeout: 20_000 }).toBe('Dayton');
    // Each place is its own lookup: the destination's may answer after the origin's.
    await expect
      .poll(() => page.getByLabel('Destination state').inputValue(), { timeout: 20_000 })
      .toBe('IL');

    const line = page.getByRole('group', { name: 'Commodity 1' });
    await line.getByLabel('Description').fill('Paint, in pails');
    await line.getByLabel('Pieces').fill('2');
    await line.getByLabel('Weight (lbs)').fill('1000');
    await line.getByLabel('Length (in)').fill('48');
    await line.getByLabel('Width (in)').fill('40');
    await line.getByLabel('Height (in)').fill('48');
    await line.getByText(/^Class 100 \(density/).waitFor({ timeout: 10_000 });

    const accessorials = page.getByRole('region', { name: 'Accessorials' });
    await accessorials.getByLabel('Hazardous Materials').check({ timeout: 20_000 });
    // The front office sets the hazmat flag instead of opening the modal (001 §2).
    expect(await line.getByLabel('Hazardous').isChecked()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'order-front-office.png'), fullPage: true });

    await page.getByRole('button', { name: 'Save shipment' }).click();
    await page.waitForURL(/\/front-office\/shipments\/\d+$/, { timeout: 20_000 });
    const shipmentId = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { name: `Shipment ${shipmentId}` }).waitFor({ timeout: 20_000 });

    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'My shipments' })
      .click();
    const grid = page.getByRole('table', { name: 'Shipments' });
    await grid.getByRole('link', { name: shipmentId }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(screenshots, 'order-in-grid.png'), fullPage: true });

    // What was booked is what the service stored: the hazardous line and accessorial 46.
    const stored = await page.evaluate(async (id) => {
      const res = await fetch(`/api/shipments/${id}`);
      return res.json();
    }, shipmentId);
    expect(stored.commodities).toEqual([
      expect.objectContaining({ description: 'Paint, in pails', hazardous: true, freightClass: 100 }),
    ]);
    expect(stored.accessorials.map((a: { accessorialId: number }) => a.accessorialId)).toContain(46);
    await page.close();
  }, 300_000);

  it('staff choose the hazardous accessorial on the new-shipment page, fill the hazmat modal and see the details on the shipment', async () => {
    const page = await (await j.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signInOn(j, page, '/back-office/', 'ops@demo.test');

    const quote = page.getByRole('form', { name: 'Quick quote' });
    await quote.getByLabel('Origin zip').fill('45414', { timeout: 30_000 });
    await quote.getByLabel('Destination zip').fill('60632');
    await quote.getByRole('button', { name: 'Quote' }).click();
    await page.waitForURL(/\/back-office\/shipment\/new\?originzip=45414&destinationzip=60632$/, {
      timeout: 20_000,
    });
    await page.getByRole('heading', { name: 'New shipment' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByLabel('Origin city').inputValue(), { timeout: 20_000 }).toBe('Dayton');

    // staff order for any customer of the broker
    const customer = page.getByLabel('Customer');
    await customer
      .locator('option', { hasText: 'Acme Manufacturing' })
      .waitFor({ state: 'attached', timeout: 30_000 });
    await customer.selectOption({ label: 'Acme Manufacturing' });

    const line = page.getByRole('group', { name: 'Commodity 1' });
    await line.getByLabel('Description').fill('Paint, flammable');
    await line.getByLabel('Pieces').fill('4');
    await line.getByLabel('Weight (lbs)').fill('800');
    await line.getByLabel('Length (in)').fill('48');
    await line.getByLabel('Width (in)').fill('40');
    await line.getByLabel('Height (in)').fill('40');

    // accessorial 46 marks the line hazardous and opens the hazmat modal (the back office's, 001 §2)
    const accessorials = page.getByRole('region', { name: 'Accessorials' });
    await accessorials.getByLabel('Hazardous Materials').check({ timeout: 20_000 });
    const modal = page.getByRole('dialog', { name: 'Hazardous materials: Paint, flammable' });
    await modal.waitFor({ timeout: 10_000 });
    const save = modal.getByRole('button', { name: 'Save hazmat details' });
    expect(await save.isDisabled()).toBe(true);
    await modal.getByLabel('UN number').fill('UN1263');
    await modal.getByLabel('Proper shipping name').fill('Paint');
    await modal.getByLabel('Hazard class').selectOption({ label: '3 Liquids' });
    await modal.getByLabel('Packing group').selectOption({ label: 'II' });
    await modal.getByLabel('Emergency contact name').fill('ChemTrec');
    await modal.getByLabel('Emergency contact phone').fill('(800) 424-9300');
    await page.screenshot({ path: join(screenshots, 'order-back-office-hazmat.png'), fullPage: true });
    await save.click();
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await line.getByLabel('Hazardous').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Save shipment' }).click();
    await page.waitForURL(/\/back-office\/shipment\/shipment-details\/\d+$/, { timeout: 20_000 });
    const shipmentId = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { name: `Shipment ${shipmentId}` }).waitFor({ timeout: 20_000 });

    // the shipment shows the line as hazardous, with the details given in the modal
    const lines = page.getByRole('table', { name: 'Commodities' });
    const row = lines.getByRole('row', { name: /Paint, flammable/ });
    await row.waitFor({ timeout: 20_000 });
    const hazmat = page.getByRole('region', { name: 'Hazardous materials: Paint, flammable' });
    for (const text of ['UN1263', 'Paint', '3 Liquids', 'II', 'ChemTrec', '(800) 424-9300'])
      await hazmat.getByText(text, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await row.getByText('Hazardous', { exact: true }).count()).toBe(1);
    await page
      .getByRole('list', { name: 'Accessorials' })
      .getByText('Hazardous Materials')
      .waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(screenshots, 'shipment-hazmat-details.png'), fullPage: true });

    // what the service stored
    const stored = await page.evaluate(
      async (id) => (await fetch(`/api/shipments/${id}`)).json(),
      shipmentId,
    );
    expect(stored.customerOrganizationId).toBe('org_demo_acme');
    expect(stored.commodities).toEqual([
      expect.objectContaining({
        description: 'Paint, flammable',
        hazardous: true,
        hazmat: {
          unNumber: 'UN1263',
          properShippingName: 'Paint',
          hazardClass: '3',
          packingGroup: 2,
          emergencyContactName: 'ChemTrec',
          emergencyContactPhone: '(800) 424-9300',
        },
      }),
    ]);
    expect(stored.accessorials.map((a: { accessorialId: number }) => a.accessorialId)).toContain(46);
    await page.close();
  }, 300_000);
});
