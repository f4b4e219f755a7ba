// The mail screens as a broker's staff member would try them (issue 18), in a real browser against the whole
// system and the local mail server (Dovecot, decision 0070). Avery Admin (admin@demo.test, who may also write
// the broker's templates) configures an IMAP mailbox that sends and reads (001 §2, §3, §5), signs their mail
// with rich text, writes an organization custom email template and sends a shipment's documents with it;
// then mail arrives in their mailbox: one naming a shipment becomes an email-based activity on it with its
// file in the shipment's attachments; one naming none waits on the unmatched email page, suggested by its
// sender's last filed mail, and is filed there; another is dismissed. Last, the mailbox is unauthorized and
// reset. (The tracking status request and the provider sign-in have their own journeys: mailboxes.test.ts,
// mailbox-sign-in.test.ts.)
//
// This journey reads the demo mailbox admin@demo.test: it runs in the `mailboxes` test project, one file at
// a time with the others that read the demo mailboxes. Its messages carry a subject of their own (`run`).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { messages } from '@loadline/contracts';
import { demoMailboxPassword } from '@loadline/contracts/demo';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import {
  connectionSignedIn,
  journeySystemOfFile,
  openDialog,
  openUserMenu,
  PAGE_LOAD_MS,
  screenshots,
  signIn,
} from './system.ts';

const j = journeySystemOfFile({ mailServer: true });
const run = randomBytes(3).toString('hex');
const address = 'admin@demo.test';
/** The carrier's dispatcher who writes to Avery. */
const dispatcher = `dispatch-${run}@northwind-carriers.example`;

/** Mail from the dispatcher to Avery, through the system's SMTP server, which delivers it into Dovecot. */
async function deliver(subject: string, text: string, files: { filename: string; content: string }[] = []) {
  const smtp = createTransport({ host: '127.0.0.1', port: j.system.mailSink.smtpPort, secure: false });
  await smtp.sendMail({
    from: `Nora Northwind <${dispatcher}>`,
    to: address,
    subject,
    text,
    attachments: files,
  });
  smtp.close();
}

