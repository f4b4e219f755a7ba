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
