// Exposed as attachments/ContentTemplatesPage: the broker's content templates (issue 18 item 7; decision
// 0075). Staff choose a type and read its template (the broker's own, or the product's default master);
// the service decides who may save (TMS Site Admin, IT Support Admin) and shows its refusal.
import { ContentTemplateType } from '@loadline/contracts/catalogue';
import {
  Button,
  Group,
  type LoadState,
  LoadView,
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
import { contentTemplate, saveContentTemplate } from './api/mail.ts';

/** Ours: the spec quotes no texts for these. */
export const TEMPLATE_TEXTS = Object.freeze({
  title: 'Content templates',
  intro:
    'Placeholders such as {{shipmentId}}, {{origin}}, {{destination}}, {{proNumber}}, {{carrierName}} and {{senderName}} are filled when a template is used.',
  loadFailed: 'Unable to load the content template. Please try again.',
  saveFailed: 'Unable to save the content template. Please try again.',
  defaultMaster: "This is the default template: save to make it your broker's own.",
  own: (by: string | null) => `Your broker's template${by ? `, last saved by ${by}` : ''}.`,
  saved: 'Content template saved.',
});

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
  const loaded = load.state === 'loaded' ? load.data : undefined;
  // A type without a template (404) opens an empty one to write.
  const shown: LoadState<unknown> =
    load.state === 'failed' && load.status === 404 ? { state: 'loaded', data: null } : load;

  useEffect(() => {
    setSubject(loaded?.subject ?? '');
    setBody(loaded?.body ?? '');
    setFeedback(null);
  }, [loaded]);

  const save = async () => {
    setBusy(true);
    setFeedback(null);
    const answer = await saveContentTemplate(client, type, { subject, body });
    setBusy(false);
    if (!answer.ok) {
      // A refusal for the role says who may save, in the service's words.
      const refusal = (answer.error as { message?: unknown } | undefined)?.message;
      setFeedback(
        answer.status === 403 && typeof refusal === 'string'
          ? { kind: 'error', text: refusal }
          : serverErrorFeedback(answer.status, answer.error, TEMPLATE_TEXTS.saveFailed),
      );
      return;
    }
    load.set(answer.data);
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
      <Text size="sm">{TEMPLATE_TEXTS.intro}</Text>
      <LoadView
        load={shown}
        loading="Loading the content template"
        failed={TEMPLATE_TEXTS.loadFailed}
        padding="xl"
      >
        {() => (
          <>
            <Text size="sm" c="dimmed">
              {loaded?.isDefaultMaster === false
                ? TEMPLATE_TEXTS.own(loaded.updatedBy)
                : TEMPLATE_TEXTS.defaultMaster}
            </Text>
            <TextInput
              label="Subject"
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              disabled={busy}
            />
            <TextareaField label="Body" value={body} onChange={setBody} disabled={busy} />
            <ServerErrorAlert feedback={feedback} />
            <Group>
              <Button onClick={() => void save()} loading={busy}>
                Save template
              </Button>
            </Group>
          </>
        )}
      </LoadView>
    </Stack>
  );
}
