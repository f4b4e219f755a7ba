import {
  AttachmentType,
  type AttachmentTypeValue,
  CustomerAttachmentTypes,
  GeneratedDocumentType,
  MarketplaceAttachmentTypes,
  messages,
  ShipmentType,
} from '@loadline/contracts';
import {
  Button,
  CatalogueOptions,
  Group,
  Modal,
  modalSizes,
  Stack,
  serverMessages,
  Table,
  Text,
  TextInput,
  Title,
  toast,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { type ReactNode, useId, useState } from 'react';
import { bulkShipmentDocuments, invoiceNotification } from '../../api/attachments.ts';
import { useAttachmentsApi } from '../../api/client.ts';
import type { BulkEmailAnswer } from '../../api/types.ts';
import { useDeliveryWarnings } from '../../hooks/useDeliveryWarnings.ts';
import {
  type BulkOutcome,
  bulkOutcomeText,
  countText,
  parseShipmentIds,
  sendInChunks,
  splitIdList,
} from '../../rules/bulkSend.ts';
import { addTyped } from '../../rules/recipients.ts';
import { DeliveryWarningAlerts, LabelledTextarea, ProblemAlert, SendTab } from '../SenderParts/index.ts';

export interface BulkEmailSenderModalProps {
  opened: boolean;
  onClose: () => void;
  /** the shipments the list starts with */
  shipmentIds?: readonly number[];
}

type Mode = 'documents' | 'invoices';

/**
 * The generated documents a bulk send offers: the customer's papers (the BOL and the rate quote sheet). A
 * carrier confirmation is the broker's paper to one carrier and is sent from the shipment's own document
 * sender. The service sends each shipment the ones it offers (a drayage load its drayage rate quote).
 */
export const bulkDocumentCodes = ['BOLEmail', 'RateQuoteSheet', 'RateQuoteSheetDrayage'] as const;

/**
 * The attachment types a bulk send offers: those a shipment carries. The customer-file types (W9, credit
 * applications, brokerage agreements), the marketplace ones and carrier insurance belong to other sources.
 */
const notOnShipments: readonly number[] = [
  ...CustomerAttachmentTypes.filter((t) => t !== AttachmentType.values.Document),
  ...MarketplaceAttachmentTypes,
  AttachmentType.values.Insurance,
];
export const bulkAttachmentTypes = AttachmentType.entries.filter((e) => !notOnShipments.includes(e.value));

function Checkbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Text size="sm" component="label">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />{' '}
      {children}
    </Text>
  );
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...list, item] : list.filter((x) => x !== item);

/**
 * The bulk email sender (001 §2, §3 bulk email, §7): many shipments' documents and attachments to their
 * customers' users or to a custom address (POST /api/documentsender/getBulkShipmentDocument, with
 * ?invoice=true for their invoices), or an organization's invoice notification (POST
 * /api/organization/invoiceNotification). Both post in chunks of 50 and stop at the first failing chunk
 * (001 §8, §9), saying how many went and which did not.
 */
