// The attachments remote in a real browser, against the whole system: staff upload a POD to a shipment
// from the edit-status modal, the customer sees it, staff make it Private and the customer no longer
// does; staff send it by email and the launcher's SMTP sink receives it with the file.
//
// Then staff open the bulk email sender from the back office's sidebar and send a delivered shipment's POD
// and BOL to a custom address, which the sink receives with both files; and from the shipment grid, where a
// selected shipment starts the sender's list.
//
// Demo shipments used: 10005 is Acme's (shipper@acme.test), a truckload Dispatched with Old Line on it;
// 10008 is delivered, with the demo BOL and POD (both Public).
import { join } from 'node:path';
import { messages } from '@loadline/contracts';
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

const fileName = 'pod-10005-signed.pdf';
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% signed by R. Receiver\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('attachments journey', () => {
  it('staff upload a POD, make it Private, and the customer no longer sees it; staff email it', async () => {
    const staff = await signIn(j, '/back-office/shipment/shipment-details/10005', 'ops@demo.test');
    await staff.getByRole('heading', { name: 'Shipment 10005' }).waitFor({ timeout: PAGE_LOAD_MS });

    // The attachments remote plugged into the edit-status modal.
    const editModal = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Edit status' }),
      /^Edit shipment status/,
    );
    const plugged = editModal.getByRole('region', { name: 'Shipment attachments' });
    await plugged.getByRole('button', { name: 'Manage attachments' }).click({ timeout: 30_000 });
    const attachments = staff.getByRole('dialog', { name: /^Attachments · Shipment 10005/ });
    await attachments
      .getByLabel('File')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
    // 001 §5: the type is guessed from the name.
    expect(await attachments.getByLabel('Type').inputValue()).toBe('POD');
    await attachments.getByRole('button', { name: 'Upload', exact: true }).click();
    await attachments.getByRole('button', { name: 'Confirm' }).click();
    await attachments.getByText(`${fileName} was uploaded.`).waitFor({ timeout: 15_000 });
    const access = attachments.getByLabel(`Access level of ${fileName}`);
    expect(await access.inputValue()).toBe('0');
    await staff.screenshot({ path: join(screenshots, 'attachments-uploaded.png'), fullPage: true });

    // The customer sees the Public POD on its shipment page.
    const customer = await signIn(j, '/front-office/shipments/10005', 'shipper@acme.test');
    const documents = customer.getByRole('region', { name: 'Shipment attachments' });
    await documents.getByRole('link', { name: fileName }).waitFor({ timeout: PAGE_LOAD_MS });
    await customer.screenshot({
      path: join(screenshots, 'attachments-customer-sees-pod.png'),
      fullPage: true,
    });

    // Staff make it Private.
    await access.selectOption('1');
    await staff.waitForResponse((r) => /changeAttachmentAccessLevel/i.test(r.url()) && r.ok());
    await staff.screenshot({ path: join(screenshots, 'attachments-private.png'), fullPage: true });

    // The customer no longer sees it (the list loads again with the page).
    await customer.reload();
    await documents.getByText(/^Attachments \(\d+\)$/).waitFor({ timeout: PAGE_LOAD_MS });
    expect(await documents.getByRole('link', { name: fileName }).count()).toBe(0);
    await customer.screenshot({
      path: join(screenshots, 'attachments-customer-after-private.png'),
      fullPage: true,
    });

    // Staff email the POD with the document sender; the SMTP sink receives it with the file.
    await attachments
      .getByRole('button', { name: 'Close' })
      .click()
      .catch(() => undefined);
    await staff.keyboard.press('Escape');
    await staff.keyboard.press('Escape');
    const pagePanel = staff.getByRole('region', { name: 'Shipment attachments' }).first();
    const sender = await openDialog(
      staff,
      pagePanel.getByRole('button', { name: 'Send documents' }),
      /^Send documents/,
    );
    await sender.getByLabel(new RegExp(fileName.replace(/\./g, '\\.'))).check();
    await sender.getByLabel('Email addresses').fill('dock@acme.test');
    await sender.getByLabel('Subject').fill('POD for shipment 10005');
    await sender.getByRole('button', { name: 'Send', exact: true }).click();
    await staff.getByText('Documents queued for sending.').waitFor({ timeout: 15_000 });
    const mail = await j.system.mailSink.waitFor((m) => m.subject === 'POD for shipment 10005', 30_000);
    expect(mail.envelope.to).toEqual(['dock@acme.test']);
    expect(mail.attachments.map((a) => a.filename)).toEqual([fileName]);
    await sender
      .getByRole('table', { name: 'Sent messages' })
      .getByText('Success')
      .waitFor({ timeout: 30_000 });
    await staff.screenshot({ path: join(screenshots, 'attachments-sent.png'), fullPage: true });
    expect(await staff.getByText(messages.email.documentsNotSent).count()).toBe(0);
  });

  it("staff send a delivered shipment's POD and BOL to a custom address with the bulk email sender", async () => {
    const staff = await signIn(j, '/back-office/', 'ops@demo.test');
    await staff.getByRole('link', { name: 'Bulk email' }).click({ timeout: PAGE_LOAD_MS });
    const bulk = staff.getByRole('dialog', { name: 'Bulk email' });
    await bulk.getByLabel('Shipments').fill('10008', { timeout: 30_000 });
    await bulk.getByLabel('POD', { exact: true }).check();
    await bulk.getByLabel('BOL', { exact: true }).check();
    await bulk.getByLabel(/Custom recipient email/).fill('receiving@acme.test');
    await bulk.getByRole('button', { name: 'Send', exact: true }).click();
    await bulk.getByRole('table', { name: 'Queued' }).getByText('10008').waitFor({ timeout: 15_000 });
    expect(await bulk.getByRole('status').textContent()).toBe('1 of 1 shipment sent in 1 chunk.');
    const mail = await j.system.mailSink.waitFor(
      (m) => m.subject === 'Shipment 10008 documents' && m.envelope.to.includes('receiving@acme.test'),
      30_000,
    );
    expect(mail.envelope.to).toEqual(['receiving@acme.test']);
    expect(mail.attachments.map((a) => a.filename).sort()).toEqual(['BOL-10008.pdf', 'POD-10008.pdf']);
    await staff.screenshot({ path: join(screenshots, 'attachments-bulk-email-sent.png'), fullPage: true });
    expect(await staff.getByText(messages.email.documentsNotSent).count()).toBe(0);
    // The sink's page lists it for a developer to read.
    const sinkPage = await (await j.browser.newContext()).newPage();
    await sinkPage.goto(`${j.system.mailSink.url}/`);
    await sinkPage.getByText('receiving@acme.test').first().waitFor({ timeout: PAGE_LOAD_MS });
    await sinkPage.screenshot({ path: join(screenshots, 'attachments-bulk-email-sink.png'), fullPage: true });
  });

  it('staff select a shipment on the grid and open the bulk email sender with it', async () => {
    const staff = await signIn(j, '/back-office/shipment/search?shipmentId=10008', 'ops@demo.test');
    const grid = staff.getByRole('table', { name: 'Shipments' });
    await grid.getByRole('checkbox', { name: 'Select shipment 10008' }).check({ timeout: PAGE_LOAD_MS });
    await staff.getByText('1 selected').waitFor();
    const bulk = await openDialog(staff, staff.getByRole('button', { name: 'Bulk email' }), 'Bulk email');
    await bulk.waitFor({ timeout: 30_000 });
    expect(await bulk.getByLabel('Shipments').inputValue()).toBe('10008');
    await staff.screenshot({
      path: join(screenshots, 'attachments-bulk-email-from-grid.png'),
      fullPage: true,
    });
  });
});
