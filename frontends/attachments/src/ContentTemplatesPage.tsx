// Exposed as attachments/ContentTemplatesPage: the broker's content templates (issue 18 item 7; decision
// 0075). Staff choose a type and read its template (the broker's own, or the product's default master), and
// write the organization custom email templates 0–9 (001 §3); the service decides who may save (TMS Site
// Admin, IT Support Admin): the template's answer says so, or for a type with none (404) and for the custom
// email templates the service's permissions answer, and the others see them read-only; the page shows a
// refusal at Save all the same. The service names the placeholders each type is filled with (the template's
// answer, or for a 404 and the custom email templates the permissions answer), and each blank field of a
// save under its field (decision 0116, addendum).
import { ContentTemplateType } from '@loadline/contracts/catalogue';
import { placeholderNamesIn } from '@loadline/contracts/rules/content-templates';
import {
  Button,
  fieldMessages,
  Group,
  type LoadState,
  LoadView,
  refusalMessage,
  SelectField,
  ServerErrorAlert,
  type ServerErrorFeedback,
  Stack,
  serverErrorFeedback,
  Text,
  TextareaField,
  TextInput,
  Title,
  toast,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { useEffect, useState } from 'react';
import { useAttachmentsApi } from './api/client.ts';
import {
  contentTemplate,
  contentTemplatePermissions,
  customEmailTemplates,
  saveContentTemplate,
  saveCustomEmailTemplate,
} from './api/mail.ts';
import type { CustomEmailTemplate } from './api/types.ts';

/** Ours: the spec quotes no texts for these. */
export const TEMPLATE_TEXTS = Object.freeze({
  title: 'Content templates',
  /** the placeholders the service says the template is filled with */
  placeholders: (names: readonly string[]) =>
    names.length > 0
      ? `Placeholders filled when this template is used: ${names.map((n) => `{{${n}}}`).join(', ')}.`
      : 'This template has no placeholders.',
  /** the placeholders written that the service does not fill for this template: sent as written */
  unfilled: (names: readonly string[]) =>
    `${names.map((n) => `{{${n}}}`).join(', ')} ${names.length > 1 ? 'are' : 'is'} not filled for this template and will be sent as written.`,
  loadFailed: 'Unable to load the content template. Please try again.',
  saveFailed: 'Unable to save the content template. Please try again.',
  defaultMaster: "This is the default template: save to make it your broker's own.",
  none: 'Your broker has no template of this type yet.',
  own: (by: string | null) => `Your broker's template${by ? `, last saved by ${by}` : ''}.`,
  saved: 'Content template saved.',
  readOnly: 'Your role lets you read content templates, not change them.',
});

/** Ours: the spec names the organization custom email templates 0 to 9 (001 §3) and no texts. */
export const CUSTOM_TEMPLATE_TEXTS = Object.freeze({
  title: 'Organization custom email templates',
  intro: 'Ten templates (0 to 9) every staff member of your broker can send with.',
  placeholders: (names: readonly string[]) =>
    `Placeholders filled when one is sent for a shipment: ${names.map((n) => `{{${n}}}`).join(', ')}.`,
  loadFailed: 'Unable to load the custom email templates. Please try again.',
  saveFailed: 'Unable to save the custom email template. Please try again.',
  notWritten: 'Not written yet: give it a name, a subject and a body.',
  /** to who may only read: nothing to give */
  notWrittenReadOnly: 'Not written yet.',
  written: (by: string | null) => `Last saved${by ? ` by ${by}` : ''}.`,
  choice: (n: number, name: string | undefined) => `${n}: ${name ?? '(not written)'}`,
  saved: (n: number) => `Custom email template ${n} saved.`,
});

/** The organization custom email template numbers (001 §3). */
const customNumbers = Array.from({ length: 10 }, (_, n) => n);

/** A refusal for the role says who may save, in the service's words; anything else the usual feedback. */
function saveRefusal(answer: { status: number; error: unknown }, fallback: string): ServerErrorFeedback {
  const refusal = refusalMessage(answer.status, answer.error);
  return refusal
    ? { kind: 'error', text: refusal }
    : serverErrorFeedback(answer.status, answer.error, fallback);
}

/** A refused save: the service's field errors under their fields (`fieldMessages`), anything else in the alert. */
function refusedSave(
  answer: { status: number; error: unknown },
  fallback: string,
  fields: readonly string[],
): { problems: Record<string, string[]>; feedback: ServerErrorFeedback | null } {
  const byField = fieldMessages(answer.error);
  const problems = Object.fromEntries(Object.entries(byField).filter(([field]) => fields.includes(field)));
  if (Object.keys(problems).length === 0) return { problems, feedback: saveRefusal(answer, fallback) };
  const rest = Object.entries(byField)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => messages);
  return { problems, feedback: rest.length > 0 ? { kind: 'messages', messages: rest } : null };
}

