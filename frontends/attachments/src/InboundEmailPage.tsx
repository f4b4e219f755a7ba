// Exposed as attachments/InboundEmailPage: mail read from the broker's staff mailboxes that named no shipment
// (decision 0071). Staff file each on a shipment (its files become the shipment's attachments and the
// activity log shows it) or dismiss it. The service decides which shipments the caller may file on.
import {
  Button,
  Group,
  LoadView,
  Paper,
  ServerErrorAlert,
  type ServerErrorFeedback,
  Stack,
  serverErrorFeedback,
  Text,
  TextInput,
  Title,
  toast,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { type FormEvent, useState } from 'react';
import { useAttachmentsApi } from './api/client.ts';
import { assignEmail, dismissEmail, unmatchedEmails } from './api/mail.ts';
import type { InboundEmail } from './api/types.ts';
import { countText } from './rules/bulkSend.ts';

/** Ours: the spec quotes no texts for these. */
export const INBOUND_TEXTS = Object.freeze({
  title: 'Unmatched email',
  intro:
    'Mail read from staff mailboxes that named no shipment. File each on its shipment, or dismiss what needs nothing.',
  loadFailed: 'Unable to load the unmatched email. Please reload the page.',
  none: 'No unmatched email.',
  assignFailed: 'Unable to file this email on the shipment. Please try again.',
  dismissFailed: 'Unable to dismiss this email. Please try again.',
  notANumber: 'Enter the shipment number.',
  filed: (shipmentId: number) => `Filed on shipment ${shipmentId}.`,
  dismissed: 'Email dismissed.',
});

function EmailCard({ email, onGone }: { email: InboundEmail; onGone: (id: string) => void }) {
  const client = useAttachmentsApi();
  const [shipment, setShipment] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);
  const id = email.emailAutomationDetailId;

  const assign = async (event: FormEvent) => {
    event.preventDefault();
    const shipmentId = Number(shipment.trim());
    if (!/^[1-9][0-9]{0,9}$/.test(shipment.trim()) || shipmentId > 2_147_483_647) {
      setFeedback({ kind: 'error', text: INBOUND_TEXTS.notANumber });
      return;
    }
    setBusy(true);
    setFeedback(null);
    const answer = await assignEmail(client, id, shipmentId);
    setBusy(false);
    if (!answer.ok) {
      setFeedback(serverErrorFeedback(answer.status, answer.error, INBOUND_TEXTS.assignFailed));
      return;
    }
    toast.success(INBOUND_TEXTS.filed(shipmentId));
    onGone(id);
  };

  const dismiss = async () => {
    setBusy(true);
    setFeedback(null);
    const answer = await dismissEmail(client, id);
    setBusy(false);
    if (!answer.ok) {
      setFeedback(serverErrorFeedback(answer.status, answer.error, INBOUND_TEXTS.dismissFailed));
      return;
    }
    toast.success(INBOUND_TEXTS.dismissed);
    onGone(id);
  };

  return (
    <Paper withBorder p="sm" component="article" aria-label={email.subject || '(no subject)'}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {email.subject || '(no subject)'}
            </Text>
            <Text size="xs" c="dimmed">
              {`${email.name} <${email.fromAddress}> · ${new Date(email.date).toLocaleString()} · ${email.type}`}
              {email.attachmentIds.length > 0 ? ` · ${countText(email.attachmentIds.length, 'file')}` : ''}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
          {email.body}
        </Text>
        <ServerErrorAlert feedback={feedback} />
        <form onSubmit={(e) => void assign(e)} aria-label={`File ${email.subject || 'email'}`}>
          <Group gap="xs" align="flex-end">
            <TextInput
              size="xs"
              label="Shipment"
              placeholder="10008"
              value={shipment}
              onChange={(e) => setShipment(e.currentTarget.value)}
              disabled={busy}
            />
            <Button size="xs" type="submit" loading={busy}>
              File on shipment
            </Button>
            <Button size="xs" variant="default" disabled={busy} onClick={() => void dismiss()}>
              Dismiss
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}

export default function InboundEmailPage() {
  usePageTitle(INBOUND_TEXTS.title);
  const client = useAttachmentsApi();
  const load = useLoad('inboundEmail', () => unmatchedEmails(client));
  const gone = (id: string) => load.set((list) => list.filter((e) => e.emailAutomationDetailId !== id));
  const unmatched = load.state === 'loaded' ? load.data.filter((e) => e.status === 'Unmatched') : [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {INBOUND_TEXTS.title}
      </Title>
      <Text size="sm">{INBOUND_TEXTS.intro}</Text>
      <LoadView
        load={load}
        loading="Loading the unmatched email"
        failed={INBOUND_TEXTS.loadFailed}
        padding="xl"
      >
        {() => (
          <>
            {unmatched.length === 0 && <Text size="sm">{INBOUND_TEXTS.none}</Text>}
            {unmatched.map((email) => (
              <EmailCard key={email.emailAutomationDetailId} email={email} onGone={gone} />
            ))}
          </>
        )}
      </LoadView>
    </Stack>
  );
}
