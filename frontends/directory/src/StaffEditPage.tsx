// Exposed as directory/StaffEditPage: changing a user (001 §2: /back-office/lsp/broker-staff/edit/{staffId},
// where "Edit my email address" goes). It offers only what the service says the signed-in user may change:
// a role, permissions or active only by someone who outranks the user, never one's own; one's own name and
// email always (decision 0009). The service checks again; its refusals show beside the fields.
import { messages, StaffPermission } from '@loadline/contracts';
import {
  Alert,
  Button,
  fieldMessages,
  Group,
  LoadView,
  Paper,
  Stack,
  type StaffPageProps,
  serverMessages,
  Text,
  TextInput,
  Title,
  toast,
  useApi,
  useAppNavigate,
  usePageTitle,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useEffect, useId, useState } from 'react';
import { changeUser, type UserDetails } from './api/users.ts';
import {
  canChangeAnything,
  canTogglePermission,
  changeOf,
  detailsPathOf,
  formOf,
  isDirty,
  type StaffForm,
  togglePermission,
} from './rules/staff.ts';
import { userLoadFailedText, useUserDetails } from './StaffDetailsPage.tsx';

/** Ours: what the page says when the signed-in user may change nothing of this user. */
export const NOTHING_TO_CHANGE_TEXT =
  'You cannot change this user: only someone whose role is higher than theirs can.';

function StaffEditForm({ user, onSaved }: { user: UserDetails; onSaved: (user: UserDetails) => void }) {
  const client = useApi();
  const [form, setForm] = useState<StaffForm>(() => formOf(user));
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [refusal, setRefusal] = useState<string[]>([]);
  const activeId = useId();
  const c = user.changeable;
  useUnsavedChangesGuard(isDirty(user, form) && !saving);

  const set = <K extends keyof StaffForm>(key: K, value: StaffForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const error = (field: string) => problems[field]?.join(' ') || undefined;

  const save = async () => {
    const body = changeOf(user, form);
    if (Object.keys(body).length === 0) return onSaved(user);
    setSaving(true);
    const answer = await changeUser(client, user.userId, body);
    setSaving(false);
    if (answer.ok) {
      toast.success(messages.shipment.informationUpdated);
      onSaved({ ...user, ...answer.data });
      return;
    }
    toast.error(messages.inlineEditor.saveFailed);
    const byField = fieldMessages(answer.error);
    setProblems(byField);
    setRefusal(Object.keys(byField).length > 0 ? [] : serverMessages(answer.error));
  };

  return (
    <Stack gap="md">
      {!canChangeAnything(user) && (
        <Alert color="yellow" role="status">
          {NOTHING_TO_CHANGE_TEXT}
        </Alert>
      )}
      {refusal.length > 0 && (
        <Alert color="red" role="alert">
          {refusal.join(' ')}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm" maw={520}>
          <Group grow>
            <TextInput
              label="First name"
              value={form.firstName}
              disabled={!c.names}
              maxLength={100}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              error={error('firstName')}
            />
            <TextInput
              label="Last name"
              value={form.lastName}
              disabled={!c.names}
              maxLength={100}
              onChange={(e) => set('lastName', e.currentTarget.value)}
              error={error('lastName')}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            value={form.email}
            disabled={!c.email}
            maxLength={254}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={error('email')}
          />
          <Text size="sm" component="label" htmlFor={activeId}>
            <input
              id={activeId}
              type="checkbox"
              checked={form.active}
              disabled={!c.active}
              onChange={(e) => set('active', e.currentTarget.checked)}
            />{' '}
            Active
          </Text>
        </Stack>
      </Paper>
      {user.kind === 'staff' && (
        <Paper withBorder p="md" role="group" aria-label="Permissions">
          <Stack gap="xs">
            <Title order={2} size="h5">
              Permissions
            </Title>
            {!c.permissions && (
              <Text size="sm">
                Only someone whose role is higher than this user’s can change its permissions, and nobody
                their own.
              </Text>
            )}
            {error('permissions') && (
              <Text size="sm" c="red" role="alert">
                {error('permissions')}
              </Text>
            )}
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
                gap: 4,
              }}
            >
              {StaffPermission.entries.map((p) => (
                <Text size="sm" component="label" key={p.code} title={p.description}>
                  <input
                    type="checkbox"
                    checked={StaffPermission.has(form.permissions, p.code)}
                    disabled={!canTogglePermission(user, p.code)}
                    onChange={(e) =>
                      set('permissions', togglePermission(form.permissions, p.code, e.currentTarget.checked))
                    }
                  />{' '}
                  {p.name}
                </Text>
              ))}
            </div>
          </Stack>
        </Paper>
      )}
      <Group>
        <Button onClick={() => void save()} loading={saving} disabled={!canChangeAnything(user)}>
          Save
        </Button>
        <Button variant="default" onClick={() => onSaved(user)} disabled={saving}>
          {messages.dialogs.generic.cancel}
        </Button>
      </Group>
    </Stack>
  );
}

export default function StaffEditPage({ staffId }: StaffPageProps) {
  const load = useUserDetails(staffId);
  const navigate = useAppNavigate();
  const [done, setDone] = useState<UserDetails | null>(null);
  const loaded = load.state === 'loaded' ? load.data : null;
  usePageTitle(loaded ? `Edit ${loaded.firstName} ${loaded.lastName}` : 'Edit staff');

  // Leaves once the form is gone (saved or cancelled), so the unsaved-changes guard has let go.
  useEffect(() => {
    if (done) navigate(detailsPathOf(done));
  }, [done, navigate]);

  return (
    <LoadView load={load} loading="Loading the user" failed={userLoadFailedText} padding="xl">
      {(user) => (
        <Stack gap="md">
          <Title order={1} size="h2">{`Edit ${user.firstName} ${user.lastName}`}</Title>
          {!done && <StaffEditForm user={user} onSaved={setDone} />}
        </Stack>
      )}
    </LoadView>
  );
}
