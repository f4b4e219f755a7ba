// The user menu's mailbox configuration and edit signature modals (000 §2 item 12, 001 §2, §3, §5, §8;
// issue 18): what the modal sends, the service's refusals in 001 §5's words, the connection test naming the
// part that failed, unauthorize and reset, the reply-only flag (001 §6), and the unsaved-changes guard.
import '../../ui/test/setup.ts';
import { messages } from '@loadline/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { Mailbox } from '../src/api/mailbox.ts';
import EditSignature from '../src/EditSignature.tsx';
import MailboxConfiguration, { MAILBOX_TEXTS } from '../src/MailboxConfiguration.tsx';

const server = setupMsw();

const imapMailbox = (over: Partial<Mailbox> = {}): Mailbox => ({
  staffId: 'usr_ops',
  mailboxType: 2,
  username: 'ops@demo.test',
  hasPassword: true,
  incomingMailServer: '127.0.0.1:1143',
  outgoingMailServer: '127.0.0.1:2525',
  permissions: 1,
  postProcessingAction: 'Archive',
  lastReadDate: null,
  isAuthorized: true,
  authorizationProblem: null,
  ...over,
});
const defaultMailbox = imapMailbox({
  mailboxType: 1,
  username: null,
  hasPassword: false,
  incomingMailServer: null,
  outgoingMailServer: null,
  isAuthorized: false,
});

const handlers = (mailbox: Mailbox, flags: string[] = []) => [
  http.get('*/api/staff/mailbox', () => HttpResponse.json(mailbox)),
  http.get('*/api/featureFlags', () => HttpResponse.json({ flags })),
];

async function openMailbox(onClose = () => undefined) {
  renderWithShell(<MailboxConfiguration opened onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: MAILBOX_TEXTS.title });
  await within(dialog).findByLabelText('Mailbox type');
  return dialog;
}

const selectType = (dialog: HTMLElement, value: number) =>
  fireEvent.change(within(dialog).getByLabelText('Mailbox type'), { target: { value: String(value) } });

