// Issue 14's broken shipment journeys, in a real browser against the whole system (one start for the file):
// item 4 every route of 000 §2 opens a real page; item 5 the unsaved-changes dialog guards the edit-status
// modal (Esc, the X, browser Back, a sidebar link); item 8 the shipment page follows its live group with the
// location history closed, in both offices, a customer seeing only Public notes; item 9 opening Edit status
// adds no location to a Complete shipment; item 10 a New York browser adds a Long Beach location at Long
// Beach's time; item 11 the grid's statuses are whole and the default columns fit at 1,440 px in both
// offices; item 12 cancel asks in the shipment-canceled modal and the lost-quote alert appears in its colour
// with its icon. Screenshots: test-results/journeys/issue14-*.png.
//
// Demo shipments (contracts/demo/shipments.ts): 10040 Globex, Air House (international); 10021 Acme, a
// truckload Quote; 10003 Acme, LTL; 10005 Acme, truckload Dispatched; 10017 Acme, LTL Out for Delivery;
// 10019 Acme, LTL Complete with API tracking and a pro number; 10006 Globex, drayage In Transit from Long
// Beach; 10011 Acme, LTL Quote.
import { join } from 'node:path';
import { AccessLevel, messages, ShipmentLocationType } from '@loadline/contracts';
import type { Page } from 'playwright-core';
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

