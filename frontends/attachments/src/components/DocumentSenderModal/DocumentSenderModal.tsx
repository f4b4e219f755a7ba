import { FAX_ALLOWED_EXTENSIONS, messages, splitRecipients } from '@loadline/contracts';
import { multipleEmailsProblem } from '@loadline/contracts/rules/emails';
import {
  Badge,
  Button,
  fieldMessages,
  formatDateTime,
  Group,
  Loader,
  Modal,
  modalSizes,
  type ShipmentOffice,
  Stack,
  serverMessages,
  Table,
  Text,
  TextInput,
  Title,
  toast,
  useDebouncedValue,
  useLoad,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useEffect, useId, useState } from 'react';
import {
  availableDocuments,
  carrierCompliance,
  contacts as findContacts,
  sendShipmentDocuments,
  sentMessages,
} from '../../api/attachments.ts';
import { useAttachmentsApi } from '../../api/client.ts';
import { customEmailTemplates } from '../../api/mail.ts';
import type { AvailableDocuments, Contact, OutgoingMessage } from '../../api/types.ts';
import { useDeliveryWarnings } from '../../hooks/useDeliveryWarnings.ts';
import { inFlight, statusColor } from '../../rules/mailStatus.ts';
import { addContact, addTyped, type Channel, type Recipient } from '../../rules/recipients.ts';
import { DeliveryWarningAlerts, LabelledTextarea, ProblemAlert, SendTab } from '../SenderParts/index.ts';

export interface DocumentSenderModalProps {
  opened: boolean;
  shipmentId: number;
  office: ShipmentOffice;
  onClose: () => void;
}

/** Ours: the spec quotes no success text for a send. */
export const QUEUED_TEXT = 'Documents queued for sending.';

/** Ours: the choice of an organization custom email template (001 §3 names them, no texts). */
export const TEMPLATE_CHOICE_TEXTS = Object.freeze({
  label: 'Custom email template',
  none: '(none: write the message)',
});

const faxable = (fileName: string) =>
  FAX_ALLOWED_EXTENSIONS.includes(fileName.split('.').pop()?.toLowerCase() ?? '');
const noMessages: OutgoingMessage[] = [];
const noContacts: Contact[] = [];

const isConfirmation = (code: string) => code.startsWith('CarrierConfirmation');

/**
 * The document sender's modal (000 §2 item 12) with its email and fax tabs. The back-office version adds
 * copies, "copy me", a private activity entry and the carrier confirmation (checked for compliance, 001 §5);
 * the front-office version sends the customer's own documents. Delivery warnings (001 §5) must be
 * dismissed before sending; sent messages show their mail send status (002 §3.8).
 */
