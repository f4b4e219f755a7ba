// The shipments remote in a real browser, against the whole system and its 40 demo shipments
// (10001-10040, contracts/demo/shipments.ts): staff move a shipment through its statuses in
// the edit-status modal and see the toasts; a cancel that is dismissed changes nothing; a customer
// sees its own shipments only, read-only.
//
// Demo shipments used (fixed by the demo's rules): 10021 is Acme's, a truckload Quote with its pickup
// days ahead (Acme is not on credit hold, so the credit-hold check lets it move); 10001 is Acme's, an
// LTL Quote; 10002 is Globex's (the other customer).
import { join } from 'node:path';
import { messages } from '@loadline/contracts';
import type { Locator, Page } from 'playwright-core';
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

// Against two processes of every service and two gateways (JOURNEY_REPLICAS, issue 20; decision 0047): the
// gateway takes the services' in turn, so each journey's reads and writes land on both, and the live
// updates cross between them through NATS.
beforeAll(async () => {
  j = await startJourneySystem({ replicated: true });
}, 300_000);

afterAll(async () => {
  await j?.stop();
});

const dispatchOutcomes = new RegExp(
  [messages.dispatch.dispatched, messages.dispatch.failed, messages.dispatch.notAvailable]
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
);

/** Waits until nothing `locator` finds is on the page (a toast of the move before has closed). */
async function gone(locator: Locator, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await locator.count()) > 0) {
    if (Date.now() > deadline) throw new Error(`still on the page after ${timeoutMs} ms: ${locator}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Opens the edit-status modal, picks a suggested status, saves and waits for the success toast. */
async function moveTo(page: Page, status: string, expectDispatchOutcome: boolean) {
  const updated = page.getByText(messages.shipment.informationUpdated);
  const outcome = page.getByText(dispatchOutcomes);
  // The toasts of the move before close first (4 to 8 s): a toast seen after Save is this move's.
  await gone(updated, 20_000);
  await gone(outcome, 20_000);
  const modal = await openDialog(
    page,
    page.getByRole('button', { name: 'Edit status' }),
    /^Edit shipment status/,
  );
  await modal
    .getByRole('group', { name: 'Suggested statuses' })
    .getByRole('button', { name: status, exact: true })
    .click();
  // Watched from the click on, so a toast is not missed however long the save takes on a busy machine.
  const toasts = Promise.all([
    updated.first().waitFor({ timeout: 60_000 }),
    expectDispatchOutcome ? outcome.first().waitFor({ timeout: 60_000 }) : undefined,
  ]);
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await toasts;
  await modal.waitFor({ state: 'hidden', timeout: 15_000 });
  // The page reloads the shipment: its badge shows the new status.
  await page
    .getByRole('heading', { name: /^Shipment \d+$/ })
    .locator('xpath=..')
    .getByText(status, { exact: true })
    .waitFor({ timeout: 15_000 });
}

describe('shipment journeys', () => {
  it('staff move a shipment Committed → Ready → Dispatched and see the toasts', async () => {
    const page = await j.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInOn(j, page, '/back-office/shipment/search', 'ops@demo.test');
    // The grid, from the sidebar's page: the demo shipments with their statuses.
    const grid = page.getByRole('table', { name: 'Shipments' });
    await grid.getByRole('link', { name: '10021' }).waitFor({ timeout: PAGE_LOAD_MS });
    await page.screenshot({ path: join(screenshots, 'shipments-grid.png'), fullPage: true });
    // At 1,280 px no status badge is cut ("Committe", "Out for D" before the theme kept badges whole).
    const cut = await grid
      .locator('.mantine-Badge-label')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await grid.getByRole('link', { name: '10021' }).click();
    await page.waitForURL(/\/back-office\/shipment\/shipment-details\/10021$/);
    await page.getByRole('heading', { name: 'Shipment 10021' }).waitFor({ timeout: 20_000 });
    expect(await page.title()).toBe('Shipment details - 10021');

    // 10021 is a Quote: commit it first, then Ready and Dispatched (each with its dispatch outcome).
    await moveTo(page, 'Committed', false);
    await moveTo(page, 'Ready', true);
    await page.screenshot({ path: join(screenshots, 'shipment-ready.png'), fullPage: true });
    await moveTo(page, 'Dispatched', true);
    const bar = page.getByRole('list', { name: 'Shipment status bar' });
    expect(await bar.locator('[aria-current=step]').textContent()).toBe('Dispatched');
    await page.screenshot({ path: join(screenshots, 'shipment-dispatched.png'), fullPage: true });
    await page.close();
  });

  it('staff cancel and dismiss the confirmation: "Shipment was not set to canceled." and nothing changes', async () => {
    const page = await j.browser.newPage();
    await signInOn(j, page, '/back-office/shipment/shipment-details/10001', 'ops@demo.test');
    await page.getByRole('heading', { name: 'Shipment 10001' }).waitFor({ timeout: PAGE_LOAD_MS });
    const modal = await openDialog(
      page,
      page.getByRole('button', { name: 'Edit status' }),
      /^Edit shipment status/,
    );
    await modal.getByLabel('Custom status').selectOption({ label: 'Canceled' });
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    // 000 §2 item 5: the shipment-canceled confirmation modal (a Quote: it becomes a lost quote).
    const texts = messages.statusUpdate.cancelConfirm;
    const confirm = page.getByRole('dialog', { name: texts.title(10001) });
    await confirm.getByText(texts.text(10001, true)).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(screenshots, 'shipment-cancel-confirm.png'), fullPage: true });
    await confirm.getByRole('button', { name: texts.cancel, exact: true }).click();
    await page.getByText(messages.statusUpdate.notCanceled).first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(screenshots, 'shipment-not-canceled.png'), fullPage: true });
    // Still a Quote, after a reload too.
    await page.reload();
    await page.getByRole('heading', { name: 'Shipment 10001' }).waitFor({ timeout: PAGE_LOAD_MS });
    const bar = page.getByRole('list', { name: 'Shipment status bar' });
    expect(await bar.locator('[aria-current=step]').textContent()).toBe('Quote');
    await page.close();
  });

  it('a customer sees its own shipments only, read-only', async () => {
    const page = await j.browser.newPage();
    await signInOn(j, page, '/front-office/', 'shipper@acme.test');
    // The front office's navigation, once the shell has signed in (not a page load: a busy machine
    // can hold the document's load event longer than the shell needs to show it).
    await page.getByRole('link', { name: 'My shipments' }).click({ timeout: PAGE_LOAD_MS });
    const grid = page.getByRole('table', { name: 'Shipments' });
    await grid.getByRole('link', { name: '10001' }).waitFor({ timeout: 20_000 });
    // Half the demo shipments are Acme's; none of Globex's is listed.
    await page.getByText(messages.search.resultsFound(20)).waitFor({ timeout: 10_000 });
    expect(await grid.getByText('Globex Foods').count()).toBe(0);
    expect(await grid.getByRole('link', { name: '10002' }).count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'customer-shipments.png'), fullPage: true });

    await grid.getByRole('link', { name: '10001' }).click();
    await page.waitForURL(/\/front-office\/shipments\/10001$/);
    await page.getByRole('heading', { name: 'Shipment 10001' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Edit status' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit bill to' }).count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'customer-shipment.png'), fullPage: true });

    // Another customer's shipment is not there for it (the service answers 404).
    await page.goto(`${j.system.url}/front-office/shipments/10002`);
    // Said once, in the service's words; no "Please try again" toast for what no retry brings.
    await page
      .getByRole('alert')
      .getByText('Shipment 10002 was not found.')
      .waitFor({ timeout: PAGE_LOAD_MS });
    expect(await page.getByText(messages.shipment.loadFailed).count()).toBe(0);
    await page.close();
  });
});
