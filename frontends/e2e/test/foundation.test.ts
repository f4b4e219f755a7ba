// The walking skeleton in a real browser: staff sign in to the back office and see a remote
// loaded at run time; a customer gets the front office, never the back office; a wrong
// password shows the error; a remote that fails leaves an error panel and a working shell.
import { join } from 'node:path';
import { messages } from '@loadline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JourneySystem, PAGE_LOAD_MS, screenshots, signInOn, startJourneySystem } from './system.ts';

let j: JourneySystem;

beforeAll(async () => {
  j = await startJourneySystem();
}, 300_000);

afterAll(async () => {
  await j?.stop();
});

describe('journeys through the composed shells', () => {
  it('staff signs in and the back office shows the directory remote’s organizations', async () => {
    const page = await j.browser.newPage();
    await signInOn(j, page, '/back-office/', 'ops@demo.test');
    await page.getByRole('cell', { name: 'Acme Manufacturing' }).waitFor({ timeout: PAGE_LOAD_MS });
    expect(new URL(page.url()).pathname.startsWith('/back-office')).toBe(true);
    await expect(page.getByRole('cell', { name: 'Globex Foods' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(screenshots, 'staff-back-office.png'), fullPage: true });
    await page.close();
  });

  it('a wrong password shows the server’s message', async () => {
    const page = await j.browser.newPage();
    await signInOn(j, page, '/back-office/', 'ops@demo.test', 'wrong password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The email or password is incorrect.');
    expect(new URL(page.url()).pathname).toBe('/back-office/login');
    await page.screenshot({ path: join(screenshots, 'wrong-password.png'), fullPage: true });
    await page.close();
  });

  it('a customer signing in at the back office gets the front office, with only its own organization', async () => {
    const page = await j.browser.newPage();
    await signInOn(j, page, '/back-office/', 'shipper@acme.test');
    await page.waitForURL(/\/front-office\//, { timeout: PAGE_LOAD_MS, waitUntil: 'commit' });
    await page.getByRole('cell', { name: 'Acme Manufacturing' }).waitFor({ timeout: PAGE_LOAD_MS });
    expect(await page.getByText('Globex Foods').count()).toBe(0);
    // Going back to the back office sends the customer to the front office again.
    await page.goto(`${j.system.url}/back-office/`);
    await page.waitForURL(/\/front-office\//, { timeout: PAGE_LOAD_MS, waitUntil: 'commit' });
    await page.getByRole('cell', { name: 'Acme Manufacturing' }).waitFor({ timeout: PAGE_LOAD_MS });
    await page.screenshot({ path: join(screenshots, 'customer-front-office.png'), fullPage: true });
    await page.close();
  });

  it('a remote that fails to load shows an error panel while the rest of the shell works', async () => {
    const context = await j.browser.newContext();
    const page = await context.newPage();
    await page.route('**/remotes/directory/**', (route) => route.abort());
    await signInOn(j, page, '/back-office/', 'ops@demo.test');
    await page.getByText('could not be loaded').waitFor({ timeout: PAGE_LOAD_MS });
    // The shell around it still works: the sidebar's class calculator computes a class
    // (48×40×48 in, 500 lb: 53.3 ft³, 9.38 lb/ft³ → class 100 on the standard scale, 000 §9).
    await page.getByLabel('Pieces').fill('1');
    await page.getByLabel('Length (in)').fill('48');
    await page.getByLabel('Width (in)').fill('40');
    await page.getByLabel('Height (in)').fill('48');
    await page.getByLabel('Weight', { exact: true }).fill('500');
    await page.getByTestId('freight-class').filter({ hasText: '100' }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('volume').textContent()).toBe('53.3 ft³');
    await page.screenshot({ path: join(screenshots, 'remote-failed.png'), fullPage: true });
    await context.close();
  });

  it('the catalogue’s texts reach the page (the no-result search placeholder)', async () => {
    const page = await j.browser.newPage();
    await signInOn(j, page, '/back-office/', 'ops@demo.test');
    await page.getByRole('cell', { name: 'Acme Manufacturing' }).waitFor({ timeout: PAGE_LOAD_MS });
    const search = page.getByPlaceholder(/search/i).first();
    await search.fill('zzzzqqq');
    await page.getByText(messages.search.noResults).first().waitFor({ timeout: 10_000 });
    await page.close();
  });
});