export function DocumentSenderModal({ opened, shipmentId, office, onClose }: DocumentSenderModalProps) {
  const client = useAttachmentsApi();
  const staff = office === 'backOffice';
  const [channel, setChannel] = useState<Channel>('email');
  const [documents, setDocuments] = useState<string[]>([]);
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [typed, setTyped] = useState('');
  const [cc, setCc] = useState('');
  /** beside each field, why it was refused: the multiple-emails check here, or the service's message */
  const [fieldProblems, setFieldProblems] = useState<Record<string, string[]>>({});
  const [copyMe, setCopyMe] = useState(false);
  const [privateLog, setPrivateLog] = useState(false);
  const [subject, setSubject] = useState(`Shipment ${shipmentId} documents`);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  const [sending, setSending] = useState(false);
  // Read each time the modal opens: the documents that can be sent, the messages sent (followed until each
  // has its final status), and the contacts matching what is typed.
  const availableLoad = useLoad(
    opened ? ['availableDocuments', shipmentId] : null,
    () => availableDocuments(client, shipmentId),
    { onFailed: () => toast.error(messages.attachments.loadFailed) },
  );
  const available: AvailableDocuments | null | 'failed' =
    availableLoad.state === 'loaded'
      ? availableLoad.data
      : availableLoad.state === 'failed'
        ? 'failed'
        : null;
  const sentLoad = useLoad(opened ? ['sentMessages', shipmentId] : null, () =>
    sentMessages(client, shipmentId),
  );
  const sent: OutgoingMessage[] = sentLoad.last ?? noMessages;
  const refreshSent = sentLoad.reload;
  const contacts = useLoad(opened ? ['contacts', debounced, channel, shipmentId] : null, () =>
    findContacts(client, debounced, channel === 'fax' ? 1 : 0, shipmentId),
  );
  const found: Contact[] = contacts.last ?? noContacts;
  // The broker's organization custom email templates (001 §3): one chosen fills the subject and the message,
  // its placeholders as written; the service fills them with the shipment's values when it sends.
  const templates = useLoad(opened && staff ? 'customEmailTemplates' : null, () =>
    customEmailTemplates(client),
  );
  const written = templates.state === 'loaded' ? templates.data : [];
  const [template, setTemplate] = useState('');
  const chooseTemplate = (value: string) => {
    setTemplate(value);
    const chosen = written.find((t) => String(t.templateNumber) === value);
    if (!chosen) return;
    setSubject(chosen.subject);
    setBody(chosen.body);
  };
  // 000 §2, §8: recipients or a message typed and not sent ask before Esc, the X or Cancel discard them.
  const dirty =
    recipients.length > 0 ||
    typed.trim() !== '' ||
    cc.trim() !== '' ||
    body.trim() !== '' ||
    subject !== `Shipment ${shipmentId} documents`;
  const { confirmLeave } = useUnsavedChangesGuard(opened && dirty && !sending && sent.length === 0);
  const close = confirmLeave(onClose);
  const ids = { copyMe: useId(), privateLog: useId(), template: useId() };

  // Follow the messages still on their way until each has its final status.
  const pending = sent.some((m) => inFlight(m.status));
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(refreshSent, 2000);
    return () => clearInterval(timer);
  }, [pending, refreshSent]);

  const docs = available && available !== 'failed' ? available : null;
  const copies = staff && channel === 'email' ? cc : '';
  // 001 §5's delivery warnings, decided by the service from who each address belongs to.
  const delivery = useDeliveryWarnings(
    client,
    recipients.length === 0 && copies.trim() === ''
      ? null
      : {
          shipmentId,
          contactType: channel === 'fax' ? 1 : 0,
          recipients: recipients.map((r) => r.address),
          ...(copies.trim() ? { cc: copies } : {}),
          documents,
          attachmentIds,
        },
  );
  const warnings = delivery.open;

  const toggleDocument = async (code: string, on: boolean) => {
    if (!on) return setDocuments((d) => d.filter((x) => x !== code));
    if (isConfirmation(code)) {
      // 001 §5: the carrier confirmation sheet is blocked when the carrier is out of compliance.
      const answer = await carrierCompliance(client, shipmentId);
      if (!answer.ok) return void toast.error(messages.carrier.complianceCheckFailed);
      if (!answer.data.carrierConfirmationAvailable) {
        return setProblem([answer.data.message ?? messages.carrier.confirmationSheetOutOfCompliance]);
      }
    }
    setDocuments((d) => [...d, code]);
  };

  const switchChannel = (next: Channel) => {
    setChannel(next);
    setRecipients([]);
    setProblem([]);
    if (next === 'fax') {
      setAttachmentIds((ids) =>
        ids.filter((id) => faxable(docs?.attachments.find((a) => a.attachmentId === id)?.fileName ?? '')),
      );
    }
  };

  const add = (outcome: ReturnType<typeof addTyped>) => {
    if (outcome.ok) {
      setRecipients(outcome.recipients);
      setProblem([]);
      setFieldProblems((f) => ({ ...f, recipients: [] }));
      return true;
    }
    setProblem([outcome.message]);
    return false;
  };

  const send = async () => {
    let list = recipients;
    if (typed.trim()) {
      const outcome = addTyped(recipients, typed, channel);
      if (!add(outcome) || !outcome.ok) return;
      list = outcome.recipients;
      setTyped('');
    }
    if (list.length === 0) return setProblem([messages.email.recipientRequired]);
    // 001 §5: the copies go through the multiple-emails check (error key multipleEmails) before sending.
    const badCopies = staff && channel === 'email' ? multipleEmailsProblem(cc, splitRecipients) : null;
    if (badCopies) return setFieldProblems({ [badCopies.key]: [badCopies.message], cc: [badCopies.message] });
    setFieldProblems({});
    setSending(true);
    const answer = await sendShipmentDocuments(client, {
      shipmentId,
      contactType: channel === 'fax' ? 1 : 0,
      recipients: list.map((r) => r.address),
      ...(staff && channel === 'email'
        ? { cc: cc || null, ccTrue: copyMe, privateActivityLog: privateLog }
        : {}),
      subject,
      body,
      documents,
      attachmentIds,
      dismissedWarnings: delivery.dismissed,
    });
    setSending(false);
    if (answer.ok) {
      toast.success(QUEUED_TEXT);
      setProblem([]);
      setRecipients([]);
      setDocuments([]);
      setAttachmentIds([]);
      delivery.reset();
      refreshSent();
    } else if (answer.status === 409 && delivery.fromRefusal(answer.error)) {
      // A warning to dismiss first (it shows above the Send button), not a failure.
      setProblem([]);
    } else {
      // The spec's toast says that it failed; each field says why, the rest is listed below.
      toast.error(messages.email.documentsNotSent);
      const byField = fieldMessages(answer.error);
      setFieldProblems(byField);
      const shown = new Set(['recipients', 'cc']);
      const rest = Object.entries(byField)
        .filter(([field]) => !shown.has(field))
        .flatMap(([, m]) => m);
      setProblem(Object.keys(byField).length > 0 ? rest : serverMessages(answer.error));
    }
  };

  const tab = (value: Channel, label: string) => (
    <SendTab selected={channel === value} label={label} onSelect={() => switchChannel(value)} />
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      size={modalSizes.large}
      title={`Send documents · Shipment ${shipmentId}`}
    >
      <Stack gap="sm">
        <Group gap="xs" role="tablist" aria-label="Send by">
          {tab('email', 'Email')}
          {tab('fax', 'Fax')}
        </Group>

        <Stack gap={4} role="group" aria-label="Documents">
          <Title order={6}>Documents</Title>
          {available === null && <Loader size="sm" aria-label="Loading documents" />}
          {available === 'failed' && <Text size="sm">{messages.attachments.loadFailed}</Text>}
          {docs?.documents.map((d) => (
            <Text size="sm" component="label" key={d.document}>
              <input
                type="checkbox"
                checked={documents.includes(d.document)}
                onChange={(e) => void toggleDocument(d.document, e.currentTarget.checked)}
              />{' '}
              {`${d.name} (${d.fileName})`}
            </Text>
          ))}
          {docs?.attachments.map((a) => {
            const blocked = channel === 'fax' && !faxable(a.fileName);
            return (
              <Text size="sm" component="label" key={a.attachmentId} c={blocked ? 'dimmed' : undefined}>
                <input
                  type="checkbox"
                  disabled={blocked}
                  checked={attachmentIds.includes(a.attachmentId)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setAttachmentIds((ids) =>
                      on ? [...ids, a.attachmentId] : ids.filter((x) => x !== a.attachmentId),
                    );
                  }}
                />{' '}
                {`${a.fileName} · ${a.attachmentTypeName}${blocked ? ' (cannot be faxed)' : ''}`}
              </Text>
            );
          })}
        </Stack>

        <Stack gap={4} role="group" aria-label="Recipients">
          <Title order={6}>{channel === 'fax' ? 'Fax numbers' : 'Recipients'}</Title>
          <Group gap={4}>
            {recipients.map((r) => (
              <Badge
                key={r.address}
                variant="light"
                tt="none"
                rightSection={
                  <button
                    type="button"
                    aria-label={`Remove ${r.address}`}
                    onClick={() => setRecipients((all) => all.filter((x) => x.address !== r.address))}
                    style={{ border: 0, background: 'none', cursor: 'pointer', padding: 0 }}
                  >
                    ×
                  </button>
                }
              >
                {r.name ? `${r.name} <${r.address}>` : r.address}
              </Badge>
            ))}
          </Group>
          <Group gap="xs" align="flex-end">
            <TextInput
              size="xs"
              label={channel === 'fax' ? 'Fax number' : 'Email addresses'}
              placeholder={channel === 'fax' ? '5550102001' : 'name@example.com, other@example.com'}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              error={fieldProblems.recipients?.join(' ') || undefined}
              style={{ flex: 1 }}
            />
            <Button
              size="xs"
              variant="default"
              onClick={() => add(addTyped(recipients, typed, channel)) && setTyped('')}
            >
              Add
            </Button>
          </Group>
          <TextInput
            size="xs"
            label="Find a contact"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          {found.length > 0 && (
            <Stack gap={2} aria-label="Contacts">
              {found.slice(0, 8).map((c) => (
                <Group key={c.contactId} gap="xs" justify="space-between">
                  <Text size="xs">{`${c.name}${c.organizationName ? ` · ${c.organizationName}` : ''} — ${(channel === 'fax' ? c.fax : c.email) ?? 'no address'}`}</Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Add ${c.name}`}
                    onClick={() => add(addContact(recipients, c, channel))}
                  >
                    Add
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>

        {staff && channel === 'email' && (
          <Group gap="md" align="flex-end">
            <TextInput
              size="xs"
              label="CC"
              value={cc}
              onChange={(e) => {
                setCc(e.currentTarget.value);
                setFieldProblems((f) => ({ ...f, cc: [], multipleEmails: [] }));
              }}
              error={fieldProblems.cc?.join(' ') || undefined}
              style={{ flex: 1 }}
            />
            <Text size="xs" component="label" htmlFor={ids.copyMe}>
              <input
                id={ids.copyMe}
                type="checkbox"
                checked={copyMe}
                onChange={(e) => setCopyMe(e.currentTarget.checked)}
              />{' '}
              Copy me
            </Text>
            <Text size="xs" component="label" htmlFor={ids.privateLog}>
              <input
                id={ids.privateLog}
                type="checkbox"
                checked={privateLog}
                onChange={(e) => setPrivateLog(e.currentTarget.checked)}
              />{' '}
              Private activity log
            </Text>
          </Group>
        )}
        {staff && channel === 'email' && written.length > 0 && (
          <Group gap="xs">
            <Text size="xs" component="label" htmlFor={ids.template}>
              {TEMPLATE_CHOICE_TEXTS.label}
            </Text>
            <select
              id={ids.template}
              value={template}
              onChange={(e) => chooseTemplate(e.currentTarget.value)}
              style={{ height: 26, borderRadius: 4 }}
            >
              <option value="">{TEMPLATE_CHOICE_TEXTS.none}</option>
              {[...written]
                .sort((a, b) => a.templateNumber - b.templateNumber)
                .map((t) => (
                  <option key={t.templateNumber} value={String(t.templateNumber)}>
                    {`${t.templateNumber}: ${t.name}`}
                  </option>
                ))}
            </select>
          </Group>
        )}
        <TextInput
          size="xs"
          label="Subject"
          value={subject}
          maxLength={500}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <LabelledTextarea label="Message" value={body} onChange={setBody} />

        <DeliveryWarningAlerts warnings={warnings} onDismiss={delivery.dismiss} />
        <ProblemAlert problems={problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {messages.dialogs.generic.cancel}
          </Button>
          <Button onClick={() => void send()} loading={sending} disabled={warnings.length > 0}>
            Send
          </Button>
        </Group>

        {sent.length > 0 && (
          <Table aria-label="Sent messages" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sent.map((m) => (
                <Table.Tr key={m.messageId}>
                  <Table.Td>{formatDateTime(m.createdDate)}</Table.Td>
                  <Table.Td>{m.recipients.join(', ')}</Table.Td>
                  <Table.Td>{m.subject}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColor(m.status)}>
                      {m.statusName}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
