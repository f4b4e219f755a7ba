// Exposed as attachments/TrackingStatusRequestSender: the tracking status request sender (001 §2, §7): a
// button that opens the modal for the shipments picked on the grid (or the shipment shown). The service
// splits them into truckload loads whose carrier has a tracking email (one request per carrier), those
// without, and those that are not truckload (decision 0072); the broker's template fills each request, its
// placeholders filled per carrier by the service; the requests go out from the staff member's mailbox when
// they have one, signed (decision 0073). 'Content template for tracking status request was not found.'
// (001 §8) when the broker has none.
import { messages } from '@loadline/contracts';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  modalSizes,
  ServerErrorAlert,
  type ServerErrorFeedback,
  Stack,
  serverErrorFeedback,
  Table,
  Text,
  TextInput,
  Title,
  type TrackingStatusRequestSenderProps,
  toast,
  UnsavedChangesScope,
  useLoad,
  useUnsavedChangesGuard,
  useUnsavedChangesScope,
} from '@loadline/ui';
import { useEffect, useState } from 'react';
import { sentMessages } from './api/attachments.ts';
import { useAttachmentsApi } from './api/client.ts';
import { sendTrackingRequests, splitByCarrierEmail, trackingTemplate } from './api/mail.ts';
import type { CarrierGroup, SentTrackingRequest, TrackingSplit, TrackingTemplate } from './api/types.ts';
import { LabelledTextarea } from './components/SenderParts/index.ts';
import { countText } from './rules/bulkSend.ts';
import { inFlight, statusColor } from './rules/mailStatus.ts';

/** Ours: the spec quotes no texts for these. */
export const TRACKING_REQUEST_TEXTS = Object.freeze({
  title: 'Tracking status request',
  splitFailed: 'Unable to find the carriers of these shipments. Please try again.',
  sendFailed: 'Unable to send the tracking status requests. Please try again.',
  noneToSend: 'None of these shipments has a carrier with a tracking email: no request can be sent.',
  placeholders:
    '{{carrierName}}, {{shipmentIds}}, {{shipments}} (one line per load with its PRO) and {{senderName}} are filled in for each carrier.',
  queued: (n: number) => `${countText(n, 'tracking status request')} queued for sending.`,
  notTruckload: (ids: readonly number[]) => `Not truckload, so no request is sent for: ${ids.join(', ')}.`,
});

const shipmentsText = (shipments: CarrierGroup['shipments']) =>
  shipments
    .map((s) => (s.proNumber ? `${s.shipmentId} (PRO ${s.proNumber})` : String(s.shipmentId)))
    .join(', ');

/**
 * The requests sent, followed until each has its final mail send status (002 §3.8), as the document sender
 * follows its messages: each is listed with its first shipment's messages (GET /api/documentsender/messages).
 */
