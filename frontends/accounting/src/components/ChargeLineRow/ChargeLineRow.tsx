// One charge line of the accounting summary with the inline editor (001 §4, §7): viewing → Edit → editing →
// Save (PUT of the whole model; the answer replaces the row) or Cancel (the row as it was). A failed save
// toasts 'Error: Unable to save changes.' and stays in editing with what was typed. Delete asks the generic
// confirm dialog first. The editor edits the type (002 §3.5), description, buy, sell, billing status, payer
// (another group of the shipment) and carrier (the shipment's or none); quantity and rate are not modelled.
// What may change (an invoiced sell or type, a billed buy or carrier, deleting either) is what the service
// sent in the line's `locks`; a locked field is shown disabled with the service's reason. The billing
// statuses offered are the service's `billingStatusChoices`.
import {
  ChargeLineAccountingStatus,
  ChargeLineType,
  formatUsd,
  InvoiceStatus,
  messages,
} from '@loadline/contracts';
import type { Outcome } from '@loadline/ui';
import { Button, confirm, Group, Stack, serverMessages, Table, Text, TextInput, toast } from '@loadline/ui';
import { useId, useState } from 'react';
import type { ChargeLine, ChargeLineUpdate } from '../../api/types.ts';
import {
  draftOf,
  draftProblems,
  type EditorState,
  type LineEditDraft,
  modelToSave,
} from '../../rules/chargeLines.ts';

/** What the editor may pick from, all of it the summary's: the shipment's payer groups, its carrier, the billing statuses. */
export interface LineChoices {
  groups: readonly { groupId: string; name: string }[];
  carrier: { carrierMasterId: string; name: string } | null;
  billingStatuses: readonly string[];
}

const typeChoices = ChargeLineType.entries.map((e) => ({ value: e.code, name: e.name }));
const statusName = (code: string) => ChargeLineAccountingStatus.nameOf(code) ?? code;

/** A native select in a table cell, named for the line; locked, it is disabled with the service's reason under it. */
function CellSelect({
  label,
  value,
  choices,
  lock,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly { value: string; name: string }[];
  lock: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const reasonId = useId();
  return (
    <Stack gap={2}>
      <select
        aria-label={label}
        style={{ font: 'inherit', fontSize: 12, padding: 2, borderRadius: 4 }}
        value={value}
        disabled={disabled || lock !== null}
        aria-describedby={lock ? reasonId : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.name}
          </option>
        ))}
      </select>
      {lock && (
        <Text size="xs" c="dimmed" id={reasonId}>
          {lock}
        </Text>
      )}
    </Stack>
  );
}

/** The choices, with the line's own value kept when it is not among them (a status the service set, an old carrier). */
function withCurrent(choices: { value: string; name: string }[], value: string, name: string) {
  return choices.some((c) => c.value === value) ? choices : [{ value, name }, ...choices];
}

export interface ChargeLineRowProps {
  line: ChargeLine;
  choices: LineChoices;
  save: (model: ChargeLineUpdate) => Promise<Outcome<ChargeLine>>;
  /** the saved line, as the server answered it */
  onSaved: (line: ChargeLine) => void;
  remove: (chargeLineId: string) => Promise<Outcome<unknown>>;
  onDeleted: (chargeLineId: string) => void;
}

export function ChargeLineRow({ line, choices, save, onSaved, remove, onDeleted }: ChargeLineRowProps) {
  const [state, setState] = useState<EditorState>('viewing');
  const [draft, setDraft] = useState<LineEditDraft>(() => draftOf(line));
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
        <Table.Td>{statusName(line.billingStatus)}</Table.Td>
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
  const carrierChoices = withCurrent(
    [
      { value: '', name: 'No carrier' },
      ...(choices.carrier ? [{ value: choices.carrier.carrierMasterId, name: choices.carrier.name }] : []),
    ],
    line.carrierMasterId ?? '',
    line.carrierMasterName ?? line.carrierMasterId ?? '',
  );
  return (
    <Table.Tr>
      <Table.Td>
        <CellSelect
          label={`Type of ${label}`}
          value={draft.chargeLineType}
          choices={withCurrent(typeChoices, line.chargeLineType, line.chargeLineType)}
          lock={locks.chargeLineType}
          disabled={saving}
          onChange={(chargeLineType) => setDraft({ ...draft, chargeLineType })}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <TextInput
            size="xs"
            aria-label={`Description of ${label}`}
            maxLength={200}
            value={draft.description}
            disabled={saving}
            onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
          />
          <CellSelect
            label={`Payer of ${label}`}
            value={draft.groupId}
            choices={choices.groups.map((g) => ({ value: g.groupId, name: `Billed to ${g.name}` }))}
            lock={locks.payer}
            disabled={saving}
            onChange={(groupId) => setDraft({ ...draft, groupId })}
          />
          <CellSelect
            label={`Carrier of ${label}`}
            value={draft.carrierMasterId}
            choices={carrierChoices}
            lock={locks.vendor}
            disabled={saving}
            onChange={(carrierMasterId) => setDraft({ ...draft, carrierMasterId })}
          />
          {line.vendorName && <Text size="xs">{`Vendor: ${line.vendorName}`}</Text>}
        </Stack>
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
      <Table.Td>
        <CellSelect
          label={`Billing status of ${label}`}
          value={draft.billingStatus}
          choices={withCurrent(
            choices.billingStatuses.map((code) => ({ value: code, name: statusName(code) })),
            line.billingStatus,
            statusName(line.billingStatus),
          )}
          lock={locks.billingStatus}
          disabled={saving}
          onChange={(billingStatus) => setDraft({ ...draft, billingStatus })}
        />
      </Table.Td>
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
