// An organization's or a carrier's activity log (000 §2 item 9, §3, §5, §6): the entries, newest first, and
// an add form with the log's types, its preset notes, the description and the access level it offers.
// After an add the form resets to the log's default level with an empty description and closes.
import { messages } from '@loadline/contracts';
import {
  Badge,
  Button,
  Center,
  errorToastText,
  Group,
  Loader,
  type Outcome,
  Paper,
  SelectField,
  Stack,
  Text,
  TextareaField,
  Title,
  toast,
  useLoad,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useState } from 'react';
import {
  accessLevelName,
  emptyNotesForm,
  type NotesForm,
  type NotesLogRules,
  withNotesPreset,
  withNotesType,
} from '../../rules/notes.ts';
import { EntryCard } from '../EntryCard/index.ts';
import { AccessLevelField, PresetField } from '../Fields/index.ts';

/** What both logs' entries show. */
export interface NoteEntry {
  id: number;
  activityTypeName: string;
  activityDescription: string;
  accessLevel: number;
  createdDate: string;
  userName: string;
}

export interface NotesLogProps<E extends NoteEntry, B> {
  title: string;
  rules: NotesLogRules<B>;
  /** Whose log: another key (another organization or carrier) reads it again. */
  logKey: string;
  /** Reads the log. */
  load: () => Promise<Outcome<E[]>>;
  add: (body: B) => Promise<Outcome<E>>;
}

export function NotesLog<E extends NoteEntry, B>({ title, rules, logKey, load, add }: NotesLogProps<E, B>) {
  const log = useLoad(['notesLog', logKey], load, {
    onFailed: () => toast.error(messages.activities.loadFailed),
  });
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState<NotesForm>(() => emptyNotesForm(rules));
  const [saving, setSaving] = useState(false);

  // 000 §2, §8: a note typed and not added asks before Cancel (or leaving the page) discards it.
  const dirty = adding && JSON.stringify(form) !== JSON.stringify(emptyNotesForm(rules));
  const { confirmLeave } = useUnsavedChangesGuard(dirty && !saving);
  const close = confirmLeave(() => {
    setForm(emptyNotesForm(rules));
    setAdding(false);
  });

  async function save() {
    if (form.description.trim() === '') return;
    setSaving(true);
    const answer = await add(rules.body(form));
    setSaving(false);
    if (!answer.ok) {
      toast.error(errorToastText(answer.error, messages.activities.addFailed));
      return;
    }
    toast.success(messages.activities.added);
    log.set((entries) => [answer.data, ...entries]);
    close();
  }

  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between">
        <Title order={5}>{title}</Title>
        {!adding && (
          <Button size="compact-xs" onClick={() => setAdding(true)}>
            Add activity
          </Button>
        )}
      </Group>
      {adding && (
        <Paper
          withBorder
          p="sm"
          component="form"
          aria-label="Add activity"
          onSubmit={(e) => e.preventDefault()}
        >
          <Stack gap="xs">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SelectField
                label="Type"
                value={form.type}
                choices={rules.types}
                onChange={(type) => setForm((f) => withNotesType(f, type))}
                disabled={saving}
              />
              <PresetField
                presets={rules.presets(form.type)}
                value={form.preset}
                onChange={(preset) => setForm((f) => withNotesPreset(rules, f, preset))}
                disabled={saving}
              />
              <AccessLevelField
                levels={rules.accessLevels}
                value={form.accessLevel}
                onChange={(accessLevel) => setForm((f) => ({ ...f, accessLevel }))}
                disabled={saving}
              />
            </Group>
            <TextareaField
              label="Description"
              value={form.description}
              onChange={(description) => setForm((f) => ({ ...f, description }))}
              disabled={saving}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={close} disabled={saving}>
                {messages.dialogs.generic.cancel}
              </Button>
              <Button
                size="xs"
                onClick={() => void save()}
                loading={saving}
                disabled={form.description.trim() === ''}
              >
                Save activity
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {log.state === 'loading' && (
        <Center p="sm">
          <Loader size="sm" aria-label="Loading activities" />
        </Center>
      )}
      {log.state === 'failed' && (
        <Text size="xs" c="red" role="status">
          {messages.activities.loadFailed}
        </Text>
      )}
      {log.state === 'loaded' && log.data.length === 0 && (
        <Text size="xs" c="dimmed" role="status">
          {messages.search.noResults}
        </Text>
      )}
      {log.state === 'loaded' &&
        log.data.map((entry) => (
          <EntryCard
            key={entry.id}
            typeName={entry.activityTypeName}
            userName={entry.userName}
            createdDate={entry.createdDate}
            description={entry.activityDescription}
            badges={
              <Badge size="xs" variant="outline" color="gray">
                {accessLevelName(entry.accessLevel)}
              </Badge>
            }
          />
        ))}
    </Stack>
  );
}
