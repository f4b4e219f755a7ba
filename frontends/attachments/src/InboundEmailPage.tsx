// Exposed as attachments/InboundEmailPage: mail read from the broker's staff mailboxes that named no shipment
// (decision 0071). Staff file each on a shipment (its files become the shipment's attachments and the
// activity log shows it) or dismiss it. Each message shows the service's suggestion (001 §7
// `POST /api/emailai/getsuggestion`: its automation type and the shipment it concerns, each with the reason,
// decision 0076), filed in one click, and the documents that came with it (`GET /api/externaldocumentlist`),
// each attachable to a shipment on its own (`PUT /api/addexternaldocumenttoshipment/{a}/{b}`) while the
// message stays to be filed or dismissed. The service decides which shipments the caller may file on.
import { messages } from '@loadline/contracts';
import {
  Alert,
  Badge,
  Button,
  formatDateTime,
  Group,
  Loader,
  type LoadState,
  LoadView,
  Paper,
  ServerErrorAlert,
  type ServerErrorFeedback,
  Stack,
  serverErrorFeedback,
  Table,
  Text,
  TextInput,
  Title,
  toast,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { type FormEvent, useState } from 'react';
import { useAttachmentsApi } from './api/client.ts';
import {
  addExternalDocumentToShipment,
  assignEmail,
  dismissEmail,
  emailSuggestion,
  externalDocuments,
  unmatchedEmails,
} from './api/mail.ts';
import type { ExternalDocument, InboundEmail } from './api/types.ts';
import { countText } from './rules/bulkSend.ts';
import { sizeText } from './rules/uploads.ts';

/** Ours: the spec quotes no texts for these (its 'Error. Unable to get suggestions.' is in contracts). */
export const INBOUND_TEXTS = Object.freeze({
  title: 'Unmatched email',
  intro:
    'Mail read from staff mailboxes that named no shipment. File each on its shipment, or dismiss what needs nothing.',
  loadFailed: 'Unable to load the unmatched email. Please reload the page.',
  documentsLoadFailed: 'Unable to load the documents that came by email. Please reload the page.',
  none: 'No unmatched email.',
  assignFailed: 'Unable to file this email on the shipment. Please try again.',
  dismissFailed: 'Unable to dismiss this email. Please try again.',
  attachFailed: 'Unable to attach this document to the shipment. Please try again.',
  notANumber: 'Enter the shipment number.',
  filed: (shipmentId: number) => `Filed on shipment ${shipmentId}.`,
  attached: (fileName: string, shipmentId: number) => `${fileName} attached to shipment ${shipmentId}.`,
  dismissed: 'Email dismissed.',
  suggested: (type: string) => `Suggested type: ${type}.`,
  suggestedShipment: (shipmentId: number) => `Suggested shipment: ${shipmentId}.`,
  noShipmentSuggested: 'No shipment suggested.',
  applySuggestion: (shipmentId: number) => `File on shipment ${shipmentId}`,
  documents: 'Documents that came with it',
});

/** The shipment number typed in a box, or undefined when it is not one (a positive 32-bit integer). */
function shipmentNumber(text: string): number | undefined {
  const trimmed = text.trim();
  const n = Number(trimmed);
  return /^[1-9][0-9]{0,9}$/.test(trimmed) && n <= 2_147_483_647 ? n : undefined;
}

/** The service's suggestion for one message: its type and shipment, each with the reason; filed in one click. */
function Suggestion({
  email,
  documentCount,
  busy,
  onApply,
}: {
  email: InboundEmail;
  documentCount: number;
  busy: boolean;
  onApply: (shipmentId: number) => void;
}) {
  const client = useAttachmentsApi();
  const suggestion = useLoad(['emailSuggestion', email.emailAutomationDetailId], () =>
    emailSuggestion(client, {
      subject: email.subject,
      body: email.body,
      fromAddress: email.fromAddress,
      attachmentCount: email.attachmentIds.length + documentCount,
    }),
  );
  if (suggestion.state === 'loading') return <Loader size="xs" aria-label="Getting suggestions" />;
  if (suggestion.state === 'failed')
    return (
      <Alert color="red" role="alert" p="xs">
        {messages.email.suggestionsFailed}
      </Alert>
    );
  if (suggestion.state !== 'loaded') return null;
  const s = suggestion.data;
  return (
    <Paper withBorder p="xs" bg="gray.0" role="group" aria-label="Suggestion">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light">{s.emailAutomationType}</Badge>
            <Text size="sm">{`${INBOUND_TEXTS.suggested(s.emailAutomationType)} ${s.reason}`}</Text>
          </Group>
          <Text size="sm">
            {`${s.shipmentId === null ? INBOUND_TEXTS.noShipmentSuggested : INBOUND_TEXTS.suggestedShipment(s.shipmentId)} ${s.shipmentReason}`}
          </Text>
        </Stack>
        {s.shipmentId !== null && (
          <Button size="xs" disabled={busy} onClick={() => onApply(s.shipmentId!)} style={{ flexShrink: 0 }}>
            {INBOUND_TEXTS.applySuggestion(s.shipmentId)}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The files that came with one message, each attachable to the shipment in the card's box. */
function Documents({
  documents,
  shipment,
  onAttached,
}: {
  documents: readonly ExternalDocument[];
  shipment: string;
  onAttached: (documentId: string) => void;
}) {
  const client = useAttachmentsApi();
  const [busy, setBusy] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);

  const attach = async (document: ExternalDocument) => {
    const shipmentId = shipmentNumber(shipment);
    if (shipmentId === undefined) {
      setFeedback({ kind: 'error', text: INBOUND_TEXTS.notANumber });
      return;
    }
    setBusy(document.documentId);
    setFeedback(null);
    const answer = await addExternalDocumentToShipment(client, document.documentId, shipmentId);
    setBusy(null);
    if (!answer.ok) {
      setFeedback(serverErrorFeedback(answer.status, answer.error, INBOUND_TEXTS.attachFailed));
      return;
    }
    toast.success(INBOUND_TEXTS.attached(document.fileName, shipmentId));
    onAttached(document.documentId);
  };

  return (
    <Stack gap={4}>
      <Table aria-label={INBOUND_TEXTS.documents} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{INBOUND_TEXTS.documents}</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((d) => (
            <Table.Tr key={d.documentId}>
              <Table.Td>{d.fileName}</Table.Td>
              <Table.Td>{sizeText(d.sizeBytes)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="default"
                  loading={busy === d.documentId}
                  disabled={busy !== null}
                  aria-label={`Attach ${d.fileName} to the shipment`}
                  onClick={() => void attach(d)}
                >
                  Attach to shipment
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ServerErrorAlert feedback={feedback} />
    </Stack>
  );
}

function EmailCard({
  email,
  documents,
  onGone,
  onDocumentAttached,
}: {
  email: InboundEmail;
  documents: readonly ExternalDocument[];
  onGone: (id: string) => void;
  onDocumentAttached: (documentId: string) => void;
}) {
  const client = useAttachmentsApi();
  const [shipment, setShipment] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);
  const id = email.emailAutomationDetailId;
  // What the card counted when it asked: attaching a document does not ask for the suggestion again.
  const [documentCount] = useState(documents.length);

  const fileOn = async (shipmentId: number) => {
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

  const assign = (event: FormEvent) => {
    event.preventDefault();
    const shipmentId = shipmentNumber(shipment);
    if (shipmentId === undefined) {
      setFeedback({ kind: 'error', text: INBOUND_TEXTS.notANumber });
      return;
    }
    void fileOn(shipmentId);
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

  const files = email.attachmentIds.length + documents.length;
  return (
    <Paper withBorder p="sm" component="article" aria-label={email.subject || '(no subject)'}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {email.subject || '(no subject)'}
            </Text>
            <Text size="xs" c="dimmed">
              {`${email.name} <${email.fromAddress}> · ${formatDateTime(email.date)} · ${email.type}`}
              {files > 0 ? ` · ${countText(files, 'file')}` : ''}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
          {email.body}
        </Text>
        <Suggestion
          email={email}
          documentCount={documentCount}
          busy={busy}
          onApply={(shipmentId) => void fileOn(shipmentId)}
        />
        <ServerErrorAlert feedback={feedback} />
        <form onSubmit={assign} aria-label={`File ${email.subject || 'email'}`}>
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
        {documents.length > 0 && (
          <Documents documents={documents} shipment={shipment} onAttached={onDocumentAttached} />
        )}
      </Stack>
    </Paper>
  );
}

export default function InboundEmailPage() {
  usePageTitle(INBOUND_TEXTS.title);
  const client = useAttachmentsApi();
  const load = useLoad('inboundEmail', () => unmatchedEmails(client));
  const documents = useLoad('externalDocuments', () => externalDocuments(client));
  const gone = (id: string) => load.set((list) => list.filter((e) => e.emailAutomationDetailId !== id));
  const attached = (documentId: string) =>
    documents.set((list) => list.filter((d) => d.documentId !== documentId));
  const unmatched = load.state === 'loaded' ? load.data.filter((e) => e.status === 'Unmatched') : [];
  const documentList = documents.state === 'loaded' ? documents.data : [];
  // the cards show each email's documents: they wait for both reads, and a failed document list is said apart
  const emailsThenDocuments: LoadState<unknown> =
    load.state === 'loaded' && documents.state === 'loading' ? { state: 'loading' } : load;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {INBOUND_TEXTS.title}
      </Title>
      <Text size="sm">{INBOUND_TEXTS.intro}</Text>
      <LoadView
        load={emailsThenDocuments}
        loading="Loading the unmatched email"
        failed={INBOUND_TEXTS.loadFailed}
        padding="xl"
      >
        {() => (
          <>
            {documents.state === 'failed' && (
              <Alert color="red" role="alert">
                {INBOUND_TEXTS.documentsLoadFailed}
              </Alert>
            )}
            {unmatched.length === 0 && <Text size="sm">{INBOUND_TEXTS.none}</Text>}
            {unmatched.map((email) => (
              <EmailCard
                key={email.emailAutomationDetailId}
                email={email}
                documents={documentList.filter(
                  (d) => d.emailAutomationDetailId === email.emailAutomationDetailId,
                )}
                onGone={gone}
                onDocumentAttached={attached}
              />
            ))}
          </>
        )}
      </LoadView>
    </Stack>
  );
}
