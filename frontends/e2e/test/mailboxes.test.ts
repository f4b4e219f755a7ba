// Staff email that reads and writes for real (issue 18), in a real browser against the whole system and the
// local mail server (Dovecot, decision 0070): a staff member opens the user menu, configures their IMAP
// mailbox (the demo mailbox of ops@demo.test), tests the connection (IMAP sign-in to Dovecot, SMTP sign-in to
// the launcher's SMTP server), saves, edits their signature, and sends a tracking status request for a
// shipment: the request goes out signed in as their mailbox, with the signature.
//
// The demo mailboxes are shared with the `mailboxes` test project: the mailbox is saved Send Only, so no
// reader ever opens the INBOX, and the request goes to the carrier (not a demo mailbox), so nothing is
// delivered into Dovecot. The configuration itself lives in this system's own schema, dropped afterwards.
//
// Demo shipment 10005: a truckload with Old Line Freight (tracking email dispatch@oldline.example); 10026 a
// truckload with Prairie Express (ops@prairie-express.example); 10021 a truckload quote with no carrier yet.
import { join } from 'node:path';
import { messages } from '@loadline/contracts';
import { demoMailboxPassword } from '@loadline/contracts/demo';
import { describe, expect, it } from 'vitest';
import type { SunkMail } from '../../../infra/dev/mail-sink.ts';
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