describe('directory/MailboxConfiguration', () => {
  it('shows the stored IMAP mailbox without its password, and sends only what the form holds', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...handlers(imapMailbox()),
      http.put('*/api/staff/mailbox', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(imapMailbox({ permissions: 3 }));
      }),
    );
    const onClose = vi.fn();
    const dialog = await openMailbox(onClose);
    expect(within(dialog).getByText('Authorized')).toBeTruthy();
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe('ops@demo.test');
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByText(MAILBOX_TEXTS.passwordKept)).toBeTruthy();
    // Send Only: nothing is read, so no post-processing is asked.
    expect(within(dialog).queryByLabelText('After reading a message')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Permissions'), { target: { value: '3' } });
    expect((within(dialog).getByLabelText('After reading a message') as HTMLSelectElement).value).toBe(
      'Archive',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The stored password is kept: none is sent.
    expect(bodies).toEqual([
      {
        mailboxType: 2,
        username: 'ops@demo.test',
        incomingMailServer: '127.0.0.1:1143',
        outgoingMailServer: '127.0.0.1:2525',
        permissions: 3,
        postProcessingAction: 'Archive',
      },
    ]);
    expect(await screen.findByText(MAILBOX_TEXTS.saved)).toBeTruthy();
  });

  it("shows 001 §5's words once when IMAP lacks username, password or outgoing server, and marks the fields", async () => {
    const required = messages.mailbox.allFieldsRequired;
    server.use(
      ...handlers(defaultMailbox),
      http.put('*/api/staff/mailbox', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: required,
            errors: {
              'model.username': [required],
              'model.password': [required],
              'model.outgoingMailServer': [required],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const dialog = await openMailbox();
    expect(within(dialog).getByText(MAILBOX_TEXTS.defaultNote)).toBeTruthy();
    selectType(dialog, 2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(required);
    expect(within(dialog).getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Outgoing mail server (SMTP)').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('tests the connection as entered and says which part failed', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...handlers(imapMailbox()),
      http.post('*/api/email/imapconfig/test', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          ok: false,
          imap: {
            ok: false,
            message:
              'The incoming (IMAP) server 127.0.0.1:1143 refused the sign-in: wrong username or password.',
          },
          smtp: { ok: true, message: 'Signed in to the outgoing (SMTP) server 127.0.0.1:2525.' },
        });
      }),
    );
    const dialog = await openMailbox();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const result = await within(dialog).findByRole('status');
    expect(result.textContent).toContain(
      'The incoming (IMAP) server 127.0.0.1:1143 refused the sign-in: wrong username or password.',
    );
    expect(result.textContent).toContain('Signed in to the outgoing (SMTP) server 127.0.0.1:2525.');
    expect(bodies).toEqual([expect.objectContaining({ mailboxType: 2, password: 'wrong' })]);
  });

  it('unauthorizes and resets after asking, and shows what the service answers', async () => {
    const calls: string[] = [];
    server.use(
      ...handlers(imapMailbox()),
      http.post('*/api/email/mailbox/unauthorize', () => {
        calls.push('unauthorize');
        return HttpResponse.json(imapMailbox({ hasPassword: false, isAuthorized: false }));
      }),
      http.post('*/api/email/mailbox/reset', () => {
        calls.push('reset');
        return HttpResponse.json(defaultMailbox);
      }),
    );
    const dialog = await openMailbox();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unauthorize' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await within(dialog).findByText('Not authorized');
    expect(within(dialog).getByRole('note').textContent).toBe(MAILBOX_TEXTS.notAuthorized);
    expect(within(dialog).queryByText(MAILBOX_TEXTS.passwordKept)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await within(dialog).findByText(MAILBOX_TEXTS.defaultNote);
    expect((within(dialog).getByLabelText('Mailbox type') as HTMLSelectElement).value).toBe('1');
    expect(calls).toEqual(['unauthorize', 'reset']);
  });

  it('offers no Send And Read with the reply-only mail integration flag (001 §6)', async () => {
    server.use(...handlers(imapMailbox(), ['MailIntegrationReplyOnly']));
    const dialog = await openMailbox();
    const options = [...(within(dialog).getByLabelText('Permissions') as HTMLSelectElement).options];
    expect(options.map((o) => o.text)).toEqual(['Send Only', 'Send And Read Replies']);
  });

  it('asks before unsaved changes are discarded (000 §8)', async () => {
    server.use(...handlers(imapMailbox()));
    const onClose = vi.fn();
    const dialog = await openMailbox(onClose);
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'omar@demo.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('dialog', { name: messages.dialogs.unsavedChanges.title });
    fireEvent.click(screen.getByRole('button', { name: messages.dialogs.unsavedChanges.cancel }));
    await act(async () => {});
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await screen.findByRole('dialog', { name: messages.dialogs.unsavedChanges.title });
    fireEvent.click(screen.getByRole('button', { name: messages.dialogs.unsavedChanges.confirm }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

// The popup is the browser's: jsdom has none, so a window stands in that behaves as one does for the opener
// (its address unreadable while at the provider's origin, readable once sent back to ours).
function stubPopup(open: 'blocked' | 'opens' = 'opens') {
  let href = 'about:blank';
  const visited: string[] = [];
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    location: {} as { href: string },
  };
  Object.defineProperty(popup.location, 'href', {
    get() {
      if (href.startsWith('https://accounts.example')) throw new DOMException('Blocked', 'SecurityError');
      return href;
    },
    set(value: string) {
      href = value;
      visited.push(value);
    },
  });
  const spy = vi
    .spyOn(window, 'open')
    .mockReturnValue(open === 'opens' ? (popup as unknown as Window) : null);
  return {
    popup,
    visited,
    spy,
    /** the provider sends the popup back to our page with this query */
    sendBack: (query: string) => {
      href = `${window.location.origin}/back-office/mailbox-sign-in?${query}`;
    },
  };
}

const gmailStart = () => ({
  provider: 'google',
  authorizationUrl: 'https://accounts.example/o/oauth2/auth?client_id=loadline&state=st-1',
  state: 'st-1',
  redirectUrl: `${window.location.origin}/back-office/mailbox-sign-in`,
});

describe('directory/MailboxConfiguration: signing in at Google, Microsoft or Front (001 §2 popups)', () => {
  it('opens the popup at the provider, reads the code back and shows the mailbox authorized', async () => {
    const validated: unknown[] = [];
    const tokens: unknown[] = [];
    server.use(
      ...handlers(defaultMailbox),
      http.post('*/api/staff/mailbox/google/validate', async ({ request }) => {
        validated.push(await request.json());
        return HttpResponse.json(gmailStart());
      }),
      http.post('*/api/staff/mailbox/google/token', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json(
          imapMailbox({
            mailboxType: 3,
            username: 'omar@gmail.example',
            hasPassword: false,
            incomingMailServer: null,
            outgoingMailServer: null,
            permissions: 3,
          }),
        );
      }),
    );
    const popup = stubPopup();
    try {
      const dialog = await openMailbox();
      selectType(dialog, 3);
      expect(within(dialog).getByText(MAILBOX_TEXTS.providerNote('Google/Gmail'))).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText('Permissions'), { target: { value: '3' } });
      fireEvent.click(within(dialog).getByRole('button', { name: MAILBOX_TEXTS.signIn('Google') }));
      expect(popup.spy).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(popup.visited).toEqual([gmailStart().authorizationUrl]));
      expect(within(dialog).getByText(MAILBOX_TEXTS.signingIn('Google'))).toBeTruthy();
      popup.sendBack('code=code-1&state=st-1');
      await within(dialog).findByText(MAILBOX_TEXTS.signedIn('omar@gmail.example'));
      expect(within(dialog).getByText('Authorized')).toBeTruthy();
      expect(popup.popup.close).toHaveBeenCalled();
      expect(validated).toEqual([{ permissions: 3, postProcessingAction: 'Archive' }]);
      expect(tokens).toEqual([{ code: 'code-1', state: 'st-1' }]);
      expect(within(dialog).getByRole('button', { name: MAILBOX_TEXTS.signInAgain('Google') })).toBeTruthy();
    } finally {
      popup.spy.mockRestore();
    }
  });

  it("shows the provider's refusal and the service's, and sends no code that did not come back", async () => {
    const tokens: unknown[] = [];
    server.use(
      ...handlers(imapMailbox({ mailboxType: 4, hasPassword: false, isAuthorized: false })),
      http.post('*/api/staff/mailbox/microsoft/validate', () =>
        HttpResponse.json({ ...gmailStart(), provider: 'microsoft' }),
      ),
      http.post('*/api/staff/mailbox/microsoft/token', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Microsoft refused the sign-in. Start the sign-in again.',
            errors: { 'model.code': ['Microsoft refused the sign-in. Start the sign-in again.'] },
          },
          { status: 400 },
        );
      }),
    );
    const first = stubPopup();
    const dialog = await openMailbox();
    const button = () => within(dialog).getByRole('button', { name: MAILBOX_TEXTS.signIn('Microsoft') });
    try {
      fireEvent.click(button());
      await waitFor(() => expect(first.visited.length).toBe(1));
      first.sendBack('error=access_denied&state=st-1');
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        MAILBOX_TEXTS.providerRefused('Microsoft', 'access_denied'),
      );
      expect(tokens).toEqual([]);
    } finally {
      first.spy.mockRestore();
    }
    const second = stubPopup();
    try {
      fireEvent.click(button());
      await waitFor(() => expect(second.visited.length).toBe(1));
      second.sendBack('code=stolen&state=st-1');
      await waitFor(() =>
        expect(within(dialog).getByRole('alert').textContent).toBe(
          'Microsoft refused the sign-in. Start the sign-in again.',
        ),
      );
      expect(tokens).toEqual([{ code: 'stolen', state: 'st-1' }]);
      expect(within(dialog).getByText('Not authorized')).toBeTruthy();
    } finally {
      second.spy.mockRestore();
    }
    const blocked = stubPopup('blocked');
    try {
      fireEvent.click(button());
      await waitFor(() =>
        expect(within(dialog).getByRole('alert').textContent).toBe(MAILBOX_TEXTS.popupBlocked),
      );
    } finally {
      blocked.spy.mockRestore();
    }
  });

  it('says why a signed-in mailbox is no longer authorized, in the service’s words (001 §8)', async () => {
    const why =
      'Your Google mailbox is no longer authorized: Google refused to renew its sign-in (it may have been revoked or its password changed). Sign in again; until then mail goes out from Loadline and your mailbox is not read.';
    server.use(
      ...handlers(
        imapMailbox({
          mailboxType: 3,
          username: 'omar@gmail.example',
          hasPassword: false,
          isAuthorized: false,
          authorizationProblem: why,
        }),
      ),
    );
    const dialog = await openMailbox();
    expect(within(dialog).getByRole('note').textContent).toBe(why);
    expect(within(dialog).getByText('Not authorized')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: MAILBOX_TEXTS.signIn('Google') })).toBeTruthy();
  });
});