// Against two processes of every service and two gateways behind the local ingress (JOURNEY_REPLICAS,
// decision 0047): item 8's live pages and the calls that change what they show often go through different
// gateways.
beforeAll(async () => {
  j = await startJourneySystem({ replicated: true });
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

async function newPage(options: { width?: number; height?: number; timezoneId?: string } = {}) {
  const context = await j.browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  return context.newPage();
}

const heading = (page: Page, id: number) => page.getByRole('heading', { name: `Shipment ${id}` });
const unsaved = messages.dialogs.unsavedChanges;

describe('issue 14: shipment journeys', () => {
  it('item 4: every route of 000 §2 opens a real page — the grid opens 10040 (Air House), and the hash routes in any case', async () => {
    const page = await newPage();
    await signInOn(j, page, '/back-office/shipment/search', 'ops@demo.test');
    const grid = page.getByRole('table', { name: 'Shipments' });
    const link = grid.getByRole('link', { name: '10040', exact: true });
    await link.waitFor({ timeout: PAGE_LOAD_MS });
    expect(await link.getAttribute('href')).toBe('/Backoffice/ShipmentInternational#/Details/10040');
    await link.click();
    await heading(page, 10040).waitFor({ timeout: 30_000 });
    expect(page.url()).toMatch(/\/back-office\/shipment\/international\/details\/10040$/);
    await page.getByText('Air House').first().waitFor();
    await page.screenshot({ path: join(screenshots, 'issue14-international.png'), fullPage: true });

    // Typed or opened in a new tab: the gateway serves the shell, which routes the hash.
    await page.goto(`${j.system.url}/Backoffice/ShipmentInternational#/Details/10040`);
    await heading(page, 10040).waitFor({ timeout: PAGE_LOAD_MS });
    await page.goto(`${j.system.url}/BackOffice/ShipmentSearch#/10003`);
    await heading(page, 10003).waitFor({ timeout: PAGE_LOAD_MS });
    expect(page.url()).toMatch(/\/back-office\/shipment\/shipment-details\/10003$/);
    // The edit pages open the shipment with its edit-status modal.
    await page.goto(`${j.system.url}/Backoffice/ShipmentDomestic#/Edit/10021/companyLoadboard`);
    await heading(page, 10021).waitFor({ timeout: PAGE_LOAD_MS });
    await page.getByRole('dialog', { name: 'Edit shipment status - 10021' }).waitFor({ timeout: 30_000 });
    expect(page.url()).toMatch(/\/back-office\/shipment\/edit\/10021\/companyLoadboard$/);
    await page.keyboard.press('Escape');
    await page.goto(`${j.system.url}/backoffice/shipmentinternational#/edit/10040`);
    await page
      .getByRole('dialog', { name: 'Edit shipment status - 10040' })
      .waitFor({ timeout: PAGE_LOAD_MS });
    // Never the gateway's raw JSON 404.
    expect(await page.getByText('No route for GET').count()).toBe(0);
    await page.context().close();
  });

  it('item 5: a pro number or a note typed in Edit status, or a note on the page, is never discarded silently (Esc, the X, Back, a sidebar link)', async () => {
    const page = await newPage();
    await signInOn(j, page, '/back-office/shipment/search', 'ops@demo.test');
    // Into the page through the app, so the browser's Back stays in the app.
    await page
      .getByRole('table', { name: 'Shipments' })
      .getByRole('link', { name: '10005', exact: true })
      .click({
        timeout: 30_000,
      });
    await heading(page, 10005).waitFor({ timeout: 30_000 });
    const modal = await openDialog(
      page,
      page.getByRole('button', { name: 'Edit status' }),
      /^Edit shipment status/,
    );
    const pro = modal.getByLabel('Pro number');
    await pro.waitFor({ timeout: 30_000 });
    await pro.fill('OLFT777001');
    const dialog = page.getByRole('dialog', { name: unsaved.title });

    // Esc: the dialog with the spec's text and buttons; staying keeps the pro number.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.textContent()).toContain(unsaved.text);
    await dialog.getByRole('button', { name: unsaved.confirm }).waitFor();
    await page.screenshot({ path: join(screenshots, 'issue14-unsaved-dialog.png'), fullPage: true });
    await dialog.getByRole('button', { name: unsaved.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await pro.inputValue()).toBe('OLFT777001');

    // The X.
    await modal.locator('.mantine-Modal-close').first().click();
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: unsaved.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A note too; then the browser's Back.
    const note = modal.getByRole('textbox', { name: 'Note', exact: true });
    await note.fill('Driver called: running 30 minutes late.');
    await page.goBack();
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: unsaved.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/shipment-details\/10005$/);
    expect(await note.inputValue()).toBe('Driver called: running 30 minutes late.');

    // Esc again, and discard: the modal closes.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: unsaved.confirm }).click();
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });

    // A note typed in the page's activity log, then a sidebar link: staying keeps it, discarding leaves.
    const log = page.getByRole('region', { name: 'Activity log' }).first();
    await log.getByRole('button', { name: 'Add activity' }).click({ timeout: 30_000 });
    await log.getByRole('form', { name: 'Add activity' }).getByLabel('Description').fill('Half-written note');
    await page.getByRole('link', { name: 'Shipments', exact: true }).click();
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: unsaved.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/shipment-details\/10005$/);
    await page.getByRole('link', { name: 'Shipments', exact: true }).click();
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: unsaved.confirm }).click();
    await page.waitForURL(/\/back-office\/shipment\/search$/, { timeout: 15_000 });
    await page.getByRole('table', { name: 'Shipments' }).waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('item 5, front office: an address typed in the document sender is not discarded silently', async () => {
    const page = await newPage();
    await signInOn(j, page, '/front-office/shipments/10005', 'shipper@acme.test');
    await heading(page, 10005).waitFor({ timeout: PAGE_LOAD_MS });
    const sender = await openDialog(
      page,
      page.getByRole('button', { name: 'Send documents' }).first(),
      /^Send documents/,
    );
    await sender.getByLabel('Email addresses').fill('dock@acme.test');
    const dialog = page.getByRole('dialog', { name: unsaved.title });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.textContent()).toContain(unsaved.text);
    await dialog.getByRole('button', { name: unsaved.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await sender.getByLabel('Email addresses').inputValue()).toBe('dock@acme.test');
    await sender.locator('.mantine-Modal-close').first().click();
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: unsaved.confirm }).click();
    await sender.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.context().close();
  });

  it('item 8: the shipment page follows its live group with the location history closed — staff and the customer', async () => {
    const staff = await newPage();
    await signInOn(j, staff, '/back-office/shipment/shipment-details/10017', 'ops@demo.test');
    await heading(staff, 10017).waitFor({ timeout: PAGE_LOAD_MS });
    const customer = await newPage();
    await signInOn(j, customer, '/front-office/shipments/10017', 'shipper@acme.test');
    await heading(customer, 10017).waitFor({ timeout: PAGE_LOAD_MS });
    const line = (page: Page) =>
      page.getByRole('group', { name: 'Tracking' }).getByLabel('Last known location');
    await line(staff).waitFor({ timeout: 30_000 });
    await line(customer).waitFor({ timeout: 30_000 });
    const log = (page: Page) => page.getByRole('region', { name: 'Activity log' }).first();
    await log(staff).getByRole('article').first().waitFor({ timeout: 30_000 });
    await log(customer).getByRole('article').first().waitFor({ timeout: 30_000 });
    // The pages have joined the group: give the follow a moment to reach the hub.
    await staff.waitForTimeout(1_000);

    const api = await apiSession('admin@demo.test');
    // A check call elsewhere: both pages' last known location changes without reload.
    const posted = await api('/api/location', {
      method: 'POST',
      body: JSON.stringify({
        shipmentId: 10017,
        locationType: ShipmentLocationType.values.InTransit,
        zipCode: '46320',
      }),
    });
    expect(posted.status).toBe(201);
    for (const page of [staff, customer]) {
      await line(page)
        .filter({ hasText: /^Hammond, IN/ })
        .waitFor({ timeout: 20_000 });
    }
    // Item 10: Hammond, IN keeps Central time (not the origin's Eastern).
    const hammond = (await posted.json()) as { utcOffsetMinutes: number };
    const central = -Number(
      /GMT-(\d+)/.exec(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'shortOffset' }).format(
          new Date(),
        ),
      )?.[1],
    );
    expect(hammond.utcOffsetMinutes).toBe(central * 60);

    // A Private note, then a Public one: staff see both live; the customer only the Public one.
    const note = (accessLevel: number, description: string) =>
      api('/api/activitylog', {
        method: 'POST',
        body: JSON.stringify({ shipmentId: 10017, activityType: 5, accessLevel, description }),
      });
    const privateNote = 'Issue 14: margin on this load is thin, keep it quiet.';
    const publicNote = 'Issue 14: the receiver confirmed the dock for 14:00.';
    expect((await note(AccessLevel.values.Private, privateNote)).status).toBe(201);
    expect((await note(AccessLevel.values.Public, publicNote)).status).toBe(201);
    await log(staff).getByText(publicNote).waitFor({ timeout: 20_000 });
    await log(staff).getByText(privateNote).waitFor({ timeout: 20_000 });
    await log(customer).getByText(publicNote).waitFor({ timeout: 20_000 });
    expect(await customer.getByText(privateNote).count()).toBe(0);
    await staff.screenshot({ path: join(screenshots, 'issue14-live-staff.png'), fullPage: true });
    await customer.screenshot({ path: join(screenshots, 'issue14-live-customer.png'), fullPage: true });
    await staff.context().close();
    await customer.context().close();
  });

  it('item 9: opening Edit status on a Complete shipment adds no location', async () => {
    const api = await apiSession('ops@demo.test');
    const count = async () => ((await (await api('/api/location/10019')).json()) as unknown[]).length;
    const before = await count();
    const page = await newPage();
    await signInOn(j, page, '/back-office/shipment/shipment-details/10019', 'ops@demo.test');
    await heading(page, 10019).waitFor({ timeout: PAGE_LOAD_MS });
    for (let i = 0; i < 2; i++) {
      const modal = await openDialog(
        page,
        page.getByRole('button', { name: 'Edit status' }),
        /^Edit shipment status/,
      );
      await modal.getByLabel('Last known location').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1_000);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
    }
    expect(await count()).toBe(before);
    expect(await page.getByText(messages.locations.trackingTestUpdated).count()).toBe(0);
    await page.context().close();
  });

  it("item 10: a New York browser adds a Long Beach location at Long Beach's time, labelled with its zone", async () => {
    const page = await newPage({ timezoneId: 'America/New_York' });
    await signInOn(j, page, '/back-office/shipment/shipment-details/10006', 'ops@demo.test');
    const tracking = page.getByRole('group', { name: 'Tracking' });
    await tracking.getByRole('button', { name: 'Location history' }).click({ timeout: PAGE_LOAD_MS });
    const modal = page.getByRole('dialog', { name: 'Location history - Shipment 10006' });
    await modal.getByRole('button', { name: 'Add location' }).click({ timeout: 30_000 });
    const form = modal.getByRole('form', { name: 'Add location' });
    await form.getByLabel('ZIP code').fill('90802');
    await form.getByLabel('Street address').click();
    await form.getByText(/^Time zone: Pacific (Standard|Daylight) Time \(UTC−0[78]:00\)$/).waitFor({
      timeout: 15_000,
    });
    const at = await form.getByLabel('Date and time at the place').inputValue();
    const pacificNow = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(new Date())
      .replace(' ', 'T');
    // Now at Long Beach (within the minutes the test took), not New York's three hours ahead.
    expect(Math.abs(Date.parse(`${at}:00Z`) - Date.parse(`${pacificNow}:00Z`))).toBeLessThan(10 * 60_000);
    await page.screenshot({ path: join(screenshots, 'issue14-add-location.png'), fullPage: true });
    await form.getByRole('button', { name: 'Save location' }).click();
    await page.getByText(messages.shipment.informationUpdated).first().waitFor({ timeout: 15_000 });
    expect(await page.getByText('locationDateTime must not be in the future').count()).toBe(0);
    await modal
      .getByText(/Long Beach, CA 90802 \(most recent\)/)
      .first()
      .waitFor({ timeout: 15_000 });
    // Its time in location time is labelled with Long Beach's offset.
    await modal
      .getByText(/UTC−0[78]:00 · In Transit$/)
      .first()
      .waitFor();
    await page.context().close();
  });

  it('item 11: the grid shows whole statuses and its default columns fit 1,440 px, in both offices', async () => {
    for (const [path, email] of [
      ['/back-office/shipment/search', 'ops@demo.test'],
      ['/front-office/shipments', 'shipper@acme.test'],
    ] as const) {
      const page = await newPage({ width: 1440, height: 900 });
      await signInOn(j, page, path, email);
      const grid = page.getByRole('table', { name: 'Shipments' });
      await grid.getByRole('link', { name: '10001', exact: true }).waitFor({ timeout: PAGE_LOAD_MS });
      const headers = await grid
        .locator('thead th')
        .evaluateAll((cells) =>
          cells.map((c) => ({ text: c.textContent?.trim(), right: c.getBoundingClientRect().right })),
        );
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      await page.screenshot({
        path: join(screenshots, `issue14-grid-${path.startsWith('/front') ? 'front' : 'back'}-office.png`),
      });
      expect(headers.map((h) => h.text)).toContain('Status');
      expect(headers.filter((h) => h.right > width)).toEqual([]);
      // Every badge reads its whole status, as written: Committed and Complete apart.
      const badges = await grid.locator('[data-status]').evaluateAll((els) =>
        els.map((el) => {
          const label = (el.querySelector('.mantine-Badge-label') ?? el) as HTMLElement;
          return {
            text: el.textContent?.trim() ?? '',
            cut: label.scrollWidth > label.clientWidth + 1 || el.scrollWidth > el.clientWidth + 1,
          };
        }),
      );
      expect(badges.length).toBeGreaterThan(5);
      expect(badges.filter((b) => b.cut)).toEqual([]);
      const texts = new Set(badges.map((b) => b.text));
      expect(texts.has('Committed')).toBe(true);
      expect(texts.has('Complete')).toBe(true);
      await page.context().close();
    }
  });

  it('item 12: cancel asks in the shipment-canceled modal and the lost-quote alert appears in its colour with its icon', async () => {
    const page = await newPage();
    await signInOn(j, page, '/back-office/shipment/shipment-details/10011', 'ops@demo.test');
    await heading(page, 10011).waitFor({ timeout: PAGE_LOAD_MS });
    const modal = await openDialog(
      page,
      page.getByRole('button', { name: 'Edit status' }),
      /^Edit shipment status/,
    );
    await modal.getByLabel('Custom status').selectOption({ label: 'Canceled' });
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    const texts = messages.statusUpdate.cancelConfirm;
    const confirm = page.getByRole('dialog', { name: texts.title(10011) });
    await confirm.getByText(texts.text(10011, true)).waitFor({ timeout: 10_000 });
    expect(await confirm.getByText(messages.dialogs.generic.text).count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'issue14-cancel-modal.png'), fullPage: true });
    await confirm.getByRole('button', { name: texts.confirm, exact: true }).click();
    await page.getByText(messages.shipment.informationUpdated).first().waitFor({ timeout: 15_000 });
    const alerts = page.getByRole('list', { name: 'Alerts' });
    const lostQuote = alerts.getByRole('listitem').filter({ hasText: 'Lost quote' });
    await lostQuote.waitFor({ timeout: 20_000 });
    const badge = lostQuote.locator('[data-alert-color]');
    expect(await badge.getAttribute('data-alert-color')).toBe('red');
    expect(await badge.locator('svg').getAttribute('data-icon')).toBe('receipt-off');
    // Red, not the one orange every badge used to be.
    const colour = await badge.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
    expect(r!).toBeGreaterThan(g! + 60);
    expect(r!).toBeGreaterThan(b! + 60);
    await page.screenshot({ path: join(screenshots, 'issue14-lost-quote.png'), fullPage: true });
    await page.context().close();
  });
});
