// Issue 14, broken journeys 6, 7, 13, 14 and 15, in real Chromium against the whole system:
//  6. the ZIP code search page's address map takes typing, and shows the address it maps;
//  7. universal search opens staff and carriers on their pages; a staff member edits what the server allows;
// 13. phones read as phones, fax numbers in the usual format, the copies' multiple-emails check beside the field;
// 14. a customer's address typed by hand raises the carrier-documents warning as a picked one does;
// 15. every page of both offices: no serious or critical axe finding, an h1, a skip link, a favicon.
//
// Demo data used: 10005 is Acme's truckload Dispatched with Old Line (carrier confirmation offered); 10017 is
// Acme's LTL Out for Delivery with a driver; Sam Shipper (shipper@acme.test) is Acme's user; Omar Operations
// (ops@demo.test) is staff without admin rights; Old Line Freight is the broker's carrier MC-612407.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messages, ShipmentType, TransitLegType } from '@loadline/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../../infra/dev/manifest.ts';
import {
  type JourneySystem,
  openDialog,
  PAGE_LOAD_MS,
  screenshots,
  signIn,
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

const axeSource = readFileSync(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is now (item 15). */
async function seriousFindings(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the shells' Content-Security-Policy (decision 0085)
  // rightly refuses an inline script tag, and the test must not weaken it.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (c: Document) => Promise<{ violations: unknown[] }> };
    };
    const { violations } = await axe.run(document);
    return (violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Errors the page threw (an uncaught TypeError is what item 6 was). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('issue 14: broken journeys 6, 7, 13, 14, 15', () => {
  it('6. the ZIP code search page’s address map takes typing, and shows the address it maps', async () => {
    const page = await signIn(j, '/back-office/zip-code-search', 'ops@demo.test');
    const errors = pageErrors(page);
    await page.getByRole('heading', { level: 1, name: 'Zip code search' }).waitFor({ timeout: PAGE_LOAD_MS });

    const locate = page.getByRole('button', { name: 'Locate an address' });
    await locate.click();
    const map = page.getByRole('dialog', { name: 'Address location' });
    // On a machine busy with the whole suite a first click once opened nothing in 30 s (the remote still
    // settling); a second click, only if no dialog came, then the fields as slowly as a page load.
    if (
      !(await map.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      ))
    )
      await locate.click();
    await map.getByLabel('Street address', { exact: true }).waitFor({ timeout: PAGE_LOAD_MS });
    for (const field of ['Street address', 'City', 'State', 'ZIP code'])
      await map.getByLabel(field, { exact: true }).pressSequentially('410');
    for (const field of ['Street address', 'City', 'State', 'ZIP code'])
      expect(await map.getByLabel(field, { exact: true }).inputValue()).toBe('410');
    expect(await page.getByText('Zip code search could not be loaded').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.keyboard.press('Escape');

    // A result mapped: the fields show its ZIP code and city, and the map locates it.
    await page.getByLabel('ZIP code or city').fill('45414');
    const results = page.getByRole('table', { name: 'ZIP codes' });
    await results.getByRole('cell', { name: '45414' }).waitFor({ timeout: 15_000 });
    await results.getByRole('button', { name: 'Map' }).first().click();
    expect(await map.getByLabel('ZIP code', { exact: true }).inputValue()).toBe('45414');
    expect(await map.getByLabel('City', { exact: true }).inputValue()).toBe('Dayton');
    expect(await map.getByLabel('State', { exact: true }).inputValue()).toBe('OH');
    await map.getByLabel('Located address').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(screenshots, 'issue14-zip-map.png'), fullPage: true });
    // 15: the map dialog too (an interactive map is a region, not an image holding buttons).
    expect(await seriousFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('7. universal search opens staff and carriers on their pages, with whole labels; staff edit what the server allows', async () => {
    const admin = await signIn(j, '/back-office/', 'admin@demo.test');
    const box = admin.getByLabel('Universal search');
    await box.waitFor({ timeout: PAGE_LOAD_MS });

    const pick = async (query: string, type: string, line: RegExp) => {
      await box.fill(query);
      const option = admin.getByRole('option').filter({ hasText: type }).filter({ hasText: line }).first();
      await option.waitFor({ timeout: 15_000 });
      // Type badge and line are whole: nothing cut off with an ellipsis.
      const cut = await option.evaluate((o) =>
        [...o.querySelectorAll('*')]
          .filter((e) => e.children.length === 0 && (e.textContent ?? '').trim() !== '')
          .some((e) => e.scrollWidth > e.clientWidth + 1),
      );
      expect(cut).toBe(false);
      await option.click();
    };

    // A customer's user: its page, not "Page not found".
    await pick('sam shipper', 'Customer staff', /Sam Shipper · Acme Manufacturing/);
    await admin.waitForURL('**/back-office/customer/staff/details/usr_demo_shipper');
    await admin.getByRole('heading', { level: 1, name: 'Sam Shipper' }).waitFor({ timeout: 30_000 });
    expect(await admin.getByText('Page not found').count()).toBe(0);
    expect(await admin.getByRole('link', { name: 'Acme Manufacturing' }).getAttribute('href')).toBe(
      '/back-office/customer/companies/details/org_demo_acme',
    );

    // Broker staff: its page; the admin outranks Omar, so Edit offers his permissions.
    await pick('omar', 'Broker staff', /Omar Operations/);
    await admin.waitForURL('**/back-office/lsp/broker-staff/details/usr_demo_ops');
    await admin.getByRole('heading', { level: 1, name: 'Omar Operations' }).waitFor({ timeout: 30_000 });
    await admin.getByRole('link', { name: 'Edit' }).click();
    await admin.waitForURL('**/back-office/lsp/broker-staff/edit/usr_demo_ops');
    const permissions = admin.getByRole('group', { name: 'Permissions' });
    await permissions.getByLabel('TMS Site Admin').waitFor({ timeout: 30_000 });
    expect(await permissions.getByLabel('TMS Site Admin').isEnabled()).toBe(true);
    expect(await admin.getByLabel('Active').isEnabled()).toBe(true);

    // A carrier (LSPCarrier) is found too, by name and by MC number, and opens its details.
    await pick('612407', 'Broker carrier', /Old Line Freight/);
    await admin.waitForURL('**/back-office/lsp/carriers/details/car_demo_oldline');
    await admin.getByRole('heading', { level: 1, name: 'Carrier details' }).waitFor({ timeout: 30_000 });
    await admin.getByText('Old Line Freight').first().waitFor({ timeout: 30_000 });
    await admin.screenshot({ path: join(screenshots, 'issue14-carrier-page.png'), fullPage: true });

    // "Edit my email address" (/back-office/lsp/broker-staff/edit/{staffId}) for staff without admin rights:
    // their own name and email, not their permissions, nor anyone else's page.
    const ops = await signIn(j, '/back-office/lsp/broker-staff/edit/usr_demo_ops', 'ops@demo.test');
    const lastName = ops.getByLabel('Last name');
    await lastName.waitFor({ timeout: PAGE_LOAD_MS });
    expect(
      await ops.getByRole('group', { name: 'Permissions' }).getByLabel('TMS Site Admin').isDisabled(),
    ).toBe(true);
    expect(await ops.getByLabel('Active').isDisabled()).toBe(true);
    await lastName.fill('Operator');
    await ops.getByRole('button', { name: 'Save' }).click();
    await ops.waitForURL('**/back-office/lsp/broker-staff/details/usr_demo_ops');
    await ops.getByRole('heading', { level: 1, name: 'Omar Operator' }).waitFor({ timeout: 30_000 });
    await ops.screenshot({ path: join(screenshots, 'issue14-staff-details.png'), fullPage: true });
    const api = await apiSession('admin@demo.test');
    expect(((await (await api('/api/users/usr_demo_ops')).json()) as { lastName: string }).lastName).toBe(
      'Operator',
    );

    await ops.goto(`${j.system.url}/back-office/lsp/broker-staff/edit/usr_demo_admin`);
    await ops.getByRole('heading', { level: 1, name: 'Edit Avery Admin' }).waitFor({ timeout: PAGE_LOAD_MS });
    expect(await ops.getByLabel('Email').isDisabled()).toBe(true);
    expect(await ops.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    // The server holds the rule whatever the page shows.
    const opsApi = await apiSession('ops@demo.test');
    const refused = await opsApi('/api/users/usr_demo_admin', {
      method: 'PUT',
      body: JSON.stringify({ email: 'taken@demo.test' }),
    });
    expect(refused.status).toBe(403);
    await admin.context().close();
    await ops.context().close();
  }, 180_000);

  it('13. phones read as phones, fax numbers in the usual format, the copies checked beside their field', async () => {
    const admin = await apiSession('admin@demo.test');
    const shipment = (phone: string) => ({
      customerOrganizationId: 'org_demo_acme',
      shipmentType: ShipmentType.values.LTL,
      stops: [
        { stopType: 'FirstPick', city: 'Dayton', state: 'OH', zipCode: '45414' },
        { stopType: 'LastDrop', city: 'Chicago', state: 'IL', zipCode: '60601' },
      ],
      transitLegs: [
        {
          transitType: TransitLegType.values.Linehaul,
          carrierMasterName: 'Old Line Freight',
          carrierPhone: phone,
        },
      ],
    });
    const refused = await admin('/api/shipments', { method: 'POST', body: JSON.stringify(shipment('abc')) });
    expect(refused.status).toBe(400);
    expect(Object.keys(((await refused.json()) as { errors: object }).errors)).toEqual([
      'model.transitLegs.0.carrierPhone',
    ]);
    const created = await admin('/api/shipments', {
      method: 'POST',
      body: JSON.stringify(shipment('5550102003x12')),
    });
    expect(created.status).toBe(201);
    const { shipmentId } = (await created.json()) as { shipmentId: number };

    // Both offices show it as (AAA) BBB-CCCC ext N.
    const staff = await signIn(j, `/back-office/shipment/shipment-details/${shipmentId}`, 'ops@demo.test');
    const card = staff.getByRole('region', { name: 'Carrier' }).first();
    await card.getByText('(555) 010-2003 ext 12').waitFor({ timeout: PAGE_LOAD_MS });
    expect(await staff.getByText('5550102003x12').count()).toBe(0);
    const customer = await signIn(j, `/front-office/shipments/${shipmentId}`, 'shipper@acme.test');
    await customer
      .getByRole('region', { name: 'Carrier' })
      .first()
      .getByText('(555) 010-2003 ext 12')
      .waitFor({ timeout: 30_000 });
    await customer.context().close();

    // The document sender: a fax number as people write it is one number; copies get the multiple-emails check.
    await staff.goto(`${j.system.url}/back-office/shipment/shipment-details/10005`);
    await staff.getByRole('heading', { name: 'Shipment 10005' }).waitFor({ timeout: PAGE_LOAD_MS });
    const sender = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Send documents' }).first(),
      /^Send documents/,
    );
    await sender.getByLabel(/BOL email/).waitFor({ timeout: 30_000 });
    await sender.getByRole('tab', { name: 'Fax' }).click();
    await sender.getByLabel('Fax number').fill('(555) 010-2001');
    await sender.getByRole('button', { name: 'Add', exact: true }).click();
    const chip = sender
      .getByRole('group', { name: 'Recipients' })
      .getByText('(555) 010-2001', { exact: true });
    await chip.waitFor({ timeout: 5_000 });
    expect(await sender.getByText(/is not a fax number/).count()).toBe(0);

    await sender.getByRole('tab', { name: 'Email' }).click();
    await sender.getByLabel(/BOL email/).check();
    await sender.getByLabel('Email addresses').fill('ap@acme.test');
    await sender.getByRole('button', { name: 'Add', exact: true }).click();
    // 15: a recipient chip reads as the address was written, not in capitals.
    const emailChip = sender
      .getByRole('group', { name: 'Recipients' })
      .getByText('ap@acme.test', { exact: true });
    expect(await emailChip.evaluate((e) => getComputedStyle(e).textTransform)).toBe('none');
    const cc = sender.getByLabel('CC');
    await cc.fill('ok@acme.test, dock@acme');
    await sender.getByRole('button', { name: 'Send', exact: true }).click();
    await sender.getByText('dock@acme is not a valid email address.').waitFor({ timeout: 5_000 });
    expect(await cc.getAttribute('aria-invalid')).toBe('true');
    await staff.screenshot({ path: join(screenshots, 'issue14-cc-check.png'), fullPage: true });
    await cc.fill('ok@acme.test');
    await sender.getByRole('button', { name: 'Send', exact: true }).click();
    await staff.getByText('Documents queued for sending.').first().waitFor({ timeout: 15_000 });
    await staff.keyboard.press('Escape');

    // The driver's cell phone is a phone input: "abc" is refused beside the field, nothing sent.
    await staff.goto(`${j.system.url}/back-office/shipment/shipment-details/10017`);
    const tracking = staff.getByRole('group', { name: 'Tracking' });
    await tracking.getByRole('button', { name: 'Request driver location' }).click({ timeout: PAGE_LOAD_MS });
    const request = staff.getByRole('dialog', { name: 'Request driver location' });
    const phone = request.getByLabel('Driver cell phone', { exact: true });
    await phone.waitFor({ timeout: 15_000 });
    expect(await request.getByLabel('Driver cell phone country').inputValue()).toBe('US');
    await phone.fill('abc');
    await phone.blur();
    await request
      .getByText(/^abc is not a valid driver cell phone: write it as \(555\) 010-2001/)
      .waitFor({ timeout: 5_000 });
    await request.getByRole('button', { name: 'Send' }).click();
    expect(await staff.getByText(messages.driverLocation.requestSent).count()).toBe(0);
    await phone.fill('555.020.3016');
    await phone.blur();
    expect(await phone.inputValue()).toBe('(555) 020-3016');
    await staff.context().close();
  }, 180_000);

  it('14. a customer user’s address typed by hand raises the carrier-documents warning, decided by the server', async () => {
    const staff = await signIn(j, '/back-office/shipment/shipment-details/10005', 'ops@demo.test');
    await staff.getByRole('heading', { name: 'Shipment 10005' }).waitFor({ timeout: PAGE_LOAD_MS });
    const sender = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Send documents' }).first(),
      /^Send documents/,
    );
    const confirmation = sender.getByLabel(/Carrier confirmation \(truckload\)/);
    // Checked once the carrier's compliance is known (001 §5).
    await confirmation.click({ timeout: 30_000 });
    await staff.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"] label')].some(
          (l) =>
            /Carrier confirmation \(truckload\)/.test(l.textContent ?? '') &&
            l.querySelector('input')?.checked,
        ),
      null,
      { timeout: 15_000 },
    );
    await sender.getByLabel('Email addresses').fill('Shipper@Acme.test');
    await sender.getByRole('button', { name: 'Add', exact: true }).click();
    await sender
      .getByText('Carrier documents must not go to customers. A recipient is a customer.')
      .waitFor({ timeout: 15_000 });
    const send = sender.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    // 15: the sender with its warnings is readable too.
    expect(await seriousFindings(staff)).toEqual([]);
    await staff.screenshot({ path: join(screenshots, 'issue14-delivery-warning.png'), fullPage: true });

    // The server refuses the send too until the warnings are dismissed.
    const api = await apiSession('ops@demo.test');
    const bypass = await api('/api/documentsender/sendshipmentdocuments', {
      method: 'POST',
      body: JSON.stringify({
        shipmentId: 10005,
        recipients: ['shipper@acme.test'],
        documents: ['CarrierConfirmationTruckload'],
      }),
    });
    expect(bypass.status).toBe(409);

    // Each warning dismissed in turn (the list shrinks as they go).
    const dismiss = sender.getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await send.click();
    await staff.getByText('Documents queued for sending.').first().waitFor({ timeout: 15_000 });
    await staff.context().close();
  });

  it('15. every page of both offices: no serious or critical axe finding, an h1, a skip link, a favicon', async () => {
    const favicon = await fetch(`${j.system.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/x-icon');

    const check = async (page: Page, path: string) => {
      const missing: string[] = [];
      const listener = (r: { status(): number; url(): string }) => {
        if (r.status() === 404 && !r.url().includes('/api/')) missing.push(r.url());
      };
      page.on('response', listener);
      await page.goto(`${j.system.url}${path}`);
      await page.locator('h1').first().waitFor({ timeout: PAGE_LOAD_MS });
      // Settled: no loader left (remotes, data), then the page as a user reads it.
      await page
        .waitForFunction(
          () => document.querySelectorAll('[role="progressbar"], .mantine-Loader-root').length === 0,
          null,
          {
            timeout: 30_000,
          },
        )
        .catch(() => undefined);
      await page.waitForTimeout(500);
      // bounded, so that a page that never settles is named instead of the whole test running out of time
      let stalled: NodeJS.Timeout | undefined;
      const findings = await Promise.race([
        seriousFindings(page),
        new Promise<never>((_, reject) => {
          stalled = setTimeout(() => reject(new Error(`axe did not finish on ${path} in 60 s`)), 60_000);
        }),
      ]).finally(() => clearTimeout(stalled));
      expect({ path, findings }).toEqual({ path, findings: [] });
      expect(await page.locator('h1').count(), path).toBeGreaterThanOrEqual(1);
      page.off('response', listener);
      expect({ path, missing }).toEqual({ path, missing: [] });
    };

    const skipLink = async (page: Page) => {
      const link = page.getByRole('link', { name: 'Skip to main content' });
      await link.waitFor({ state: 'attached', timeout: 15_000 });
      await page.waitForTimeout(500);
      // The first Tab of a page lands on it (then it shows), and it leads past the header and sidebar.
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? '');
      expect(focused).toContain('Skip to main content');
      expect(await link.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    };

    // Signed out: both login pages.
    const anonymous = await (
      await j.browser.newContext({ viewport: { width: 1280, height: 1000 } })
    ).newPage();
    await check(anonymous, '/back-office/login');
    await check(anonymous, '/front-office/login');
    await anonymous.context().close();

    const backOffice = [
      '/back-office/',
      '/back-office/accounting/invoices/org_demo_globex',
      '/back-office/accounting/sync',
      '/back-office/shipment/shipment-details/10018',
      '/back-office/shipment/search',
      '/back-office/shipment/new?originzip=45414&destinationzip=60632',
      '/back-office/shipment/shipment-details/10017',
      '/back-office/shipment/international-ocean/details/10017',
      '/back-office/customer/companies/details/org_demo_acme',
      '/back-office/lsp/organizations/details/org_demo_broker',
      '/back-office/customer/staff/details/usr_demo_shipper',
      '/back-office/customer/staff/edit/usr_demo_shipper',
      '/back-office/lsp/broker-staff/details/usr_demo_ops',
      '/back-office/lsp/broker-staff/edit/usr_demo_ops',
      '/back-office/lsp/carriers/details/car_demo_oldline',
      '/back-office/zip-code-search',
      '/back-office/bulk-email',
      '/back-office/dev/text-messages',
      '/back-office/no-such-page',
    ];
    const staff = await signIn(j, '/back-office/', 'admin@demo.test');
    await staff.getByLabel('Universal search').waitFor({ timeout: PAGE_LOAD_MS });
    for (const path of backOffice) await check(staff, path);
    await staff.goto(`${j.system.url}/back-office/`);
    await staff.locator('h1').first().waitFor({ timeout: PAGE_LOAD_MS });
    await skipLink(staff);
    await staff.context().close();

    const frontOffice = [
      '/front-office/',
      '/front-office/shipments',
      '/front-office/shipments/10017',
      '/front-office/order?originzip=45414&destinationzip=60632',
      '/front-office/invoices',
      '/front-office/no-such-page',
    ];
    const customer = await signIn(j, '/front-office/', 'shipper@acme.test');
    // Signed in (the login page has an h1 too): the front office's links are there.
    await customer.getByRole('navigation', { name: 'Navigation' }).waitFor({ timeout: PAGE_LOAD_MS });
    for (const path of frontOffice) await check(customer, path);
    await customer.goto(`${j.system.url}/front-office/`);
    await customer.locator('h1').first().waitFor({ timeout: PAGE_LOAD_MS });
    await skipLink(customer);
    await customer.context().close();
  }, 600_000);
});
