// A Gmail mailbox signed in through the provider's popup (001 §2 "mailbox sign-in popups", issue 18 item 2,
// decision 0036), in a real browser against the whole system: the journey system's local OAuth 2 server
// stands in for Google (it issues a code for the S256 challenge, checks the verifier, issues tokens). The
// staff member chooses Google/Gmail, signs in in the popup, which comes back to the back office's page and is
// closed by the modal, and sees the mailbox authorized as the account the provider signed in.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeySystemOfFile, openUserMenu, screenshots, signIn } from './system.ts';

// Against two processes of every service and two gateways (decision 0062): the sign-in's one-time state, kept
// when the popup opens and taken when it comes back, must be found by whichever directory replica the
// gateway hands the return to.
const j = journeySystemOfFile({ replicated: true });

describe('mailbox sign-in journey', () => {
  it('staff sign their Gmail mailbox in through the popup and see it authorized', async () => {
    const staff = await signIn(j, '/back-office/', 'ops@demo.test');
    const issued = j.system.oauthServer.issued.authorization_code;

    const mailbox = await openUserMenu(staff, 'Mailbox configuration');
    await mailbox.getByLabel('Mailbox type').selectOption('3', { timeout: 30_000 });
    await mailbox.getByLabel('Permissions').selectOption('1');
    const [popup] = await Promise.all([
      staff.waitForEvent('popup'),
      mailbox.getByRole('button', { name: 'Sign in with Google' }).click(),
    ]);
    // The provider sends the popup back to our page; the modal reads the code and closes it.
    await popup.waitForEvent('close', { timeout: 30_000 });
    await mailbox.getByText('Signed in as mailbox@oauth.localhost.').waitFor({ timeout: 15_000 });
    await mailbox.getByText('Authorized', { exact: true }).waitFor();
    expect(j.system.oauthServer.issued.authorization_code).toBe(issued + 1);
    await staff.screenshot({ path: join(screenshots, 'mailbox-signed-in.png'), fullPage: true });

    // Opened again: still Gmail, authorized, offering to sign in again.
    await mailbox.getByRole('button', { name: 'Cancel' }).click();
    await mailbox.waitFor({ state: 'hidden' });
    await openUserMenu(staff, 'Mailbox configuration');
    await mailbox.getByRole('button', { name: 'Sign in again with Google' }).waitFor({ timeout: 15_000 });
    expect(await mailbox.getByLabel('Mailbox type').inputValue()).toBe('3');
  });
});
