// Exposed as directory/MailboxConfiguration: the signed-in staff member's mailbox (000 §2 item 12 "edit
// mailbox configuration", 001 §2, §3, §5), opened from the user menu. The type; for IMAP the username,
// password and servers (url:port), with a connection test that says which part failed; for Gmail, Microsoft
// and Front the sign-in at the provider in a popup (001 §2, decision 0036); the permissions and what happens
// to a message once read; unauthorize and reset. The service decides (decision 0070): its refusals (001 §5's
// IMAP rule in its exact words, a sign-in refused) show in the modal.
import { messages, PostProcessingAction, StaffMailboxConfigType } from '@loadline/contracts';
import {
  Alert,
  Badge,
  Button,
  confirm,
  fieldMessages,
  formatDateTime,
  Group,
  List,
  Loader,
  LoadView,
  Modal,
  modalSizes,
  ServerErrorAlert,
  type ServerErrorFeedback,
  Stack,
  serverErrorFeedback,
  Text,
  TextInput,
  toast,
  UnsavedChangesScope,
  type UserMenuModalProps,
  useApi,
  useLoad,
  useUnsavedChangesGuard,
  useUnsavedChangesScope,
} from '@loadline/ui';
import { type ReactNode, useId, useState } from 'react';
import {
  type ConnectionTest,
  featureFlags,
  finishSignIn,
  getMailbox,
  type Mailbox,
  resetMailbox,
  saveMailbox,
  startSignIn,
  testMailbox,
  unauthorizeMailbox,
} from './api/mailbox.ts';
import {
  changeOf,
  fieldError,
  formOf,
  isDirty,
  isImap,
  type MailboxForm,
  MailboxType,
  permissionsOffered,
  reads,
  signInProviderName,
  signInProviderOf,
  signsInAtProvider,
  testLines,
} from './rules/mailbox.ts';
import { openSignInPopup, waitForPopupReturn } from './signInPopup.ts';

/** Ours: the spec quotes no texts for these. */
export const MAILBOX_TEXTS = Object.freeze({
  title: 'Mailbox configuration',
  loadFailed: 'Unable to load your mailbox configuration. Please try again.',
  saved: 'Mailbox configuration saved.',
  saveFailed: 'Unable to save your mailbox configuration. Please try again.',
  testFailed: 'Unable to test the connection. Please try again.',
  testing: 'Signing in to the servers…',
  unauthorized: 'Your mailbox credentials were removed.',
  reset: 'Your mailbox is back to the default: mail goes out from Loadline.',
  unauthorizeConfirm:
    'Remove the stored password? Mail goes out from Loadline and your mailbox is not read until you enter it again.',
  resetConfirm:
    'Reset your mailbox configuration? Its servers, credentials and settings are deleted and mail goes out from Loadline.',
  defaultNote: 'Mail you send goes out from Loadline, with replies to your email address.',
  passwordKept: 'A password is stored: leave this empty to keep it.',
  /** 001 §8 "mailbox errors for unauthorized accounts" (wording not shown). */
  notAuthorized:
    'Your mailbox is not authorized: enter its password and save to authorize it. Until then mail goes out from Loadline and your mailbox is not read.',
  providerNote: (name: string) =>
    `${name} mailboxes sign in on ${name}'s own page in a popup window. Until then your mailbox is not authorized and mail goes out from Loadline.`,
  signIn: (name: string) => `Sign in with ${name}`,
  signInAgain: (name: string) => `Sign in again with ${name}`,
  signingIn: (name: string) => `Waiting for you to sign in with ${name} in the popup window…`,
  signedIn: (account: string) => `Signed in as ${account}.`,
  signInFailed: 'Unable to sign in to your mailbox. Please try again.',
  popupBlocked: 'Your browser blocked the sign-in window. Allow popups for this site and try again.',
  popupClosed: 'The sign-in window was closed before the sign-in finished.',
  providerRefused: (name: string, error: string) => `${name} did not sign you in: ${error}.`,
});

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Text size="xs" fw={500} component="label" htmlFor={id}>
        {label}
      </Text>
      {children(id)}
    </Stack>
  );
}

const selectStyle = { height: 30, borderRadius: 4, padding: '0 6px', minWidth: 220 } as const;

