// Order entry in a real browser against the whole system (issue 17): a customer books a shipment from Quick
// quote on its home page, with the hazardous accessorial (in the front office it sets the hazmat flag on the
// commodity, no modal), lands on the new shipment's page and finds it in its grid.
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
    expect(await page.getByLabel('Destination state').inputValue()).toBe('IL');

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
});