function SentRequests({ sent, onClose }: { sent: readonly SentTrackingRequest[]; onClose: () => void }) {
  const client = useAttachmentsApi();
  const shipments = [...new Set(sent.map((m) => m.shipmentIds[0]!))];
  const followed = useLoad(['trackingRequestsSent', shipments], async () => {
    const answers = await Promise.all(shipments.map((id) => sentMessages(client, id)));
    const failed = answers.find((a) => !a.ok);
    if (failed) return failed;
    return { ok: true as const, data: answers.flatMap((a) => (a.ok ? a.data : [])) };
  });
  const latest = new Map((followed.last ?? []).map((m) => [m.messageId, m]));
  const rows = sent.map((m) => {
    const now = latest.get(m.messageId);
    return {
      ...m,
      status: now?.status ?? m.status,
      statusName: now?.statusName ?? m.statusName,
      lastError: now?.lastError ?? null,
    };
  });
  const pending = rows.some((m) => inFlight(m.status));
  const reload = followed.reload;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [pending, reload]);

  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {TRACKING_REQUEST_TEXTS.queued(sent.length)}
      </Text>
      <Table aria-label="Sent tracking status requests" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Shipments</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.messageId}>
              <Table.Td>{m.recipients.join(', ')}</Table.Td>
              <Table.Td>{m.shipmentIds.join(', ')}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={statusColor(m.status)}>
                  {m.statusName}
                </Badge>
                {m.lastError && !inFlight(m.status) && (
                  <Text size="xs" c="red">
                    {m.lastError}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}

function SenderForm({
  split,
  template,
  onClose,
}: {
  split: TrackingSplit;
  template: TrackingTemplate;
  onClose: () => void;
}) {
  const client = useAttachmentsApi();
  const [excluded, setExcluded] = useState<string[]>([]);
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SentTrackingRequest[] | null>(null);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);
  const chosen = split.withCarrierEmail.filter((g) => !excluded.includes(g.carrierMasterId));
  const dirty = subject !== template.subject || body !== template.body || excluded.length > 0;
  const { confirmLeave } = useUnsavedChangesGuard(dirty && !sending && sent === null);

  const send = async () => {
    setSending(true);
    setFeedback(null);
    const answer = await sendTrackingRequests(client, {
      emails: chosen.map((g) => ({
        email: g.email,
        shipmentIds: g.shipments.map((s) => s.shipmentId),
        subject,
        body,
      })),
    });
    setSending(false);
    if (!answer.ok) {
      setFeedback(serverErrorFeedback(answer.status, answer.error, TRACKING_REQUEST_TEXTS.sendFailed));
      return;
    }
    setSent(answer.data);
    toast.success(TRACKING_REQUEST_TEXTS.queued(answer.data.length));
  };

  if (sent) return <SentRequests sent={sent} onClose={onClose} />;

  return (
    <Stack gap="sm">
      <ServerErrorAlert feedback={feedback} />
      <Title order={3} size="h6">
        With carrier email
      </Title>
      {split.withCarrierEmail.length === 0 ? (
        <Alert color="yellow" role="alert">
          {TRACKING_REQUEST_TEXTS.noneToSend}
        </Alert>
      ) : (
        <Table aria-label="With carrier email" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Send</Table.Th>
              <Table.Th>Carrier</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Shipments</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {split.withCarrierEmail.map((g) => (
              <Table.Tr key={g.carrierMasterId}>
                <Table.Td>
                  <input
                    type="checkbox"
                    aria-label={`Send to ${g.carrierName}`}
                    checked={!excluded.includes(g.carrierMasterId)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setExcluded((x) =>
                        on ? x.filter((id) => id !== g.carrierMasterId) : [...x, g.carrierMasterId],
                      );
                    }}
                  />
                </Table.Td>
                <Table.Td>{g.carrierName}</Table.Td>
                <Table.Td>{g.email}</Table.Td>
                <Table.Td>{shipmentsText(g.shipments)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {split.withoutCarrierEmail.length > 0 && (
        <>
          <Title order={3} size="h6">
            Without carrier email
          </Title>
          <Table aria-label="Without carrier email" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Shipment</Table.Th>
                <Table.Th>Carrier</Table.Th>
                <Table.Th>PRO</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {split.withoutCarrierEmail.map((s) => (
                <Table.Tr key={s.shipmentId}>
                  <Table.Td>{s.shipmentId}</Table.Td>
                  <Table.Td>{s.carrierName ?? 'No Carrier'}</Table.Td>
                  <Table.Td>{s.proNumber ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {split.notTruckload.length > 0 && (
        <Text size="sm" c="dimmed">
          {TRACKING_REQUEST_TEXTS.notTruckload(split.notTruckload)}
        </Text>
      )}
      {split.withCarrierEmail.length > 0 && (
        <>
          <TextInput
            label="Subject"
            value={subject}
            maxLength={500}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
          <LabelledTextarea
            label="Message"
            rows={8}
            value={body}
            onChange={setBody}
            hint={TRACKING_REQUEST_TEXTS.placeholders}
          />
        </>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" disabled={sending} onClick={confirmLeave(onClose)}>
          {messages.dialogs.generic.cancel}
        </Button>
        <Button
          loading={sending}
          disabled={chosen.length === 0 || !subject.trim() || !body.trim()}
          onClick={() => void send()}
        >
          {chosen.length === 1 ? 'Send 1 request' : `Send ${chosen.length} requests`}
        </Button>
      </Group>
    </Stack>
  );
}

function SenderModal({ shipmentIds, onClose }: { shipmentIds: readonly number[]; onClose: () => void }) {
  const client = useAttachmentsApi();
  const ids = [...shipmentIds];
  const split = useLoad(['trackingSplit', ids], () => splitByCarrierEmail(client, ids));
  const template = useLoad('trackingTemplate', () => trackingTemplate(client));
  // Esc, the X and a click outside ask first while the form holds unsaved changes (000 §2, §8).
  const guard = useUnsavedChangesScope();
  const splitFeedback =
    split.state === 'failed'
      ? serverErrorFeedback(split.status, split.error, TRACKING_REQUEST_TEXTS.splitFailed)
      : null;
  return (
    <Modal
      opened
      onClose={guard.confirmLeave(onClose)}
      size={modalSizes.large}
      title={TRACKING_REQUEST_TEXTS.title}
    >
      <UnsavedChangesScope scope={guard.scope}>
        <Stack gap="sm">
          <Text size="sm">{`${countText(ids.length, 'shipment')}: ${ids.join(', ')}`}</Text>
          {(split.state === 'loading' || template.state === 'loading') && (
            <Center p="lg">
              <Loader aria-label="Finding the carriers" />
            </Center>
          )}
          <ServerErrorAlert feedback={splitFeedback} />
          {template.state === 'failed' && (
            <Alert color="red" role="alert">
              {template.status === 404
                ? messages.email.trackingStatusTemplateMissing
                : TRACKING_REQUEST_TEXTS.splitFailed}
            </Alert>
          )}
          {split.state === 'loaded' && template.state === 'loaded' && (
            <SenderForm split={split.data} template={template.data} onClose={onClose} />
          )}
        </Stack>
      </UnsavedChangesScope>
    </Modal>
  );
}

export default function TrackingStatusRequestSender({
  shipmentIds,
  defaultOpened = false,
}: TrackingStatusRequestSenderProps) {
  const [open, setOpen] = useState(defaultOpened);
  return (
    <>
      <Button size="xs" variant="default" disabled={shipmentIds.length === 0} onClick={() => setOpen(true)}>
        Tracking status request
      </Button>
      {open && shipmentIds.length > 0 && (
        <SenderModal shipmentIds={shipmentIds} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
