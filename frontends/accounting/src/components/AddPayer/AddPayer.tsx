// "Add payer" on the accounting summary (001 §7 POST insertChargeLineGroupOrganization): another organization
// billed on this shipment (a third party, a factor), picked with the organization select of the payers, with
// its transit organization type (002 §3.6). A refusal toasts 'Error: Unable to save changes.' and the reason.
import { messages, TransitOrganizationType } from '@loadline/contracts';
import { Button, Group, OrganizationSelect, SelectField, serverMessages, toast } from '@loadline/ui';
import { useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { NewGroup } from '../../api/types.ts';

const transitChoices = TransitOrganizationType.entries.map((e) => ({ value: String(e.value), name: e.name }));

export function AddPayer({ shipmentId, onAdded }: { shipmentId: number; onAdded: () => void }) {
  const calls = useAccountingCalls();
  const [open, setOpen] = useState(false);
  const [payer, setPayer] = useState<string | null>(null);
  const [transit, setTransit] = useState(String(TransitOrganizationType.values.EndCustomer));
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!open)
    return (
      <Group>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => {
            setPayer(null);
            setTransit(String(TransitOrganizationType.values.EndCustomer));
            setShown(false);
            setOpen(true);
          }}
        >
          Add payer
        </Button>
      </Group>
    );

  const add = async () => {
    setShown(true);
    if (!payer) return;
    setBusy(true);
    const answer = await calls.addGroup({
      shipmentId,
      payerOrganizationId: payer,
      transitOrganizationType: Number(transit) as NewGroup['transitOrganizationType'],
    });
    setBusy(false);
    if (answer.ok) {
      setOpen(false);
      onAdded();
    } else toast.error([messages.inlineEditor.saveFailed, ...serverMessages(answer.error)].join(' '));
  };

  return (
    <Group gap="xs" align="flex-end" role="group" aria-label="New payer">
      <OrganizationSelect
        label="Payer to add"
        type="payers"
        value={payer}
        onChange={(id) => setPayer(id)}
        disabled={busy}
      />
      <SelectField
        label="Transit organization type"
        value={transit}
        choices={transitChoices}
        onChange={setTransit}
        disabled={busy}
      />
      <Button size="compact-xs" loading={busy} onClick={() => void add()}>
        Add
      </Button>
      <Button size="compact-xs" variant="default" disabled={busy} onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {shown && !payer && (
        <span role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 12 }}>
          {choosePayerMessage}
        </span>
      )}
    </Group>
  );
}

export const choosePayerMessage = 'Choose the payer to add.';