describe('mailboxes journey', () => {
  it('staff configure and test their IMAP mailbox, sign their mail and send a tracking status request', async () => {
    const staff = await signIn(j, '/back-office/', 'ops@demo.test');
    const servers = j.mailServers;
    const { incoming, outgoing } = servers;

    // The user menu's mailbox configuration (000 §2 item 12).
    const mailbox = await openUserMenu(staff, 'Mailbox configuration');
    await mailbox.getByLabel('Mailbox type').selectOption('2', { timeout: 30_000 });
    // 001 §5: IMAP without its fields is refused in the spec's words.
    await mailbox.getByRole('button', { name: 'Save' }).click();
    await mailbox.getByText(messages.mailbox.allFieldsRequired).waitFor({ timeout: 15_000 });
    await mailbox.getByLabel('Username').fill('ops@demo.test');
    await mailbox.getByLabel('Password').fill('not-the-password');
    await mailbox.getByLabel('Incoming mail server (IMAP)').fill(incoming);
    await mailbox.getByLabel('Outgoing mail server (SMTP)').fill(outgoing);
    expect(await mailbox.getByLabel('Permissions').inputValue()).toBe('1');

    // A wrong password: both servers say so, each naming itself.
    await mailbox.getByRole('button', { name: 'Test connection' }).click();
    const result = mailbox.getByRole('status');
    await result
      .getByText(`The incoming (IMAP) server ${incoming} refused the sign-in: wrong username or password.`)
      .waitFor({ timeout: 30_000 });
    await result
      .getByText(`The outgoing (SMTP) server ${outgoing} refused the sign-in: wrong username or password.`)
      .waitFor();
    await mailbox.getByLabel('Password').fill(demoMailboxPassword);
    await connectionSignedIn(mailbox, servers);
    await staff.screenshot({ path: join(screenshots, 'mailboxes-tested.png'), fullPage: true });
    await mailbox.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Mailbox configuration saved.').waitFor({ timeout: 15_000 });
    await mailbox.waitFor({ state: 'hidden' });

    // Opened again: saved, authorized, the password not shown.
    await openUserMenu(staff, 'Mailbox configuration');
    await mailbox.getByText('Authorized', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await mailbox.getByLabel('Password').inputValue()).toBe('');
    await mailbox.getByRole('button', { name: 'Cancel' }).click();
    await mailbox.waitFor({ state: 'hidden' });

    // The edit signature modal (001 §2).
    const signature = await openUserMenu(staff, 'Edit signature');
    const editor = signature.getByRole('textbox', { name: 'Signature' });
    await editor.fill('Omar Operations, Loadline Demo Logistics', { timeout: 30_000 });
    await signature.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Signature saved.').waitFor({ timeout: 15_000 });
    await signature.waitFor({ state: 'hidden' });

    // The tracking status request sender from the shipment page (001 §2, §7).
    await staff.goto(`${j.system.url}/back-office/shipment/shipment-details/10005`);
    await staff.getByRole('button', { name: 'Tracking status request' }).click({ timeout: PAGE_LOAD_MS });
    const sender = staff.getByRole('dialog', { name: 'Tracking status request' });
    const carriers = sender.getByRole('table', { name: 'With carrier email' });
    await carriers.getByText('dispatch@oldline.example').waitFor({ timeout: 30_000 });
    await staff.screenshot({ path: join(screenshots, 'mailboxes-tracking-request.png'), fullPage: true });
    await sender.getByRole('button', { name: 'Send 1 request' }).click();
    // Followed until it has gone (002 §3.8's Success).
    await sender
      .getByRole('table', { name: 'Sent tracking status requests' })
      .getByText('Success')
      .waitFor({ timeout: 30_000 });

    // It went out through the staff member's own mailbox (signed in as it), signed (decision 0073).
    const mail = await j.system.mailSink.waitFor(
      (m) => m.envelope.to.includes('dispatch@oldline.example') && /Tracking status request/.test(m.subject),
      30_000,
    );
    expect(mail.signedInAs).toBe('ops@demo.test');
    expect(mail.from).toContain('ops@demo.test');
    expect(mail.text).toContain('10005');
    expect(mail.text).toContain('Omar Operations, Loadline Demo Logistics');
    expect(mail.delivered ?? []).toEqual([]);
    await staff.screenshot({ path: join(screenshots, 'mailboxes-tracking-sent.png'), fullPage: true });
  });

  it('staff send a tracking status request for three shipments chosen on the grid: one mail per carrier, filled', async () => {
    // Another staff member, without a mailbox of their own: the requests go out through the product's relay.
    const staff = await signIn(j, '/back-office/shipment/search', 'admin@demo.test');
    const grid = staff.getByRole('table', { name: 'Shipments' });
    for (const id of [10005, 10026, 10021]) {
      await grid.getByRole('checkbox', { name: `Select shipment ${id}` }).check({ timeout: PAGE_LOAD_MS });
    }
    await staff.getByText('3 selected').waitFor();
    const sender = await openDialog(
      staff,
      staff.getByRole('button', { name: 'Tracking status request' }),
      'Tracking status request',
    );

    // 001 §2: the loads whose carrier has a tracking email, one row per carrier, and those without.
    const carriers = sender.getByRole('table', { name: 'With carrier email' });
    await carriers.getByText('dispatch@oldline.example').waitFor({ timeout: 30_000 });
    const rows = carriers.getByRole('row');
    expect(await rows.count()).toBe(3); // the header and one row per carrier
    await expect
      .poll(() => carriers.getByRole('row', { name: /Old Line Freight/ }).textContent())
      .toMatch(/10005 \(PRO OLFT\d+\)/);
    expect(await carriers.getByRole('row', { name: /Prairie Express/ }).textContent()).toMatch(
      /ops@prairie-express\.example.*10026/,
    );
    const without = sender.getByRole('table', { name: 'Without carrier email' });
    expect(await without.getByRole('row', { name: /10021/ }).textContent()).toContain('No Carrier');
    // The template's placeholders stay in the boxes: the service fills them per carrier.
    expect(await sender.getByLabel('Subject').inputValue()).toBe(
      'Tracking status request: shipments {{shipmentIds}}',
    );
    await staff.screenshot({ path: join(screenshots, 'mailboxes-tracking-three.png'), fullPage: true });
    // What the sink held before (the first journey's request to Old Line): only what this send adds counts.
    const before = new Set((await j.system.mailSink.messages()).map((m) => m.id));
    await sender.getByRole('button', { name: 'Send 2 requests' }).click();
    const sent = sender.getByRole('table', { name: 'Sent tracking status requests' });
    await expect.poll(() => sent.getByText('Success').count(), { timeout: 30_000 }).toBe(2);

    // One mail per carrier, each with its own shipments and names in place of the placeholders.
    const isRequest = (m: SunkMail) =>
      !before.has(m.id) && /^Tracking status request: shipments /.test(m.subject);
    const oldLine = await j.system.mailSink.waitFor(
      (m) => isRequest(m) && m.envelope.to.includes('dispatch@oldline.example'),
      30_000,
    );
    const prairie = await j.system.mailSink.waitFor(
      (m) => isRequest(m) && m.envelope.to.includes('ops@prairie-express.example'),
      30_000,
    );
    expect(oldLine.subject).toBe('Tracking status request: shipments 10005');
    expect(oldLine.envelope.to).toEqual(['dispatch@oldline.example']);
    expect(oldLine.text).toContain('Hello Old Line Freight,');
    expect(oldLine.text).toMatch(/- Shipment 10005 \(PRO OLFT\d+\)/);
    expect(prairie.subject).toBe('Tracking status request: shipments 10026');
    expect(prairie.envelope.to).toEqual(['ops@prairie-express.example']);
    expect(prairie.text).toContain('Hello Prairie Express,');
    expect(prairie.text).toMatch(/- Shipment 10026 \(PRO PRXP\d+\)/);
    for (const mail of [oldLine, prairie]) {
      expect(mail.text).toContain('Thank you,\nAvery Admin');
      expect(mail.text).not.toContain('{{');
      expect(mail.subject).not.toContain('{{');
      expect(mail.text).not.toContain('10021');
    }
    const requests = (await j.system.mailSink.messages()).filter(isRequest);
    expect(requests.filter((m) => m.envelope.to.includes('dispatch@oldline.example'))).toHaveLength(1);
    expect(requests.filter((m) => m.envelope.to.includes('ops@prairie-express.example'))).toHaveLength(1);
    await staff.screenshot({ path: join(screenshots, 'mailboxes-tracking-three-sent.png'), fullPage: true });
  });
});
