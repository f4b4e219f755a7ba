// One charge line of the accounting summary with the inline editor (001 §4, §7): viewing → Edit → editing →
// Save (PUT of the whole model; the answer replaces the row) or Cancel (the row as it was). A failed save
// toasts 'Error: Unable to save changes.' and stays in editing with what was typed.
import { formatUsd, InvoiceStatus, messages } from '@loadline/contracts';
import type { Outcome } from '@loadline/ui';
import { Button, Group, serverMessages, Table, TextInput, toast } from '@loadline/ui';
import { useState } from 'react';
import type { ChargeLine, ChargeLineUpdate } from '../../api/types.ts';
import {
  buyLocked,
  type ChargeLineDraft,
  draftOf,
  draftProblems,
  type EditorState,
  modelToSave,
  sellLocked,
} from '../../rules/chargeLines.ts';

export interface ChargeLineRowProps {
  line: ChargeLine;
  save: (model: ChargeLineUpdate) => Promise<Outcome<ChargeLine>>;
  /** the saved line, as the server answered it */
  onSaved: (line: ChargeLine) => void;
}

export function ChargeLineRow({ line, save, onSaved }: ChargeLineRowProps) {
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
          disabled={saving || buyLocked(line)}
          error={shown ? problems.buy : undefined}
          onChange={(e) => setDraft({ ...draft, buy: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Sell of ${label}`}
          value={draft.sell}
          disabled={saving || sellLocked(line)}
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