function MailboxSettings({
  mailbox,
  flags,
  onDone,
}: {
  mailbox: Mailbox;
  flags: readonly string[];
  onDone: () => void;
}) {
  const client = useApi();
  const [saved, setSaved] = useState(mailbox);
  const [form, setForm] = useState<MailboxForm>(() => formOf(mailbox));
  const [busy, setBusy] = useState<null | 'save' | 'test' | 'unauthorize' | 'reset' | 'signIn'>(null);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const dirty = isDirty(saved, form);
  const { confirmLeave } = useUnsavedChangesGuard(dirty && busy === null);

  const set = <K extends keyof MailboxForm>(key: K, value: MailboxForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setTest(null);
  };
  const refused = (status: number, error: unknown, text: string) => {
    const byField = fieldMessages(error);
    setProblems(byField);
    const shown = serverErrorFeedback(status, error, text);
    setFeedback(
      shown.kind === 'messages' ? { kind: 'messages', messages: [...new Set(shown.messages)] } : shown,
    );
  };
  const clearProblems = () => {
    setProblems({});
    setFeedback(null);
  };
  const replaced = (next: Mailbox) => {
    setSaved(next);
    setForm(formOf(next));
    setTest(null);
    clearProblems();
  };

  const save = async () => {
    setBusy('save');
    clearProblems();
    const answer = await saveMailbox(client, changeOf(form));
    setBusy(null);
    if (!answer.ok) return refused(answer.status, answer.error, MAILBOX_TEXTS.saveFailed);
    toast.success(MAILBOX_TEXTS.saved);
    replaced(answer.data);
    onDone();
  };

  const runTest = async () => {
    setBusy('test');
    clearProblems();
    setTest(null);
    const answer = await testMailbox(client, changeOf(form));
    setBusy(null);
    if (!answer.ok) return refused(answer.status, answer.error, MAILBOX_TEXTS.testFailed);
    setTest(answer.data);
  };

  /** 001 §2's popup: the OAuth 2 sign-in at the provider (decision 0036). */
  const signIn = async () => {
    const provider = signInProviderOf(form.mailboxType);
    if (!provider) return;
    const name = signInProviderName[provider];
    clearProblems();
    // Opened inside the click: a popup opened after a request would be blocked.
    const popup = openSignInPopup();
    if (!popup) return setFeedback({ kind: 'messages', messages: [MAILBOX_TEXTS.popupBlocked] });
    setBusy('signIn');
    const started = await startSignIn(client, provider, {
      permissions: form.permissions,
      postProcessingAction: form.postProcessingAction,
    });
    if (!started.ok) {
      popup.close();
      setBusy(null);
      return refused(started.status, started.error, MAILBOX_TEXTS.signInFailed);
    }
    popup.location.href = started.data.authorizationUrl;
    const back = await waitForPopupReturn(popup, started.data.redirectUrl);
    if (back.kind !== 'code' || back.state !== started.data.state) {
      setBusy(null);
      const message =
        back.kind === 'closed'
          ? MAILBOX_TEXTS.popupClosed
          : back.kind === 'error'
            ? MAILBOX_TEXTS.providerRefused(name, back.error)
            : MAILBOX_TEXTS.signInFailed;
      return setFeedback({ kind: 'messages', messages: [message] });
    }
    const finished = await finishSignIn(client, provider, { code: back.code, state: back.state });
    setBusy(null);
    if (!finished.ok) return refused(finished.status, finished.error, MAILBOX_TEXTS.signInFailed);
    toast.success(MAILBOX_TEXTS.signedIn(finished.data.username ?? name));
    replaced(finished.data);
  };

  const act = async (kind: 'unauthorize' | 'reset') => {
    const text = kind === 'reset' ? MAILBOX_TEXTS.resetConfirm : MAILBOX_TEXTS.unauthorizeConfirm;
    if (!(await confirm({ text, danger: true }))) return;
    setBusy(kind);
    clearProblems();
    const answer = await (kind === 'reset' ? resetMailbox(client) : unauthorizeMailbox(client));
    setBusy(null);
    if (!answer.ok) return refused(answer.status, answer.error, MAILBOX_TEXTS.saveFailed);
    toast.success(kind === 'reset' ? MAILBOX_TEXTS.reset : MAILBOX_TEXTS.unauthorized);
    replaced(answer.data);
  };

  const imap = isImap(form);
  const typeName = StaffMailboxConfigType.nameOf(form.mailboxType) ?? '';
  const provider = signInProviderOf(form.mailboxType);
  const signedInHere = provider !== null && saved.mailboxType === form.mailboxType && saved.isAuthorized;
  const permissions = permissionsOffered(flags, saved.permissions);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">Status:</Text>
        {saved.isAuthorized ? (
          <Badge color="green">Authorized</Badge>
        ) : (
          <Badge color="gray">Not authorized</Badge>
        )}
        {saved.lastReadDate && (
          <Text size="xs" c="dimmed">
            {`Last read ${formatDateTime(saved.lastReadDate)}`}
          </Text>
        )}
      </Group>
      {isImap(saved) && !saved.isAuthorized && (
        <Alert color="yellow" role="note">
          {MAILBOX_TEXTS.notAuthorized}
        </Alert>
      )}
      {saved.authorizationProblem && (
        <Alert color="yellow" role="note">
          {saved.authorizationProblem}
        </Alert>
      )}
      <ServerErrorAlert feedback={feedback} />
      <Field label="Mailbox type">
        {(id) => (
          <select
            id={id}
            style={selectStyle}
            value={form.mailboxType}
            onChange={(e) => set('mailboxType', Number(e.currentTarget.value) as MailboxForm['mailboxType'])}
          >
            {StaffMailboxConfigType.entries.map((t) => (
              <option key={t.value} value={t.value}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {form.mailboxType === MailboxType.Default && <Text size="sm">{MAILBOX_TEXTS.defaultNote}</Text>}
      {signsInAtProvider(form) && !signedInHere && !saved.authorizationProblem && (
        <Alert color="blue" role="note">
          {MAILBOX_TEXTS.providerNote(typeName)}
        </Alert>
      )}
      {signedInHere && saved.username && <Text size="sm">{MAILBOX_TEXTS.signedIn(saved.username)}</Text>}
      {busy === 'signIn' && provider && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{MAILBOX_TEXTS.signingIn(signInProviderName[provider])}</Text>
        </Group>
      )}
      {imap && (
        <>
          <TextInput
            label="Username"
            description="Usually your email address"
            autoComplete="off"
            value={form.username}
            maxLength={320}
            onChange={(e) => set('username', e.currentTarget.value)}
            error={fieldError(problems, 'username')}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            maxLength={500}
            description={saved.hasPassword ? MAILBOX_TEXTS.passwordKept : undefined}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={fieldError(problems, 'password')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Incoming mail server (IMAP)"
              placeholder="mail.example.com:993"
              value={form.incomingMailServer}
              maxLength={300}
              onChange={(e) => set('incomingMailServer', e.currentTarget.value)}
              error={fieldError(problems, 'incomingMailServer')}
            />
            <TextInput
              label="Outgoing mail server (SMTP)"
              placeholder="mail.example.com:587"
              value={form.outgoingMailServer}
              maxLength={300}
              onChange={(e) => set('outgoingMailServer', e.currentTarget.value)}
              error={fieldError(problems, 'outgoingMailServer')}
            />
          </Group>
        </>
      )}
      {form.mailboxType !== MailboxType.Default && (
        <Group align="flex-end">
          <Field label="Permissions">
            {(id) => (
              <select
                id={id}
                style={selectStyle}
                value={form.permissions}
                onChange={(e) =>
                  set('permissions', Number(e.currentTarget.value) as MailboxForm['permissions'])
                }
              >
                {permissions.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {reads(form.permissions) && (
            <Field label="After reading a message">
              {(id) => (
                <select
                  id={id}
                  style={selectStyle}
                  value={form.postProcessingAction}
                  onChange={(e) =>
                    set('postProcessingAction', e.currentTarget.value as MailboxForm['postProcessingAction'])
                  }
                >
                  {PostProcessingAction.entries.map((a) => (
                    <option key={a.code} value={a.code}>
                      {a.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </Group>
      )}
      {busy === 'test' && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{MAILBOX_TEXTS.testing}</Text>
        </Group>
      )}
      {test && (
        <Alert color={test.ok ? 'green' : 'red'} role="status" title="Connection test">
          <List size="sm">
            {testLines(test).map((line) => (
              <List.Item key={line.message} c={line.ok ? undefined : 'red'}>
                {line.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          {(saved.isAuthorized || saved.hasPassword) && (
            <Button
              variant="default"
              color="red"
              size="xs"
              loading={busy === 'unauthorize'}
              disabled={busy !== null}
              onClick={() => void act('unauthorize')}
            >
              Unauthorize
            </Button>
          )}
          {saved.mailboxType !== MailboxType.Default && (
            <Button
              variant="default"
              color="red"
              size="xs"
              loading={busy === 'reset'}
              disabled={busy !== null}
              onClick={() => void act('reset')}
            >
              Reset
            </Button>
          )}
        </Group>
        <Group gap="xs">
          {provider && (
            <Button
              variant={signedInHere ? 'default' : 'filled'}
              loading={busy === 'signIn'}
              disabled={busy !== null}
              onClick={() => void signIn()}
            >
              {signedInHere
                ? MAILBOX_TEXTS.signInAgain(signInProviderName[provider])
                : MAILBOX_TEXTS.signIn(signInProviderName[provider])}
            </Button>
          )}
          {imap && (
            <Button
              variant="default"
              loading={busy === 'test'}
              disabled={busy !== null}
              onClick={() => void runTest()}
            >
              Test connection
            </Button>
          )}
          <Button variant="default" disabled={busy !== null} onClick={confirmLeave(onDone)}>
            {messages.dialogs.generic.cancel}
          </Button>
          <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export default function MailboxConfiguration({ opened, onClose }: UserMenuModalProps) {
  const client = useApi();
  const load = useLoad(opened ? 'staffMailbox' : null, () => getMailbox(client));
  const flags = useLoad(opened ? 'featureFlags' : null, () => featureFlags(client));
  // Esc, the X and a click outside ask first while the form holds unsaved data (000 §2, §8).
  const guard = useUnsavedChangesScope();
  return (
    <Modal
      opened={opened}
      onClose={guard.confirmLeave(onClose)}
      size={modalSizes.large}
      title={MAILBOX_TEXTS.title}
    >
      <UnsavedChangesScope scope={guard.scope}>
        <LoadView load={load} loading="Loading your mailbox configuration" failed={MAILBOX_TEXTS.loadFailed}>
          {(mailbox) =>
            flags.state !== 'loading' && (
              <MailboxSettings
                mailbox={mailbox}
                flags={flags.state === 'loaded' ? flags.data.flags : []}
                onDone={onClose}
              />
            )
          }
        </LoadView>
      </UnsavedChangesScope>
    </Modal>
  );
}
