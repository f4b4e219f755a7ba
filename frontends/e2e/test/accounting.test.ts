// The accounting remote in a real browser, against the whole system and its demo money
// (contracts/demo/accounting.ts): staff invoice a delivered shipment and the invoice PDF appears among its
// attachments; Globex's buyer (over its $10,000 limit with past-due invoices, Pay Invoices on its
// organization) sees the front office's over-credit notice and pays an invoice by a new card; staff run a
// test sync and watch the progress bar reach the end.
//
// Staff also add a charge line on a shipment's summary, see the margin follow and the margin-history entry,
// and delete it again; add a commission and approve it. Globex's buyer keeps a new card for later (Save for
// future payments), finds it offered at the next Pay and removes it behind the confirm dialog.
//
// Demo shipments used: 10008 is Globex's load with a linehaul and a fuel charge, on no invoice; 10018 is Globex's load Delivered with its carrier's charge lines, not invoiced (Globex
// invoices manually). Globex's card processing fee is 3.50%.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('accounting journeys', () => {
  it('staff invoice a delivered shipment and see the invoice PDF among its attachments', async () => {
    const staff = await signIn(j, '/back-office/shipment/shipment-details/10018', 'admin@demo.test');
    await staff.getByRole('heading', { name: 'Shipment 10018' }).waitFor({ timeout: PAGE_LOAD_MS });
    const summary = staff.getByRole('region', { name: 'Accounting summary' });
    await summary.getByRole('table', { name: 'Charges billed to Globex Foods' }).waitFor({ timeout: 30_000 });
    // Globex is over its credit: the back office's notice heads the summary.
    await summary
      .getByText('Advise the customer before booking more freight, and send them a statement.')
      .waitFor();
    await staff.screenshot({ path: join(screenshots, 'accounting-summary.png'), fullPage: true });

    const modal = await openDialog(
      staff,
      summary.getByRole('button', { name: 'Invoice shipment' }),
      'Invoice shipment 10018',
    );
    expect(await modal.getByLabel('Invoice date').inputValue()).toBe('Today');
    await modal.getByRole('button', { name: 'Create invoice' }).click();
    const toast = staff.getByText(/^Invoice \d+ created\.$/);
    await toast.waitFor({ timeout: 20_000 });
    const invoiceNumber = /Invoice (\d+) created/.exec((await toast.textContent()) ?? '')?.[1];
    expect(invoiceNumber).toBeTruthy();
    await summary
      .getByRole('table', { name: 'Invoices' })
      .getByText(invoiceNumber!)
      .waitFor({ timeout: 20_000 });

    // The attachments service makes the PDF from the invoice's event: it shows among the shipment's files.
    const fileName = `Invoice-${invoiceNumber}.pdf`;
    const attachments = staff.getByRole('region', { name: 'Shipment attachments' });
    const link = attachments.getByRole('link', { name: fileName });
    for (let tries = 0; tries < 20 && (await link.count()) === 0; tries++) {
      await staff.waitForTimeout(1000);
      await staff.reload();
      await attachments.waitFor({ timeout: PAGE_LOAD_MS });
      await attachments.getByText(/^Attachments \(\d+\)$/).waitFor({ timeout: 30_000 });
    }
    await link.waitFor({ timeout: 5_000 });
    const href = await link.getAttribute('href');
    const file = await staff.request.get(new URL(href!, j.system.url).toString());
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await staff.screenshot({ path: join(screenshots, 'accounting-invoice-pdf.png'), fullPage: true });
  });

  it('staff add a charge line, see the margin and its margin-history entry follow, and delete it', async () => {
    const staff = await signIn(j, '/back-office/shipment/shipment-details/10008', 'admin@demo.test');
    await staff.getByRole('heading', { name: 'Shipment 10008' }).waitFor({ timeout: PAGE_LOAD_MS });
    const summary = staff.getByRole('region', { name: 'Accounting summary' });
    await summary.getByRole('table', { name: 'Charges billed to Globex Foods' }).waitFor({ timeout: 30_000 });
    const margin = summary.locator('[aria-label="Shipment totals"]').getByText(/^Margin /);
    const cents = async () => {
      const text = (await margin.textContent()) ?? '';
      const m = /^Margin (-?)\$([\d,]+)\.(\d{2})$/.exec(text);
      expect(m, text).toBeTruthy();
      return (m![1] ? -1 : 1) * (Number(m![2]!.replaceAll(',', '')) * 100 + Number(m![3]));
    };
    const usd = (c: number) =>
      `${c < 0 ? '-' : ''}$${Math.floor(Math.abs(c) / 100).toLocaleString('en-US')}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
    const before = await cents();

    await summary.getByRole('button', { name: 'Add charge billed to Globex Foods' }).click();
    const form = summary.getByRole('group', { name: 'New charge billed to Globex Foods' });
    await form.getByLabel('Type').selectOption('Lumper');
    await form.getByLabel('Description').fill('Lumper at receiver (journey)');
    await form.getByLabel('Buy').fill('150');
    await form.getByLabel('Sell').fill('200.00');
    await form.getByRole('button', { name: 'Add' }).click();
    const line = summary.getByRole('row', {
      name: /Lumper Lumper at receiver \(journey\) \$150\.00 \$200\.00/,
    });
    await line.waitFor({ timeout: 20_000 });
    await margin.filter({ hasText: `Margin ${usd(before + 5_000)}` }).waitFor({ timeout: 20_000 });
    // The margin history says who added it and when (the newest first).
    const history = summary.getByRole('table', { name: 'Margin history changes' });
    const added = history.getByRole('row').filter({ hasText: 'Lumper' }).filter({ hasText: 'Added sell' });
    await added.first().waitFor({ timeout: 20_000 });
    // in UTC, as 000 §5 writes dates: MM/DD/YYYY
    const [year, month, day] = new Date().toISOString().slice(0, 10).split('-');
    expect(await added.first().textContent()).toContain(`${month}/${day}/${year}`);
    expect(await added.first().textContent()).toContain('$200.00');
    await staff.screenshot({ path: join(screenshots, 'accounting-charge-line-added.png'), fullPage: true });

    const dialog = await openDialog(
      staff,
      summary.getByRole('button', { name: 'Delete Lumper Lumper at receiver (journey)' }),
      'Delete charge line',
    );
    await dialog
      .getByText('Delete Lumper Lumper at receiver (journey) (buy $150.00, sell $200.00)?')
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await line.waitFor({ state: 'detached', timeout: 20_000 });
    await margin.filter({ hasText: `Margin ${usd(before)}` }).waitFor({ timeout: 20_000 });
    await history
      .getByRole('row')
      .filter({ hasText: 'Lumper' })
      .filter({ hasText: 'Deleted sell' })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await cents()).toBe(before);
  });

  it('staff add a commission and approve it: the service then offers Reopen and keeps it from deletion', async () => {
    const staff = await signIn(j, '/back-office/shipment/shipment-details/10008', 'admin@demo.test');
    const summary = staff.getByRole('region', { name: 'Accounting summary' });
    const commissions = summary.getByRole('region', { name: 'Commissions' });
    await commissions.getByRole('button', { name: 'Add commission' }).click({ timeout: PAGE_LOAD_MS });
    const form = commissions.getByRole('group', { name: 'New commission' });
    await form.getByLabel('Payee').fill('Sam Sales (journey)');
    await form.getByLabel('Calculation').selectOption({ label: 'Flat' });
    await form.getByLabel('Rate ($)').fill('75');
    await form.getByRole('button', { name: 'Add' }).click();
    const row = commissions.getByRole('row', { name: /^Sam Sales \(journey\) Flat \$75\.00 — — \$75\.00/ });
    await row.filter({ hasText: 'Not Approved' }).waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Approve commission of Sam Sales (journey)' }).click();
    await staff.getByText('Commission of Sam Sales (journey) approved.').waitFor({ timeout: 20_000 });
    await row
      .getByRole('button', { name: 'Reopen commission of Sam Sales (journey)' })
      .waitFor({ timeout: 20_000 });
    expect(await row.getByRole('cell', { name: 'Approved', exact: true }).count()).toBe(1);
    expect(
      await row.getByRole('button', { name: 'Delete commission of Sam Sales (journey)' }).isDisabled(),
    ).toBe(true);
    await staff.screenshot({ path: join(screenshots, 'accounting-commission-approved.png'), fullPage: true });
  });

  it('a customer over its limit sees the front-office notice and pays an invoice by card', async () => {
    const buyer = await signIn(j, '/front-office/', 'buyer@globex.test');
    const notice = buyer.getByRole('alert').filter({ hasText: 'Over credit' });
    await notice.waitFor({ timeout: PAGE_LOAD_MS });
    expect(await notice.textContent()).toContain('Your account is over its credit limit');
    expect(await notice.textContent()).toContain('Please make a payment or contact accounting.');
    await buyer.screenshot({
      path: join(screenshots, 'accounting-over-credit-front-office.png'),
      fullPage: true,
    });

    await notice.getByRole('button', { name: 'Pay invoices' }).click();
    const table = buyer.getByRole('table', { name: 'Open invoices' });
    await table.waitFor({ timeout: 30_000 });
    const rowsBefore = await table.getByRole('button', { name: /^Pay invoice / }).count();
    const pay = table.getByRole('button', { name: /^Pay invoice / }).first();
    const label = (await pay.getAttribute('aria-label')) ?? '';
    await pay.click();

    const modal = buyer.getByRole('dialog', { name: 'Pay invoices' });
    await modal.getByLabel('New card').check();
    const number = modal.getByLabel('Card number');
    await number.pressSequentially('5555 5555 5555 4445');
    // Live: the type as typed, and a wrong check digit said at once.
    expect(await modal.getByLabel('Card type').textContent()).toBe('MasterCard');
    await modal.getByText('This card number is not valid: check the digits.').waitFor();
    await number.fill('5555 5555 5555 4444');
    expect(await modal.getByText('This card number is not valid: check the digits.').count()).toBe(0);
    await modal.getByLabel('Expiry month').selectOption('12');
    await modal.getByLabel('Expiry year').selectOption(String(new Date().getUTCFullYear() + 2));
    await modal.getByLabel('Security code (3 digits)').fill('123');
    await modal.getByText(/^Card processing fee \(3\.50%\): \$[\d,]+\.\d{2}$/).waitFor();
    const total = (await modal.getByText(/^Total: /).textContent())?.replace('Total: ', '') ?? '';
    expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
    await buyer.screenshot({ path: join(screenshots, 'accounting-card-payment.png'), fullPage: true });

    await modal.getByRole('button', { name: `Pay ${total}` }).click();
    await buyer
      .getByText(`Payment received: ${total} charged to MasterCard ending 4444.`)
      .waitFor({ timeout: 20_000 });
    await table.getByRole('button', { name: label }).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await table.getByRole('button', { name: /^Pay invoice / }).count()).toBe(rowsBefore - 1);
    await buyer.screenshot({ path: join(screenshots, 'accounting-paid.png'), fullPage: true });
  });

  it('staff run a test sync and watch the progress bar reach the end', async () => {
    const staff = await signIn(j, '/back-office/', 'admin@demo.test');
    await staff.getByRole('link', { name: 'Accounting sync' }).click({ timeout: PAGE_LOAD_MS });
    await staff.getByRole('heading', { name: 'Accounting sync' }).waitFor({ timeout: 30_000 });
    const invoices = staff.getByRole('table', { name: 'Invoices to sync' });
    await invoices.waitFor({ timeout: 30_000 });
    // 001 §4: every item starts selected.
    const boxes = invoices.getByRole('checkbox');
    const count = await boxes.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) expect(await boxes.nth(i).isChecked()).toBe(true);

    await staff.getByRole('button', { name: 'Test connection' }).click();
    await staff.getByRole('status').filter({ hasText: 'Connection:' }).waitFor({ timeout: 20_000 });

    await staff.getByRole('button', { name: 'Test run' }).click();
    const bar = staff.getByRole('progressbar', { name: 'Test run progress' });
    await bar.waitFor({ timeout: 20_000 });
    await staff.waitForFunction(
      () =>
        document
          .querySelector('[role=progressbar][aria-label="Test run progress"]')
          ?.getAttribute('aria-valuenow') === '100',
      undefined,
      { timeout: 60_000 },
    );
    await staff
      .getByText(/Test run finished: nothing was sent to the ledger\.$/)
      .waitFor({ timeout: 20_000 });
    await staff.screenshot({ path: join(screenshots, 'accounting-test-sync.png'), fullPage: true });
    // A test run changes nothing: the same items still wait.
    expect(await invoices.getByRole('checkbox').count()).toBe(count);
  });

  it('a customer keeps a new card when asked, finds it at the next Pay, and removes it behind the confirm dialog', async () => {
    const buyer = await signIn(j, '/front-office/invoices', 'buyer@globex.test');
    const table = buyer.getByRole('table', { name: 'Open invoices' });
    const pays = table.getByRole('button', { name: /^Pay invoice / });
    await pays.first().click({ timeout: PAGE_LOAD_MS });
    const modal = buyer.getByRole('dialog', { name: 'Pay invoices' });
    await modal.getByLabel('New card').check();
    await modal.getByLabel('Card number').fill('4012 8888 8888 1881');
    await modal.getByLabel('Expiry month').selectOption('11');
    const expiryYear = new Date().getUTCFullYear() + 3;
    await modal.getByLabel('Expiry year').selectOption(String(expiryYear));
    await modal.getByLabel('Security code (3 digits)').fill('321');
    await modal.getByLabel('Save for future payments').check();
    const total = (await modal.getByText(/^Total: /).textContent())?.replace('Total: ', '') ?? '';
    await modal.getByRole('button', { name: `Pay ${total}` }).click();
    await buyer
      .getByText(`Payment received: ${total} charged to Visa ending 1881.`)
      .waitFor({ timeout: 20_000 });
    await modal.waitFor({ state: 'detached', timeout: 20_000 });

    // The next Pay offers the kept card; Remove asks first.
    await pays.first().click();
    // with its expiry, so a renewed card ending alike is told apart
    const keptCard = `Visa ending 1881, expires 11/${expiryYear}`;
    const kept = modal.getByRole('radiogroup', { name: 'Pay with' }).getByText(keptCard);
    await kept.waitFor({ timeout: 20_000 });
    const confirmRemove = await openDialog(
      buyer,
      modal.getByRole('button', { name: `Remove ${keptCard}` }),
      'Remove saved payment method',
    );
    await confirmRemove.getByText(`Remove ${keptCard} from the saved payment methods?`).waitFor();
    await buyer.screenshot({ path: join(screenshots, 'accounting-remove-saved-card.png'), fullPage: true });
    await confirmRemove.getByRole('button', { name: 'Remove' }).click();
    await buyer.getByText('Visa ending 1881 removed.').waitFor({ timeout: 20_000 });
    await kept.waitFor({ state: 'detached', timeout: 20_000 });
    // Globex's card on file stays.
    expect(await modal.getByRole('button', { name: 'Remove Visa ending 1111' }).count()).toBe(1);
  });
});
