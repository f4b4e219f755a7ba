// The shipment importer in a real browser against the whole system (issue 17): an IT support admin opens the
// onboarding guide, goes to the importer, uploads a 1,000-row file for Acme with one bad row, watches the file
// being checked, reads the bad row on the review, goes back, uploads the corrected file, imports it while the
// progress bar moves, and finds the shipments in the grid.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JourneySystem, PAGE_LOAD_MS, screenshots, signIn, startJourneySystem } from './system.ts';

let j: JourneySystem;

beforeAll(async () => {
  j = await startJourneySystem();
}, 300_000);

afterAll(async () => {
  await j?.stop();
});

const header =
  'Shipment Type,Origin Company,Origin City,Origin State,Origin Zip,Pickup Ready,Pickup Close,' +
  'Destination Company,Destination City,Destination State,Destination Zip,Total Weight,Handling Units,PO Number';
const row = (n: number, originZip = '45414') =>
  `LTL,Acme Plastics,Dayton,OH,${originZip},03/02/2026 08:00,03/02/2026 16:00,Windy City Foods,Chicago,IL,60632,1200,2,JRN-${n}`;
const fileOf = (bad: boolean) =>
  Buffer.from(
    `${header}\r\n${Array.from({ length: 1000 }, (_, i) => row(i + 1, bad && i === 499 ? '' : '45414')).join('\r\n')}\r\n`,
  );

describe('the shipment importer', () => {
  it('an IT support admin imports a 1,000-row file, fixing a bad row on the way', async () => {
    const page = await signIn(j, '/back-office/onboarding', 'admin@demo.test');
    await page.getByRole('heading', { name: 'Onboarding guide' }).waitFor({ timeout: PAGE_LOAD_MS });
    expect(await page.getByRole('listitem').count()).toBe(13);
    await page.getByRole('link', { name: 'Open the shipment importer' }).click();
    await page.getByRole('heading', { name: 'Import shipments' }).waitFor({ timeout: 30_000 });

    // step 1
    const customer = page.getByLabel('Customer');
    await customer
      .locator('option', { hasText: 'Acme Manufacturing' })
      .waitFor({ state: 'attached', timeout: 30_000 });
    await customer.selectOption({ label: 'Acme Manufacturing' });
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // step 2 with the bad row (row 501: no origin ZIP)
    const upload = async (bad: boolean) => {
      await page.getByLabel("CSV or Excel (.xlsx) file with the template's header row").setInputFiles({
        name: bad ? 'acme-loads.csv' : 'acme-loads-fixed.csv',
        mimeType: 'text/csv',
        buffer: fileOf(bad),
      });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page
        .getByText(/is uploaded\. Nothing is imported until you confirm the review\./)
        .waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Next: check the file' }).click();
    };
    await upload(true);
    const problems = page.getByRole('table', { name: 'Rows that cannot be imported' });
    await problems.waitFor({ timeout: 60_000 });
    expect(await problems.getByRole('row').count()).toBe(2);
    expect(await problems.getByRole('row').nth(1).textContent()).toBe(
      '501Origin ZipThe origin ZIP or postal code is required.',
    );
    await page.getByText('999 of 1000 rows can be imported; 1 cannot', { exact: false }).waitFor();
    await page.screenshot({ path: join(screenshots, 'shipment-import-review.png'), fullPage: true });

    // back to step 2 with the corrected file
    await page.getByRole('button', { name: 'Go back' }).click();
    await upload(false);
    await page
      .getByText('1000 of 1000 rows can be imported; 0 cannot', { exact: false })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Import 1000 shipments' }).click();
    const bar = page.getByRole('progressbar', { name: 'Importing the shipments' });
    await bar.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(screenshots, 'shipment-import-progress.png'), fullPage: true });
    await page
      .getByText('1000 shipments imported from acme-loads-fixed.csv.', { exact: false })
      .waitFor({ timeout: 240_000 });
    await page.getByText('The result is emailed to admin@demo.test.', { exact: false }).waitFor();
    await page.screenshot({ path: join(screenshots, 'shipment-import-done.png'), fullPage: true });

    // the shipments are the broker's: the universal search by a PO number finds one
    const search = await page.request.get(
      `${j.system.url}/api/universalSearch/shipments?query=JRN-500&maxResults=12`,
    );
    expect(search.status()).toBe(200);
    expect(((await search.json()) as unknown[]).length).toBeGreaterThan(0);
  }, 420_000);
});
