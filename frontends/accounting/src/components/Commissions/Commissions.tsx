// The shipment's commissions on the accounting summary (001 §3: rate, amounts, min, max; 002 §3.6
// calculation types and statuses): who is paid, the calculation type, the rate (a percent for the percentage
// types, dollars for Flat and Transaction Fee), the minimum and maximum, the amount the service computed
// from the current buy and sell, and the status with who set it. "Add commission" (decision 0057) and each
// commission's Approve, Decline, Reopen and Delete are what the service says the caller may do: the
// summary's `addCommissionLock` and each commission's `locks`; a refusal toasts 001 §8's 'Error: Unable to
// save changes.' with the service's reason, and the summary is read again after every change.
import {
  CommissionCalculationType,
  CommissionStatus,
  formatPercent,
  formatUsd,
  messages,
} from '@loadline/contracts';
import {
  Button,
  confirm,
  Group,
  SelectField,
  serverMessages,
  Table,
  Text,
  TextInput,
  Title,
  toast,
} from '@loadline/ui';
import { useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { Commission } from '../../api/types.ts';
import {
  type CommissionDraft,
  commissionBody,
  commissionDraftProblems,
  emptyCommission,
  rateIsDollars,
} from '../../rules/commissions.ts';

/** Flat 0 and TransactionFee 10 pay the rate in cents; the others a rate in basis points (decision 0050). */
export const rateText = (c: Pick<Commission, 'calculationType' | 'rate'>): string =>
  rateIsDollars(c.calculationType) ? formatUsd(c.rate) : `${formatPercent(c.rate)}%`;

const limit = (cents: number | null) => (cents === null ? '—' : formatUsd(cents));
const typeChoices = CommissionCalculationType.entries.map((e) => ({ value: String(e.value), name: e.name }));
const failed = (error: unknown) =>
  toast.error([messages.inlineEditor.saveFailed, ...serverMessages(error)].join(' '));

function AddCommission({ shipmentId, onAdded }: { shipmentId: number; onAdded: () => void }) {
  const calls = useAccountingCalls();
  const [draft, setDraft] = useState<CommissionDraft>(emptyCommission);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const problems = commissionDraftProblems(draft);
  const dollars = draft.calculationType !== '' && rateIsDollars(Number(draft.calculationType));
  const set = (change: Partial<CommissionDraft>) => setDraft({ ...draft, ...change });
  const textField = (field: Exclude<keyof CommissionDraft, 'calculationType'>, label: string) => (
    <TextInput
      size="xs"
      label={label}
      maxLength={200}
      value={draft[field]}
      disabled={busy}
      error={shown ? problems[field] : undefined}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
    />
  );

  const add = async () => {
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const answer = await calls.addCommission(commissionBody(shipmentId, draft));
    setBusy(false);
    if (answer.ok) onAdded();
    else failed(answer.error);
  };

  return (
    <Group gap="xs" align="flex-start" role="group" aria-label="New commission">
      {textField('payeeName', 'Payee')}
      <SelectField
        label="Calculation"
        value={draft.calculationType}
        choices={[{ value: '', name: '--Select--' }, ...typeChoices]}
        onChange={(calculationType) => set({ calculationType })}
        error={shown ? problems.calculationType : undefined}
        disabled={busy}
      />
      {textField('rate', dollars ? 'Rate ($)' : 'Rate (%)')}
      {textField('min', 'Min ($)')}
      {textField('max', 'Max ($)')}
      <Group gap={4} mt={18}>
        <Button size="compact-xs" loading={busy} onClick={() => void add()}>
          Add
        </Button>
      </Group>
    </Group>
  );
}

function CommissionRow({ commission: c, onChanged }: { commission: Commission; onChanged: () => void }) {
  const calls = useAccountingCalls();
  const [busy, setBusy] = useState<string | null>(null);
  const status = CommissionStatus.nameOf(c.status) ?? String(c.status);

  const move = async (action: string, next: number) => {
    setBusy(action);
    const answer = await calls.saveCommission({
      ...c,
      calculationType: c.calculationType as Parameters<typeof calls.saveCommission>[0]['calculationType'],
      status: next as Parameters<typeof calls.saveCommission>[0]['status'],
    });
    setBusy(null);
    if (answer.ok) {
      toast.success(`Commission of ${c.payeeName} ${CommissionStatus.nameOf(next)?.toLowerCase()}.`);
      onChanged();
    } else failed(answer.error);
  };

  const remove = async () => {
    const sure = await confirm({
      title: 'Delete commission',
      text: `Delete the commission of ${c.payeeName} (${formatUsd(c.amountCents)})?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    setBusy('Delete');
    const answer = await calls.deleteCommission(c.commissionId);
    setBusy(null);
    if (answer.ok) onChanged();
    else failed(answer.error);
  };

  return (
    <Table.Tr>
      <Table.Td>{c.payeeName}</Table.Td>
      <Table.Td>{CommissionCalculationType.nameOf(c.calculationType) ?? c.calculationType}</Table.Td>
      <Table.Td ta="right">{rateText(c)}</Table.Td>
      <Table.Td ta="right">{limit(c.minCents)}</Table.Td>
      <Table.Td ta="right">{limit(c.maxCents)}</Table.Td>
      <Table.Td ta="right">{formatUsd(c.amountCents)}</Table.Td>
      <Table.Td title={c.statusChangedBy ? `${status} by ${c.statusChangedBy}` : undefined}>
        {status}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {c.locks.actions.map(({ action, status: next }) => (
            <Button
              key={action}
              size="compact-xs"
              variant={action === 'Approve' ? 'light' : 'subtle'}
              color={action === 'Decline' ? 'red' : undefined}
              aria-label={`${action} commission of ${c.payeeName}`}
              loading={busy === action}
              disabled={busy !== null && busy !== action}
              onClick={() => void move(action, next)}
            >
              {action}
            </Button>
          ))}
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`Delete commission of ${c.payeeName}`}
            disabled={c.locks.delete !== null}
            title={c.locks.delete ?? undefined}
            loading={busy === 'Delete'}
            onClick={() => void remove()}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export interface CommissionsProps {
  shipmentId: number;
  commissions: readonly Commission[];
  /** null when the caller may add commissions; else why not (the service's) */
  addLock: string | null;
  onChanged: () => void;
}

export function Commissions({ shipmentId, commissions, addLock, onChanged }: CommissionsProps) {
  const [adding, setAdding] = useState(false);
  return (
    <section aria-label="Commissions">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Commissions
        </Title>
        <Button
          size="compact-xs"
          variant="light"
          disabled={addLock !== null}
          title={addLock ?? undefined}
          onClick={() => setAdding((open) => !open)}
        >
          {adding ? 'Cancel' : 'Add commission'}
        </Button>
      </Group>
      {adding && addLock === null && (
        <AddCommission
          shipmentId={shipmentId}
          onAdded={() => {
            setAdding(false);
            onChanged();
          }}
        />
      )}
      {commissions.length === 0 && <Text size="sm">No commissions on this shipment.</Text>}
      {commissions.length > 0 && (
        <Table aria-label="Commission amounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Payee</Table.Th>
              <Table.Th>Calculation</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Min</Table.Th>
              <Table.Th ta="right">Max</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <span style={{ position: 'absolute', left: -9999 }}>Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {commissions.map((c) => (
              <CommissionRow key={`${c.commissionId}:${c.version}`} commission={c} onChanged={onChanged} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