export function BulkEmailSenderModal({ opened, onClose, shipmentIds = [] }: BulkEmailSenderModalProps) {
  const client = useAttachmentsApi();
  const [mode, setMode] = useState<Mode>('documents');
  const [shipmentsText, setShipmentsText] = useState(shipmentIds.join('\n'));
  const [documentTypes, setDocumentTypes] = useState<string[]>([]);
  const [attachments, setAttachments] = useState<AttachmentTypeValue[]>([]);
  const [withInvoices, setWithInvoices] = useState(false);
  const [updateInvoiceDate, setUpdateInvoiceDate] = useState(false);
  const [shipmentType, setShipmentType] = useState('');
  const [customRecipient, setCustomRecipient] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [invoicesText, setInvoicesText] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<BulkEmailAnswer | null>(null);
  const [outcomeText, setOutcomeText] = useState<string | null>(null);
  // 000 §2, §8: what was typed and not sent asks before Esc, the X or Cancel discard it.
  const dirty =
    shipmentsText !== shipmentIds.join('\n') ||
    customRecipient.trim() !== '' ||
    invoicesText.trim() !== '' ||
    organizationId !== '';
  const { confirmLeave } = useUnsavedChangesGuard(opened && dirty && !sending && answer === null);
  const close = confirmLeave(onClose);
  const shipmentTypeId = useId();

  const parsedShipments = parseShipmentIds(shipmentsText);
  const invoiceIds = splitIdList(invoicesText);

  // 001 §5's delivery warnings, decided by the service: the custom addresses (whoever they belong to),
  // otherwise each shipment's customer users.
  const custom = addTyped([], customRecipient, 'email');
  const chosen = documentTypes.length + attachments.length > 0 || withInvoices;
  const delivery = useDeliveryWarnings(
    client,
    mode !== 'documents' || !chosen
      ? null
      : {
          documents: [...documentTypes, ...(withInvoices ? ['Invoice'] : [])],
          attachmentTypes: attachments,
          ...(customRecipient.trim() === ''
            ? { toShipmentCustomers: true }
            : { recipients: custom.ok ? custom.recipients.map((r) => r.address) : [] }),
        },
  );
  const warnings = mode === 'documents' ? delivery.open : [];

  const switchMode = (next: Mode) => {
    setMode(next);
    setProblem([]);
    setOutcomeText(null);
  };

  /** Posts the chunks in order; the first failing one stops the send and its reasons are shown. */
  async function chunked<T>(
    items: readonly T[],
    post: (chunk: T[]) => Promise<{ ok: boolean; error?: unknown }>,
  ) {
    let reasons: string[] = [];
    const outcome: BulkOutcome<T> = await sendInChunks(items, async (chunk) => {
      const result = await post(chunk);
      if (!result.ok) reasons = serverMessages(result.error);
      return result.ok;
    });
    return { outcome, reasons };
  }

  const finish = <T,>(outcome: BulkOutcome<T>, items: readonly T[], noun: string, reasons: string[]) => {
    setOutcomeText(bulkOutcomeText(outcome, items, noun));
    if (outcome.failed === null) {
      setProblem([]);
      toast.success(`Bulk email queued: ${countText(items.length, noun)}.`);
    } else {
      setProblem(reasons);
      toast.error(messages.email.documentsNotSent);
    }
  };

  const sendDocuments = async () => {
    if (!parsedShipments.ok) return setProblem([parsedShipments.message]);
    if (parsedShipments.shipmentIds.length === 0) return setProblem([ENTER_SHIPMENTS]);
    if (!custom.ok && customRecipient.trim() !== '') return setProblem([custom.message]);
    if (documentTypes.length + attachments.length === 0 && !withInvoices)
      return setProblem([CHOOSE_DOCUMENTS]);
    setSending(true);
    setAnswer(null);
    const all: BulkEmailAnswer = { queued: [], skipped: [] };
    const { outcome, reasons } = await chunked(parsedShipments.shipmentIds, async (chunk) => {
      const result = await bulkShipmentDocuments(
        client,
        {
          shipmentIds: chunk,
          documentTypes,
          attachments,
          ...(withInvoices ? { updateInvoiceDate } : {}),
          filterByShipmentType: shipmentType === '' ? null : Number(shipmentType),
          customRecipientEmail: customRecipient.trim() === '' ? null : customRecipient.trim(),
          dismissedWarnings: delivery.dismissed,
        },
        withInvoices,
      );
      if (result.ok) {
        all.queued.push(...result.data.queued);
        all.skipped.push(...result.data.skipped);
      } else if (result.status === 409) delivery.fromRefusal(result.error);
      return result;
    });
    setSending(false);
    setAnswer(all);
    finish(outcome, parsedShipments.shipmentIds, 'shipment', reasons);
  };

  const sendInvoices = async () => {
    if (organizationId.trim() === '') return setProblem([ENTER_ORGANIZATION]);
    if (invoiceIds.length === 0) return setProblem([ENTER_INVOICES]);
    setSending(true);
    const { outcome, reasons } = await chunked(invoiceIds, (chunk) =>
      invoiceNotification(client, { organizationId: organizationId.trim(), invoiceIds: chunk }),
    );
    setSending(false);
    finish(outcome, invoiceIds, 'invoice', reasons);
  };

  return (
    <Modal opened={opened} onClose={close} size={modalSizes.large} title="Bulk email">
      <Stack gap="sm">
        <Group gap="xs" role="tablist" aria-label="Send">
          <SendTab
            selected={mode === 'documents'}
            label="Shipment documents"
            onSelect={() => switchMode('documents')}
          />
          <SendTab
            selected={mode === 'invoices'}
            label="Invoice notification"
            onSelect={() => switchMode('invoices')}
          />
        </Group>

        {mode === 'documents' && (
          <>
            <LabelledTextarea
              label="Shipments"
              placeholder="10008, 10009 or one per line"
              value={shipmentsText}
              onChange={setShipmentsText}
              hint={
                parsedShipments.ok
                  ? countText(parsedShipments.shipmentIds.length, 'shipment')
                  : parsedShipments.message
              }
            />
            <Stack gap={4} role="group" aria-label="Documents">
              <Title order={6}>Documents</Title>
              {bulkDocumentCodes.map((code) => (
                <Checkbox
                  key={code}
                  checked={documentTypes.includes(code)}
                  onChange={(on) => setDocumentTypes((d) => toggled(d, code, on))}
                >
                  {GeneratedDocumentType.nameOf(code) ?? code}
                </Checkbox>
              ))}
            </Stack>
            <Stack gap={4} role="group" aria-label="Attachments">
              <Title order={6}>Attachments</Title>
              <Group gap="sm">
                {bulkAttachmentTypes.map((t) => (
                  <Checkbox
                    key={t.value}
                    checked={attachments.includes(t.value)}
                    onChange={(on) => setAttachments((a) => toggled(a, t.value, on))}
                  >
                    {t.name}
                  </Checkbox>
                ))}
              </Group>
              <Group gap="md">
                <Checkbox checked={withInvoices} onChange={setWithInvoices}>
                  Invoices
                </Checkbox>
                {withInvoices && (
                  <Checkbox checked={updateInvoiceDate} onChange={setUpdateInvoiceDate}>
                    Update invoice date
                  </Checkbox>
                )}
              </Group>
            </Stack>
            <Group gap="md" align="flex-end">
              <Stack gap={2}>
                <Text size="xs" fw={500} component="label" htmlFor={shipmentTypeId}>
                  Shipment type
                </Text>
                <select
                  id={shipmentTypeId}
                  value={shipmentType}
                  onChange={(e) => setShipmentType(e.currentTarget.value)}
                >
                  <option value="">Any</option>
                  <CatalogueOptions of={ShipmentType} />
                </select>
              </Stack>
              <TextInput
                size="xs"
                label="Custom recipient email"
                description="Empty: each shipment's customer users"
                placeholder="name@example.com"
                value={customRecipient}
                onChange={(e) => setCustomRecipient(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
            </Group>
          </>
        )}

        {mode === 'invoices' && (
          <>
            <TextInput
              size="xs"
              label="Organization id"
              value={organizationId}
              onChange={(e) => setOrganizationId(e.currentTarget.value)}
            />
            <LabelledTextarea
              label="Invoices"
              rows={4}
              placeholder="Invoice numbers, separated by commas or one per line"
              value={invoicesText}
              onChange={setInvoicesText}
              hint={countText(invoiceIds.length, 'invoice')}
            />
          </>
        )}

        <DeliveryWarningAlerts warnings={warnings} onDismiss={delivery.dismiss} />
        {outcomeText && (
          <Text size="sm" role="status">
            {outcomeText}
          </Text>
        )}
        <ProblemAlert problems={problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {messages.dialogs.generic.cancel}
          </Button>
          <Button
            onClick={() => void (mode === 'documents' ? sendDocuments() : sendInvoices())}
            loading={sending}
            disabled={warnings.length > 0}
          >
            Send
          </Button>
        </Group>

        {mode === 'documents' && answer && <BulkAnswerTables answer={answer} />}
      </Stack>
    </Modal>
  );
}

/** Ours: the spec quotes no texts for an empty bulk send. */
export const ENTER_SHIPMENTS = 'Enter at least one shipment id.';
export const CHOOSE_DOCUMENTS = 'Choose at least one document or attachment type to send.';
export const ENTER_ORGANIZATION = 'Enter the organization whose invoices are ready.';
export const ENTER_INVOICES = 'Enter at least one invoice.';

/** The service's `{ queued, skipped }` answer: each shipment's queued message, or why it was skipped. */
function BulkAnswerTables({ answer }: { answer: BulkEmailAnswer }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>{`Queued: ${answer.queued.length} · Skipped: ${answer.skipped.length}`}</Text>
      <ShipmentTable
        name="Queued"
        column="Message"
        rows={answer.queued.map((q) => [q.shipmentId, q.messageId] as const)}
      />
      <ShipmentTable
        name="Skipped"
        column="Why"
        rows={answer.skipped.map((s) => [s.shipmentId, s.reason] as const)}
      />
    </Stack>
  );
}

function ShipmentTable({
  name,
  column,
  rows,
}: {
  name: string;
  column: string;
  rows: readonly (readonly [number, string])[];
}) {
  if (rows.length === 0) return null;
  return (
    <Table aria-label={name} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Shipment</Table.Th>
          <Table.Th>{column}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([shipmentId, text]) => (
          <Table.Tr key={`${shipmentId} ${text}`}>
            <Table.Td>{shipmentId}</Table.Td>
            <Table.Td>{text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