describe('directory/EditSignature', () => {
  it('shows the stored signature, saves what is typed and shows what the service kept', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/staff/signature', () =>
        HttpResponse.json({ staffId: 'usr_ops', signature: '<p>Omar</p>' }),
      ),
      http.put('*/api/staff/signature', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ staffId: 'usr_ops', signature: '<p><b>Omar</b> Operations</p>' });
      }),
    );
    const onClose = vi.fn();
    renderWithShell(<EditSignature opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit signature' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Signature' });
    await waitFor(() => expect(editor.innerHTML).toBe('<p>Omar</p>'));
    editor.innerHTML = '<p><b>Omar</b> Operations</p><script>alert(1)</script>';
    fireEvent.input(editor);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ signature: '<p><b>Omar</b> Operations</p><script>alert(1)</script>' }]);
    expect(await screen.findByText('Signature saved.')).toBeTruthy();
  });

  it("says 'Unable to load signature.' when it cannot be read (001 §8)", async () => {
    server.use(
      http.get('*/api/staff/signature', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    renderWithShell(<EditSignature opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit signature' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.email.signatureLoadFailed);
  });

  it('asks before an edited signature is discarded (000 §8)', async () => {
    server.use(
      http.get('*/api/staff/signature', () => HttpResponse.json({ staffId: 'usr_ops', signature: '' })),
    );
    const onClose = vi.fn();
    renderWithShell(<EditSignature opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit signature' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Signature' });
    editor.innerHTML = 'Omar';
    fireEvent.input(editor);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await screen.findByRole('dialog', { name: messages.dialogs.unsavedChanges.title });
    fireEvent.click(screen.getByRole('button', { name: messages.dialogs.unsavedChanges.cancel }));
    await act(async () => {});
    expect(onClose).not.toHaveBeenCalled();
  });
});
