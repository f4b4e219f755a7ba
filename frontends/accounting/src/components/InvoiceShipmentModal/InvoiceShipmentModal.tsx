// The invoice shipment modal (001 §2, §3 invoice request, §7 PUT /api/accountingsynchistory/CreateInvoice):
// the invoice date (Today by default, 001 §9; Pickup or Delivery), approve the bill with the invoice, the PRO
// number. The service makes one invoice per payer and the attachments service files each invoice's PDF among
// the shipment's attachments. A refusal (canceled, a quote, nothing to bill, a missing date) is shown in the
// modal with the server's words.
import { InvoiceDateType } from '@loadline/contracts';
import {
  Alert,
  Button,
  CheckboxField,
  Group,
  Modal,
  SelectField,
  Stack,
  serverMessages,
  TextInput,
  toast,
} from '@loadline/ui';
import { useEffect, useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { InvoiceCreated, InvoiceRequest } from '../../api/types.ts';

export interface InvoiceShipmentModalProps {
  shipmentId: number;
  opened: boolean;
  proNumber?: string | null;
  onClose: () => void;
  onInvoiced: (created: InvoiceCreated) => void;
}

type DateType = NonNullable<InvoiceRequest['invoiceDateType']>;

export const invoicesCreatedText = (created: InvoiceCreated): string => {
  const numbers = created.invoices.map((i) => i.invoiceNumber);
  return numbers.length === 1 ? `Invoice ${numbers[0]} created.` : `Invoices ${numbers.join(', ')} created.`;
};

export function InvoiceShipmentModal({
  shipmentId,
  opened,
  proNumber,
  onClose,
  onInvoiced,
}: InvoiceShipmentModalProps) {
  const calls = useAccountingCalls();
  const [dateType, setDateType] = useState<DateType>('Today');
  const [approveBill, setApproveBill] = useState(false);
  const [pro, setPro] = useState(proNumber ?? '');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    setDateType('Today');
    setApproveBill(false);
    setPro(proNumber ?? '');
    setRefused([]);
  }, [opened, proNumber]);

  const submit = async () => {
    setBusy(true);
    setRefused([]);
    const answer = await calls.createInvoice({
      shipmentId,
      invoiceDateType: dateType,
      approveBillWithInvoice: approveBill,
      proNumber: pro.trim() === '' ? null : pro.trim(),
    });
    setBusy(false);
    if (answer.ok) {
      toast.success(invoicesCreatedText(answer.data));
      onInvoiced(answer.data);
      onClose();
      return;
    }
    const said = serverMessages(answer.error);
    setRefused(said.length > 0 ? said : ['Unable to invoice this shipment. Please try again.']);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Invoice shipment ${shipmentId}`}>
      <Stack gap="sm">
        <SelectField
          label="Invoice date"
          value={dateType}
          choices={InvoiceDateType.entries.map((e) => ({ value: e.code, name: e.name }))}
          onChange={(v) => setDateType(v as DateType)}
          disabled={busy}
        />
        <TextInput
          label="PRO number"
          value={pro}
          disabled={busy}
          onChange={(e) => setPro(e.currentTarget.value)}
        />
        <CheckboxField
          label="Approve the carrier bill with the invoice"
          checked={approveBill}
          onChange={setApproveBill}
          disabled={busy}
        />
        {refused.length > 0 && (
          <Alert color="red" role="alert">
            {refused.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            Create invoice
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
