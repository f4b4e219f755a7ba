// One charge line of the accounting summary with the inline editor (001 §4, §7): viewing → Edit → editing →
// Save (PUT of the whole model; the answer replaces the row) or Cancel (the row as it was). A failed save
// toasts 'Error: Unable to save changes.' and stays in editing with what was typed. Delete asks the generic
// confirm dialog first. What may change (an invoiced sell, a billed buy, deleting either) is what the service
// sent in the line's `locks`; a locked field is shown with the service's reason.
import { formatUsd, InvoiceStatus, messages } from '@loadline/contracts';
import type { Outcome } from '@loadline/ui';
import { Button, confirm, Group, serverMessages, Table, TextInput, toast } from '@loadline/ui';
import { useState } from 'react';
import type { ChargeLine, ChargeLineUpdate } from '../../api/types.ts';
import {
  type ChargeLineDraft,
  draftOf,
  draftProblems,
  type EditorState,
  modelToSave,
} from '../../rules/chargeLines.ts';

export interface ChargeLineRowProps {
  line: ChargeLine;
  save: (model: ChargeLineUpdate) => Promise<Outcome<ChargeLine>>;
  /** the saved line, as the server answered it */
  onSaved: (line: ChargeLine) => void;
  remove: (chargeLineId: string) => Promise<Outcome<unknown>>;
  onDeleted: (chargeLineId: string) => void;
}

export function ChargeLineRow({ line, save, onSaved, remove, onDeleted }: ChargeLineRowProps) {
  const [state, setState] = useState<EditorState>('viewing');
  const [draft, setDraft] = useState<ChargeLineDraft>(() => draftOf(line));
  const [shown, setShown] = useState(false);
  const problems = draftProblems(draft);
  const label = `${line.chargeLineType} ${line.description}`.trim();
  const invoice = InvoiceStatus.nameOf(line.invoiceStatus) ?? (line.invoiceId ? 'Invoiced' : 'Not Invoiced');

  const submit = async () => {
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    setState('saving');
    const answer = await save(modelToSave(line, draft));
    if (answer.ok) {
      onSaved(answer.data);
      setDraft(draftOf(answer.data));
      setState('viewing');
      setShown(false);
    } else {
      toast.error([messages.inlineEditor.saveFailed, ...serverMessages(answer.error)].join(' '));
      setState('editing');
    }
  };

  const [deleting, setDeleting] = useState(false);
  const { locks } = line;

  const deleteLine = async () => {
    const sure = await confirm({
      title: 'Delete charge line',
      text: `Delete ${label} (buy ${formatUsd(line.buyCents)}, sell ${formatUsd(line.sellCents)})?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    setDeleting(true);
    const answer = await remove(line.chargeLineId);
    setDeleting(false);
    if (answer.ok) onDeleted(line.chargeLineId);
    else toast.error([messages.inlineEditor.saveFailed, ...serverMessages(answer.error)].join(' '));
  };

  if (state === 'viewing') {
    return (
      <Table.Tr>
        <Table.Td>{line.chargeLineType}</Table.Td>
        <Table.Td>{line.description}</Table.Td>
        <Table.Td ta="right">{formatUsd(line.buyCents)}</Table.Td>
        <Table.Td ta="right">{formatUsd(line.sellCents)}</Table.Td>
        <Table.Td>{line.billingStatus}</Table.Td>
        <Table.Td>{invoice}</Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`Edit ${label}`}
              onClick={() => {
                setDraft(draftOf(line));
                setState('editing');
              }}
            >
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Delete ${label}`}
              // Invoiced or billed: the service said why it may not go; the button says so and stays off.
              disabled={locks.delete !== null}
              title={locks.delete ?? undefined}
              loading={deleting}
              onClick={() => void deleteLine()}
            >
              Delete
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }
  const saving = state === 'saving';
  return (
    <Table.Tr>
      <Table.Td>{line.chargeLineType}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Description of ${label}`}
          value={draft.description}
          disabled={saving}
          onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Buy of ${label}`}
          value={draft.buy}
          disabled={saving || locks.buy !== null}
          description={locks.buy ?? undefined}
          error={shown ? problems.buy : undefined}
          onChange={(e) => setDraft({ ...draft, buy: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Sell of ${label}`}
          value={draft.sell}
          disabled={saving || locks.sell !== null}
          description={locks.sell ?? undefined}
          error={shown ? problems.sell : undefined}
          onChange={(e) => setDraft({ ...draft, sell: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>{line.billingStatus}</Table.Td>
      <Table.Td>{invoice}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" loading={saving} onClick={() => void submit()}>
            Save
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={saving}
            onClick={() => {
              setDraft(draftOf(line));
              setShown(false);
              setState('viewing');
            }}
          >
            Cancel
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
