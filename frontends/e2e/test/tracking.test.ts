// The tracking remote in a real browser, against the whole system (issue 4): staff open a shipment's
// location history; a check call posted by another client appears live; the driver's one-time page (no
// sign-in) shares the phone's position, which shows on the map; the link refuses a second use; a customer
// following its own shipment sees a check call arrive live too.
//
// Demo shipment used: 10017 is Acme's LTL load Out for Delivery (Dayton → Chicago) with a driver and a
// demo history along its lane (contracts/demo/shipments.ts).
import { join } from 'node:path';
import { messages, ShipmentLocationType } from '@loadline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type JourneySystem,
  openDialog,
  PAGE_LOAD_MS,
  screenshots,
  signInOn,
  startJourneySystem,
} from './system.ts';

let j: JourneySystem;

beforeAll(async () => {
  j = await startJourneySystem();
}, 300_000);

afterAll(async () => {
  await j?.stop();
});

/** Another client: its own session cookie, straight to the gateway's API. */
async function apiSession(email: string) {
  const login = await fetch(`${j.system.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  return (path: string, init: RequestInit = {}) =>
    fetch(`${j.system.url}${path}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
}

describe('tracking journeys', () => {
  it('staff follow a shipment live: a check call from elsewhere, then the driver’s phone', async () => {
    const page = await j.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signInOn(j, page, '/back-office/shipment/shipment-details/10017', 'ops@demo.test');
    await page.getByRole('heading', { name: 'Shipment 10017' }).waitFor({ timeout: PAGE_LOAD_MS });
    const tracking = page.getByRole('group', { name: 'Tracking' });
    await tracking.getByLabel('Last known location').waitFor({ timeout: PAGE_LOAD_MS });
    const modal = await openDialog(
      page,
      tracking.getByRole('button', { name: 'Location history' }),
      'Location history - Shipment 10017',
    );
    const origin = modal.getByRole('region', { name: 'Origin locations' });
    await origin.getByText(/Acme Plant 2, Dayton, OH 45414/).waitFor({ timeout: 20_000 });
    await modal
      .getByRole('region', { name: /^Shipment locations map: \d+ located points?$/ })
      .waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500); // the map's fit animation
    await page.screenshot({ path: join(screenshots, 'tracking-history.png'), fullPage: true });

    // Another client (an integration signed in as staff) posts a check call: it appears without reload.
    const api = await apiSession('admin@demo.test');
    const posted = await api('/api/location', {
      method: 'POST',
      body: JSON.stringify({
        shipmentId: 10017,
        locationType: ShipmentLocationType.values.InTransit,
        zipCode: '46320',
      }),
    });
    expect(posted.status).toBe(201);
    const other = modal.getByRole('region', { name: 'Other locations' });
    await other.getByText(/^Hammond, IN 4632\d \(most recent\)$/).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(screenshots, 'tracking-live-check-call.png'), fullPage: true });
    await modal.getByRole('button', { name: 'UTC' }).click();
    await other
      .getByText(/UTC · In Transit$/)
      .first()
      .waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');

    // Request the driver's location (back office: a dialog), then read the link the local sink recorded.
    const dialog = await openDialog(
      page,
      tracking.getByRole('button', { name: 'Request driver location' }),
      'Request driver location',
    );
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText(messages.driverLocation.requestSent).first().waitFor({ timeout: 15_000 });
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      const sent = (await (await api('/api/requestDriverLocation/textMessages')).json()) as {
        body: string;
      }[];
      link = sent.map((m) => /(https?:\/\/\S+\/driver-location\/\S+)/.exec(m.body)?.[1]).find(Boolean);
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeDefined();
    expect(link!.startsWith(j.system.url)).toBe(true);

    // Keep the history open to see the driver's position arrive.
    await tracking.getByRole('button', { name: 'Location history' }).click();
    await origin.getByText(/Acme Plant 2/).waitFor({ timeout: 20_000 });

    // The driver's phone: no session, a granted position near Joliet.
    const phone = await j.browser.newContext({
      geolocation: { latitude: 41.5253, longitude: -88.0817 },
      permissions: ['geolocation'],
      viewport: { width: 390, height: 760 },
    });
    const driver = await phone.newPage();
    await driver.goto(link!);
    await driver.getByRole('button', { name: 'Share my location' }).waitFor({ timeout: 10_000 });
    expect(await driver.getByText('10017').count()).toBe(0);
    await driver.screenshot({ path: join(screenshots, 'tracking-driver-page.png') });
    await driver.getByRole('button', { name: 'Share my location' }).click();
    await driver.getByText('Thank you. Your location was shared.').waitFor({ timeout: 15_000 });
    await driver.screenshot({ path: join(screenshots, 'tracking-driver-shared.png') });

    await other.getByText(/^Joliet, IL 604\d\d \(most recent\)$/).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(screenshots, 'tracking-driver-on-map.png'), fullPage: true });

    // The link works once.
    await driver.reload();
    await driver.getByText('This link has expired or was already used.').waitFor({ timeout: 10_000 });
    await phone.close();
    await page.close();
  });

  it('a customer following its own shipment sees a check call arrive live', async () => {
    const page = await j.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signInOn(j, page, '/front-office/shipments/10017', 'shipper@acme.test');
    const tracking = page.getByRole('group', { name: 'Tracking' });
    await tracking.getByRole('button', { name: 'Location history' }).click({ timeout: PAGE_LOAD_MS });
    const modal = page.getByRole('dialog', { name: 'Location history - Shipment 10017' });
    await modal
      .getByRole('region', { name: 'Origin locations' })
      .getByText(/Dayton, OH/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await modal.getByRole('button', { name: 'Add location' }).count()).toBe(0);

    const staff = await apiSession('ops@demo.test');
    const posted = await staff('/api/location', {
      method: 'POST',
      body: JSON.stringify({
        shipmentId: 10017,
        locationType: ShipmentLocationType.values.InTransit,
        zipCode: '60441',
      }),
    });
    expect(posted.status).toBe(201);
    await modal
      .getByRole('region', { name: 'Other locations' })
      .getByText(/^Lockport, IL 6044\d \(most recent\)$/)
      .waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(screenshots, 'tracking-customer-live.png'), fullPage: true });
    await page.close();
  });

  it('the ZIP code search page answers 25 at most and locates an address on the map', async () => {
    const page = await j.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signInOn(j, page, '/back-office/zip-code-search', 'ops@demo.test');
    await page.getByLabel('ZIP code or city').fill('606');
    await page.getByText(messages.search.resultsFound(25)).waitFor({ timeout: PAGE_LOAD_MS });
    const table = page.getByRole('table', { name: 'ZIP codes' });
    const map = await openDialog(
      page,
      table.getByRole('row').nth(1).getByRole('button', { name: 'Map' }),
      'Address location',
    );
    await map.getByLabel('Located address').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(screenshots, 'tracking-zip-search.png'), fullPage: true });
    await page.close();
  });
});