const problemOf = (problems: Record<string, string[]>, field: string) => problems[field]?.join(' ') || null;

/** The `{{name}}` placeholders in the texts that are not among those the service fills, each once. */
export function unfilledPlaceholders(texts: readonly string[], filled: readonly string[]): string[] {
  return [...new Set(texts.flatMap(placeholderNamesIn))].filter((name) => !filled.includes(name));
}

function UnfilledNote({
  texts,
  filled,
}: {
  texts: readonly string[];
  filled: readonly string[] | undefined;
}) {
  const unfilled = filled ? unfilledPlaceholders(texts, filled) : [];
  return unfilled.length === 0 ? null : (
    <Text size="sm" c="orange" role="status">
      {TEMPLATE_TEXTS.unfilled(unfilled)}
    </Text>
  );
}

const choices = ContentTemplateType.entries.map((e) => ({ value: e.value, name: `${e.name} (${e.value})` }));

export default function ContentTemplatesPage() {
  usePageTitle(TEMPLATE_TEXTS.title);
  const client = useAttachmentsApi();
  const [type, setType] = useState<number>(ContentTemplateType.values.TruckloadTrackingStatusUpdate);
  const load = useLoad(['contentTemplate', type], () => contentTemplate(client, type));
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const loaded = load.state === 'loaded' ? load.data : undefined;
  // A type without a template (404) opens an empty one: the service says whether the caller may write it.
  const none = load.state === 'failed' && load.status === 404;
  // read once for the page: a type with no template and the custom email templates are decided by it
  const permissions = useLoad('contentTemplatePermissions', () => contentTemplatePermissions(client));
  // the service says who may write the template (002 §6.2): the others read it, with no Save to be refused
  const canEdit = none
    ? permissions.state === 'loaded' && permissions.data.canEdit
    : loaded?.canEdit === true;
  const readOnly = !canEdit;
  // the placeholders the service fills this type with: a type with none written, those of one written anew
  const placeholders = none
    ? permissions.state === 'loaded'
      ? permissions.data.placeholders
      : []
    : (loaded?.placeholders ?? []);
  const shown: LoadState<unknown> = none
    ? permissions.state === 'loaded'
      ? { state: 'loaded', data: null }
      : permissions
    : load;

  useEffect(() => {
    setSubject(loaded?.subject ?? '');
    setBody(loaded?.body ?? '');
    setFeedback(null);
    setProblems({});
  }, [loaded]);

  const save = async () => {
    setBusy(true);
    setFeedback(null);
    setProblems({});
    const answer = await saveContentTemplate(client, type, { subject, body });
    setBusy(false);
    if (!answer.ok) {
      const refused = refusedSave(answer, TEMPLATE_TEXTS.saveFailed, ['subject', 'body']);
      setProblems(refused.problems);
      setFeedback(refused.feedback);
      return;
    }
    // a type written for the first time (it answered 404) is read again; else the answer is the template
    if (none) load.reload();
    else load.set(answer.data);
    toast.success(TEMPLATE_TEXTS.saved);
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {TEMPLATE_TEXTS.title}
      </Title>
      <SelectField
        label="Template type"
        value={type}
        choices={choices}
        onChange={(v) => setType(Number(v))}
      />
      <LoadView
        load={shown}
        loading="Loading the content template"
        failed={TEMPLATE_TEXTS.loadFailed}
        padding="xl"
      >
        {() => (
          <>
            <Text size="sm">{TEMPLATE_TEXTS.placeholders(placeholders)}</Text>
            <Text size="sm" c="dimmed">
              {none
                ? TEMPLATE_TEXTS.none
                : loaded?.isDefaultMaster === false
                  ? TEMPLATE_TEXTS.own(loaded.updatedBy)
                  : readOnly
                    ? null
                    : TEMPLATE_TEXTS.defaultMaster}
              {readOnly && ` ${TEMPLATE_TEXTS.readOnly}`}
            </Text>
            <TextInput
              label="Subject"
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={problemOf(problems, 'subject')}
              disabled={busy}
              readOnly={readOnly}
            />
            <TextareaField
              label="Body"
              value={body}
              onChange={setBody}
              error={problemOf(problems, 'body')}
              disabled={busy}
              readOnly={readOnly}
            />
            <UnfilledNote texts={[subject, body]} filled={placeholders} />
            <ServerErrorAlert feedback={feedback} />
            <Group>
              {!readOnly && (
                <Button onClick={() => void save()} loading={busy}>
                  Save template
                </Button>
              )}
            </Group>
          </>
        )}
      </LoadView>
      <CustomEmailTemplates
        canEdit={permissions.state === 'loaded' ? permissions.data.canEdit : undefined}
        placeholders={permissions.state === 'loaded' ? permissions.data.placeholders : undefined}
      />
    </Stack>
  );
}