describe('mail screens journey', () => {
  it('staff configure their IMAP mailbox, sign and send with a custom template, and handle the mail that arrives', async () => {
    const staff = await signIn(j, '/back-office/', address);
    const servers = j.mailServers;
    const { incoming, outgoing } = servers;

    // --- The mailbox configuration (000 §2 item 12; 001 §2, §3, §5) ---
    const mailbox = await openUserMenu(staff, 'Mailbox configuration');
    await mailbox.getByLabel('Mailbox type').selectOption('2', { timeout: 30_000 });
    // Only the username typed: 001 §5's IMAP rule, in its words.
    await mailbox.getByLabel('Username').fill(address);
    await mailbox.getByRole('button', { name: 'Save' }).click();
    await mailbox.getByText(messages.mailbox.allFieldsRequired).waitFor({ timeout: 15_000 });
    await mailbox.getByLabel('Password').fill('wrong-password');
    await mailbox.getByLabel('Incoming mail server (IMAP)').fill(incoming);
    await mailbox.getByLabel('Outgoing mail server (SMTP)').fill(outgoing);
    // Send and read, what is read archived (Archive, the default of 001 §3).
    await mailbox.getByLabel('Permissions').selectOption('2');
    expect(await mailbox.getByLabel('After reading a message').inputValue()).toBe('Archive');
    await mailbox.getByRole('button', { name: 'Test connection' }).click();
    const result = mailbox.getByRole('status');
    await result
      .getByText(`The incoming (IMAP) server ${incoming} refused the sign-in: wrong username or password.`)
      .waitFor({ timeout: 30_000 });
    await mailbox.getByLabel('Password').fill(demoMailboxPassword);
    await connectionSignedIn(mailbox, servers);
    await mailbox.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Mailbox configuration saved.').first().waitFor({ timeout: 15_000 });
    await mailbox.waitFor({ state: 'hidden' });

    // --- The signature, rich text (001 §2; decision 0073) ---
    const signatureModal = await openUserMenu(staff, 'Edit signature');
    const editor = signatureModal.getByRole('textbox', { name: 'Signature' });
    await editor.click({ timeout: 30_000 });
    await signatureModal.getByRole('button', { name: 'Bold' }).click();
    await editor.pressSequentially('Avery Admin');
    await signatureModal.getByRole('button', { name: 'Bold' }).click();
    await editor.press('Enter');
    await editor.pressSequentially(`Loadline Demo Logistics ${run}`);
    await signatureModal.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Signature saved.').first().waitFor({ timeout: 15_000 });
    await signatureModal.waitFor({ state: 'hidden' });
    await openUserMenu(staff, 'Edit signature');
    // Stored as rich text: the bold name comes back bold.
    await signatureModal.locator('b, strong').getByText('Avery Admin').waitFor({ timeout: 15_000 });
    await signatureModal.getByRole('button', { name: 'Cancel' }).click();
    await signatureModal.waitFor({ state: 'hidden' });

    // --- Mail arrives: one naming shipment 10005 (with its POD), one naming none, one to dismiss ---
    const filedSubject = `POD for shipment 10005 (${run})`;
    const looseSubject = `Paperwork for you (${run})`;
    const junkSubject = `Our new lanes newsletter (${run})`;
    await deliver(filedSubject, `Hello Avery,\n\nThe signed POD for 10005 is attached.\n\nNora`, [
      { filename: `pod-10005-${run}.txt`, content: 'Signed: J. Receiver' },
    ]);
    await deliver(looseSubject, 'Hello Avery,\n\nThe lumper receipt for our load is attached.\n\nNora', [
      { filename: `lumper-${run}.txt`, content: 'Lumper fee: 150.00' },
    ]);
    await deliver(junkSubject, 'New lanes this month: see our site.');

    // The first becomes an email-based activity on 10005 (000 §2.9, §3), its file among the attachments.
    await staff.goto(`${j.system.url}/back-office/shipment/shipment-details/10005`);
    await staff.getByRole('heading', { name: 'Shipment 10005' }).waitFor({ timeout: PAGE_LOAD_MS });
    const log = staff.getByRole('region', { name: 'Activity log' });
    const filed = log.getByRole('article').filter({ hasText: 'The signed POD for 10005 is attached.' });
    await expect
      .poll(
        async () => {
          if ((await filed.count()) > 0) return true;
          await staff.reload();
          await staff.getByRole('heading', { name: 'Shipment 10005' }).waitFor({ timeout: PAGE_LOAD_MS });
          return (await filed.count()) > 0;
        },
        { timeout: 120_000, interval: 5_000 },
      )
      .toBe(true);
    await filed.getByText('Email from Nora Northwind · Attachment').waitFor();
    const attachments = staff.getByRole('region', { name: 'Shipment attachments' }).first();
    await attachments.getByText(`pod-10005-${run}.txt`).waitFor({ timeout: 30_000 });
    await staff.screenshot({ path: join(screenshots, 'mail-screens-filed.png'), fullPage: true });

    // --- The unmatched email page: suggestions, filed on a shipment, dismissed ---
    await staff.goto(`${j.system.url}/back-office/inbound-email`);
    const loose = staff.getByRole('article', { name: looseSubject });
    const junk = staff.getByRole('article', { name: junkSubject });
    // The page lists what had been read when it loaded; on a busy machine the third message can be read a run
    // later than the first two, so the page is read again until both are there.
    const bothListed = async () => (await loose.count()) > 0 && (await junk.count()) > 0;
    await expect
      .poll(
        async () => {
          await staff.getByRole('heading', { name: 'Unmatched email' }).waitFor({ timeout: 30_000 });
          await staff.getByText('Loading the unmatched email').waitFor({ state: 'hidden', timeout: 30_000 });
          if (await bothListed()) return true;
          await staff.reload();
          return false;
        },
        { timeout: 120_000, interval: 2_000 },
      )
      .toBe(true);
    const suggestion = loose.getByRole('group', { name: 'Suggestion' });
    await suggestion.getByText('Suggested type: Attachment. It carries files.').waitFor({ timeout: 30_000 });
    // The sender rule (decision 0076): Nora's last filed mail was on 10005.
    await suggestion
      .getByText(`Suggested shipment: 10005. The last email from ${dispatcher} was filed on shipment 10005.`)
      .waitFor();
    await loose.getByText(`lumper-${run}.txt`).waitFor();
    await staff.screenshot({ path: join(screenshots, 'mail-screens-unmatched.png'), fullPage: true });
    // Staff know better: it belongs to 10026.
    await loose.getByLabel('Shipment', { exact: true }).fill('10026');
    await loose.getByRole('button', { name: 'File on shipment', exact: true }).click();
    await staff.getByText('Filed on shipment 10026.').first().waitFor({ timeout: 15_000 });
    await loose.waitFor({ state: 'detached' });
    await junk.getByRole('group', { name: 'Suggestion' }).waitFor({ timeout: 30_000 });
    await junk.getByRole('button', { name: 'Dismiss' }).click();
    await staff.getByText('Email dismissed.').first().waitFor({ timeout: 15_000 });
    await junk.waitFor({ state: 'detached' });
    // Read again: neither is left.
    await staff.reload();
    await staff.getByRole('heading', { name: 'Unmatched email' }).waitFor({ timeout: PAGE_LOAD_MS });
    await staff.getByText('Loading the unmatched email').waitFor({ state: 'hidden', timeout: 30_000 });
    expect(await staff.getByRole('article', { name: looseSubject }).count()).toBe(0);
    expect(await staff.getByRole('article', { name: junkSubject }).count()).toBe(0);

    // The filed one is on 10026's activity log, with its file.
    await staff.goto(`${j.system.url}/back-office/shipment/shipment-details/10026`);
    await staff.getByRole('heading', { name: 'Shipment 10026' }).waitFor({ timeout: PAGE_LOAD_MS });
    await staff
      .getByRole('region', { name: 'Activity log' })
      .getByRole('article')
      .filter({ hasText: 'The lumper receipt for our load is attached.' })
      .waitFor({ timeout: 30_000 });
    await staff
      .getByRole('region', { name: 'Shipment attachments' })
      .first()
      .getByText(`lumper-${run}.txt`)
      .waitFor({ timeout: 30_000 });

    // --- An organization custom email template, written and used (001 §3) ---
    await staff.goto(`${j.system.url}/back-office/content-templates`);
    const custom = staff.getByRole('region', { name: 'Organization custom email templates' });
    // exact: the loader's own label ("Loading the custom email templates") contains these words too.
    await custom.getByLabel('Custom email template', { exact: true }).selectOption('3', { timeout: 30_000 });
    await custom.getByLabel('Template name').fill(`Delivery paperwork ${run}`);
    await custom.getByLabel('Email subject').fill('Paperwork for shipment {{shipmentId}}');
    await custom
      .getByLabel('Email body')
      .fill('Hello,\n\nThe paperwork for shipment {{shipmentId}} to {{destination}} is attached.');
    await custom.getByRole('button', { name: 'Save custom template' }).click();
    await staff.getByText('Custom email template 3 saved.').first().waitFor({ timeout: 15_000 });

    await staff.goto(`${j.system.url}/back-office/shipment/shipment-details/10005`);
    await staff
      .getByRole('region', { name: 'Shipment attachments' })
      .first()
      .getByRole('button', { name: 'Send documents' })
      .click({ timeout: 30_000 });
    const sender = staff.getByRole('dialog', { name: /^Send documents/ });
    await sender
      .getByLabel('Custom email template', { exact: true })
      .selectOption({ label: `3: Delivery paperwork ${run}` });
    expect(await sender.getByLabel('Subject').inputValue()).toBe('Paperwork for shipment {{shipmentId}}');
    await sender.getByLabel(new RegExp(`pod-10005-${run}\\.txt`)).check();
    await sender.getByLabel('Email addresses').fill('dock@acme.test');
    await sender.getByRole('button', { name: 'Send', exact: true }).click();
    await staff.getByText('Documents queued for sending.').first().waitFor({ timeout: 15_000 });
    await sender
      .getByRole('table', { name: 'Sent messages' })
      .getByText('Success')
      .waitFor({ timeout: 60_000 });
    // The sink holds it: the template filled for 10005, sent from Avery's own mailbox, signed.
    const sent = await j.system.mailSink.waitFor(
      (m) => m.envelope.to.includes('dock@acme.test') && m.subject === 'Paperwork for shipment 10005',
      30_000,
    );
    expect(sent.signedInAs).toBe(address);
    expect(sent.text).toMatch(/The paperwork for shipment 10005 to [^{\n]+ is attached\./);
    expect(sent.text).not.toContain('{{');
    expect(sent.text).toContain('Avery Admin');
    expect(sent.text).toContain(`Loadline Demo Logistics ${run}`);
    expect(sent.attachments.map((a) => a.filename)).toEqual([`pod-10005-${run}.txt`]);
    // The HTML part carries the signature as written: the name in bold.
    const raw = await simpleParser(await readFile(join(j.system.mailSink.dir, `${sent.id}.eml`)));
    expect(raw.html || '').toMatch(/<(b|strong)>Avery Admin<\/(b|strong)>/);
    await staff.screenshot({ path: join(screenshots, 'mail-screens-template-sent.png'), fullPage: true });

    // The email filed on 10005 was about 10008 after all: moved from the activity log (000 §2 item 9).
    await sender.getByRole('button', { name: messages.dialogs.generic.cancel }).click();
    await sender.waitFor({ state: 'hidden' });
    const reassign = await openDialog(
      staff,
      filed.getByRole('button', { name: 'Reassign' }),
      'Reassign email activity',
    );
    await reassign.getByLabel('Move to shipment').fill('10008');
    await reassign.getByRole('button', { name: 'Reassign' }).click();
    await staff.getByText('Email activity moved to shipment 10008.').first().waitFor({ timeout: 15_000 });
    await filed.waitFor({ state: 'detached', timeout: 15_000 });
    await staff.goto(`${j.system.url}/back-office/shipment/shipment-details/10008`);
    await staff
      .getByRole('region', { name: 'Activity log' })
      .getByRole('article')
      .filter({ hasText: 'The signed POD for 10005 is attached.' })
      .waitFor({ timeout: 30_000 });
    // Its file went along (decision 0039): the attachments service follows the move's event, so 10008's
    // attachments show it (read again until the event has arrived).
    const movedFile = staff
      .getByRole('region', { name: 'Shipment attachments' })
      .first()
      .getByText(`pod-10005-${run}.txt`);
    await expect
      .poll(
        async () => {
          if ((await movedFile.count()) > 0) return true;
          await staff.reload();
          await staff.getByRole('heading', { name: 'Shipment 10008' }).waitFor({ timeout: PAGE_LOAD_MS });
          return (await movedFile.count()) > 0;
        },
        { timeout: 120_000, interval: 5_000 },
      )
      .toBe(true);
    await staff.screenshot({ path: join(screenshots, 'mail-screens-moved.png'), fullPage: true });

    // --- Unauthorize, then reset (001 §7) ---
    await openUserMenu(staff, 'Mailbox configuration');
    await mailbox.getByText('Authorized', { exact: true }).waitFor({ timeout: 15_000 });
    await mailbox.getByRole('button', { name: 'Unauthorize' }).click();
    await staff.getByRole('button', { name: messages.dialogs.generic.confirm }).click();
    await staff.getByText('Your mailbox credentials were removed.').first().waitFor({ timeout: 15_000 });
    await mailbox.getByText('Not authorized', { exact: true }).waitFor();
    await mailbox.getByRole('button', { name: 'Reset' }).click();
    await staff.getByRole('button', { name: messages.dialogs.generic.confirm }).click();
    await staff
      .getByText('Your mailbox is back to the default: mail goes out from Loadline.')
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await mailbox.getByLabel('Mailbox type').inputValue()).toBe('1');
    await staff.screenshot({ path: join(screenshots, 'mail-screens-reset.png'), fullPage: true });
  }, 600_000);
});
