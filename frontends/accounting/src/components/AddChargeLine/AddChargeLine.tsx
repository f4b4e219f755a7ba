// "Add charge" under a payer's charge lines (001 §7 POST transitChargeline): the type (002 §3.5 charge line
// types), a description, the buy and the sell; Add sends it to that payer's group, Cancel drops it. A refusal
// toasts 'Error: Unable to save changes.' with the server's reason and keeps what was typed.
import { ChargeLineType, messages } from '@loadline/contracts';
import { Button, Group, SelectField, serverMessages, TextInput, toast } from '@loadline/ui';
import { useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { ChargeLine } from '../../api/types.ts';
import {
  emptyNewLine,
  type NewChargeLineDraft,
  newLineBody,
  newLineProblems,
} from '../../rules/chargeLines.ts';

const typeChoices = ChargeLineType.entries.map((e) => ({ value: e.code, name: e.name }));

export interface AddChargeLineProps {
  shipmentId: number;
  groupId: string;
  payerName: string;
  onAdded: (line: ChargeLine) => void;
}

export function AddChargeLine({ shipmentId, groupId, payerName, onAdded }: AddChargeLineProps) {
  const calls = useAccountingCalls();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<NewChargeLineDraft>(emptyNewLine);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const problems = newLineProblems(draft);

  if (!open)
    return (
      <Group>
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`Add charge billed to ${payerName}`}
          onClick={() => {
            setDraft(emptyNewLine);
            setShown(false);
            setOpen(true);
          }}
        >
          Add charge
        </Button>
      </Group>
    );

  const add = async () => {
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const answer = await calls.addChargeLine(newLineBody(shipmentId, groupId, draft));
    setBusy(false);
    if (answer.ok) {
      setOpen(false);
      onAdded(answer.data);
    } else toast.error([messages.inlineEditor.saveFailed, ...serverMessages(answer.error)].join(' '));
  };

  return (
    <Group gap="xs" align="flex-start" role="group" aria-label={`New charge billed to ${payerName}`}>
      <SelectField
        label="Type"
        value={draft.chargeLineType}
        choices={[{ value: '', name: '--Select--' }, ...typeChoices]}
        onChange={(chargeLineType) => setDraft({ ...draft, chargeLineType })}
        error={shown ? problems.chargeLineType : undefined}
        disabled={busy}
      />
      <TextInput
        size="xs"
        label="Description"
        maxLength={200}
        value={draft.description}
        disabled={busy}
        onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
      />
      <TextInput
        size="xs"
        label="Buy"
        value={draft.buy}
        disabled={busy}
        error={shown ? problems.buy : undefined}
        onChange={(e) => setDraft({ ...draft, buy: e.currentTarget.value })}
      />
      <TextInput
        size="xs"
        label="Sell"
        value={draft.sell}
        disabled={busy}
        error={shown ? problems.sell : undefined}
        onChange={(e) => setDraft({ ...draft, sell: e.currentTarget.value })}
      />
      <Group gap={4} mt={18}>
        <Button size="compact-xs" loading={busy} onClick={() => void add()}>
          Add
        </Button>
        <Button size="compact-xs" variant="default" disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </Group>
  );
}