/** The organization custom email templates 0–9: choose a number, write its name, subject and body. */
/** `canEdit` undefined: the service has not said (yet): no Save, and no note about the reader's role. */
function CustomEmailTemplates({
  canEdit,
  placeholders,
}: {
  canEdit: boolean | undefined;
  placeholders: readonly string[] | undefined;
}) {
  const client = useAttachmentsApi();
  const load = useLoad('customEmailTemplates', () => customEmailTemplates(client));
  const readOnly = canEdit !== true;
  const [chosen, setChosen] = useState(0);
  const written = load.state === 'loaded' ? load.data : [];
  const current = written.find((t) => t.templateNumber === chosen);
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);
  const [problems, setProblems] = useState<Record<string, string[]>>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: another number chosen clears the last refusal
  useEffect(() => {
    setName(current?.name ?? '');
    setSubject(current?.subject ?? '');
    setBody(current?.body ?? '');
    setFeedback(null);
    setProblems({});
  }, [current, chosen]);

  const save = async () => {
    setBusy(true);
    setFeedback(null);
    setProblems({});
    const answer = await saveCustomEmailTemplate(client, chosen, { name, subject, body });
    setBusy(false);
    if (!answer.ok) {
      const refused = refusedSave(answer, CUSTOM_TEMPLATE_TEXTS.saveFailed, ['name', 'subject', 'body']);
      setProblems(refused.problems);
      setFeedback(refused.feedback);
      return;
    }
    const saved: CustomEmailTemplate = answer.data;
    load.set((list) => [...list.filter((t) => t.templateNumber !== saved.templateNumber), saved]);
    toast.success(CUSTOM_TEMPLATE_TEXTS.saved(saved.templateNumber));
  };

  return (
    <Stack gap="sm" component="section" aria-label={CUSTOM_TEMPLATE_TEXTS.title} mt="lg">
      <Title order={2} size="h3">
        {CUSTOM_TEMPLATE_TEXTS.title}
      </Title>
      <Text size="sm">{CUSTOM_TEMPLATE_TEXTS.intro}</Text>
      {placeholders && placeholders.length > 0 && (
        <Text size="sm">{CUSTOM_TEMPLATE_TEXTS.placeholders(placeholders)}</Text>
      )}
      <LoadView
        load={load}
        loading="Loading the custom email templates"
        failed={CUSTOM_TEMPLATE_TEXTS.loadFailed}
        padding="md"
      >
        {() => (
          <>
            <SelectField
              label="Custom email template"
              value={chosen}
              choices={customNumbers.map((n) => ({
                value: n,
                name: CUSTOM_TEMPLATE_TEXTS.choice(n, written.find((t) => t.templateNumber === n)?.name),
              }))}
              onChange={(v) => setChosen(Number(v))}
              disabled={busy}
            />
            <Text size="sm" c="dimmed">
              {current
                ? CUSTOM_TEMPLATE_TEXTS.written(current.updatedBy)
                : canEdit === false
                  ? CUSTOM_TEMPLATE_TEXTS.notWrittenReadOnly
                  : CUSTOM_TEMPLATE_TEXTS.notWritten}
              {canEdit === false && ` ${TEMPLATE_TEXTS.readOnly}`}
            </Text>
            <TextInput
              label="Template name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={problemOf(problems, 'name')}
              disabled={busy}
              readOnly={readOnly}
            />
            <TextInput
              label="Email subject"
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={problemOf(problems, 'subject')}
              disabled={busy}
              readOnly={readOnly}
            />
            <TextareaField
              label="Email body"
              value={body}
              onChange={setBody}
              error={problemOf(problems, 'body')}
              disabled={busy}
              readOnly={readOnly}
            />
            <UnfilledNote texts={[subject, body]} filled={placeholders} />
            <ServerErrorAlert feedback={feedback} />
            <Group>
              {!readOnly && (
                <Button onClick={() => void save()} loading={busy}>
                  Save custom template
                </Button>
              )}
            </Group>
          </>
        )}
      </LoadView>
    </Stack>
  );
}
