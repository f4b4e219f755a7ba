// The accounting sync page (001 §3 sync options, §4, §7): the four previews (invoices, invoice payments, bills,
// bill payments; each item selected by default, the failed ones on demand), the options, Test connection, Test
// run and Run sync. A run makes a tracker (CreateTracker), passes its traceLogId as the run's activityId and
// shows the product's progress tracker (@loadline/ui) until the run finishes; the previews are read again after it.
import { formatUsd } from '@loadline/contracts';
import {
  Alert,
  Button,
  Center,
  CheckboxField,
  formatDate,
  Group,
  type Loaded,
  Loader,
  type LoadState,
  Paper,
  ProgressTracker,
  refusalMessage,
  Stack,
  serverMessages,
  Table,
  Text,
  Title,
  toast,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { type AccountingCalls, type SyncKind, useAccountingCalls } from '../../api/client.ts';
import type { ConnectionTest, ProgressSnapshot, SyncItem, SyncPreview } from '../../api/types.ts';
import { initiallySelected, type Selection, syncKinds, syncOptionsOf, syncTexts } from '../../rules/sync.ts';

type Preview = LoadState<SyncPreview>;
type Run = { traceLogId: string; isTestRun: boolean; total: number; finished: ProgressSnapshot | null };

const emptySelection: Selection = {
  invoices: new Set(),
  invoicepayments: new Set(),
  bills: new Set(),
  billpayments: new Set(),
};

function PreviewTable({
  title,
  preview,
  selected,
  onToggle,
  onToggleAll,
  failedOnly,
  onFailedOnly,
  disabled,
}: {
  title: string;
  preview: Preview;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  failedOnly: boolean;
  onFailedOnly: (on: boolean) => void;
  disabled: boolean;
}) {
  const items: SyncItem[] = preview.state === 'loaded' ? preview.data.items : [];
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Group justify="space-between">
        <Title order={2} size="h5">
          {preview.state === 'loaded'
            ? `${title} (${selected.size} of ${preview.data.totalCount} selected)`
            : title}
        </Title>
        <CheckboxField label="Failed only" checked={failedOnly} onChange={onFailedOnly} disabled={disabled} />
      </Group>
      {(preview.state === 'loading' || preview.state === 'idle') && (
        <Center p="xs">
          <Loader size="xs" aria-label={`Loading ${title.toLowerCase()}`} />
        </Center>
      )}
      {preview.state === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {refusalMessage(preview.status, preview.error) ?? syncTexts.previewFailed(title)}
        </Text>
      )}
      {preview.state === 'loaded' && items.length === 0 && <Text size="sm">Nothing to sync.</Text>}
      {items.length > 0 && (
        <Table aria-label={`${title} to sync`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <input
                  type="checkbox"
                  aria-label={`Select all ${title.toLowerCase()}`}
                  checked={items.every((i) => selected.has(i.id))}
                  disabled={disabled}
                  onChange={(e) => onToggleAll(e.currentTarget.checked)}
                />
              </Table.Th>
              <Table.Th>Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Organization</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Sync status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <input
                    type="checkbox"
                    aria-label={`Sync ${item.kind} ${item.number}`}
                    checked={selected.has(item.id)}
                    disabled={disabled}
                    onChange={(e) => onToggle(item.id, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{item.number}</Table.Td>
                <Table.Td>{formatDate(item.date.slice(0, 10))}</Table.Td>
                <Table.Td>{item.organizationName ?? ''}</Table.Td>
                <Table.Td ta="right">{formatUsd(item.amountCents)}</Table.Td>
                <Table.Td>{item.message ? `${item.syncStatus}: ${item.message}` : item.syncStatus}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** One preview, read on arrival and when its "Failed only" changes; its answer selects as the service marks. */

function usePreview(
  calls: AccountingCalls,
  kind: SyncKind,
  failedOnly: boolean,
  setSelection: Dispatch<SetStateAction<Selection>>,
): Loaded<SyncPreview> {
  return useLoad(['sync-preview', kind, failedOnly], () => calls.preview(kind, failedOnly), {
    onLoaded: (data) => setSelection((s) => ({ ...s, [kind]: initiallySelected(data.items) })),
    onFailed: () => setSelection((s) => ({ ...s, [kind]: new Set() })),
  });
}

export function AccountingSyncPage() {
  usePageTitle('Accounting sync');
  const calls = useAccountingCalls();
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [failedOnly, setFailedOnly] = useState<Record<SyncKind, boolean>>({
    invoices: false,
    invoicepayments: false,
    bills: false,
    billpayments: false,
  });
  const previews: Record<SyncKind, Loaded<SyncPreview>> = {
    invoices: usePreview(calls, 'invoices', failedOnly.invoices, setSelection),
    invoicepayments: usePreview(calls, 'invoicepayments', failedOnly.invoicepayments, setSelection),
    bills: usePreview(calls, 'bills', failedOnly.bills, setSelection),
    billpayments: usePreview(calls, 'billpayments', failedOnly.billpayments, setSelection),
  };
  const readAll = () => {
    for (const { kind } of syncKinds) previews[kind].reload();
  };
  const [checkNumbers, setCheckNumbers] = useState(false);
  const [logger, setLogger] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const [starting, setStarting] = useState(false);
  const [connection, setConnection] = useState<ConnectionTest | 'testing' | 'failed' | null>(null);
  const running = starting || (run !== null && run.finished === null);

  const start = async (isTestRun: boolean) => {
    const total = syncKinds.reduce((n, { kind }) => n + selection[kind].size, 0);
    if (total === 0) {
      toast.warning(syncTexts.nothingSelected);
      return;
    }
    setStarting(true);
    try {
      const tracker = await calls.createTracker();
      if (!tracker.ok) {
        toast.error(syncTexts.runFailed);
        return;
      }
      const started = await calls.runSync(
        syncOptionsOf(selection, {
          activityId: tracker.data.traceLogId,
          isTestRun,
          doRetreiveCheckNumbers: checkNumbers,
          enableLogger: logger,
        }),
      );
      if (!started.ok) {
        toast.error([syncTexts.runFailed, ...serverMessages(started.error)].join(' '));
        return;
      }
      setRun({ traceLogId: started.data.traceLogId, isTestRun, total: started.data.total, finished: null });
    } finally {
      setStarting(false);
    }
  };

  const testConnection = async () => {
    setConnection('testing');
    const answer = await calls.testConnection();
    setConnection(answer.ok ? answer.data : 'failed');
  };

  return (
    <Stack>
      <Title order={1} size="h3">
        Accounting sync
      </Title>
      <Group>
        <Button variant="default" onClick={() => void testConnection()} loading={connection === 'testing'}>
          Test connection
        </Button>
        <Button variant="light" onClick={() => void start(true)} disabled={running}>
          Test run
        </Button>
        <Button onClick={() => void start(false)} disabled={running} loading={starting}>
          Run sync
        </Button>
        <CheckboxField
          label="Retrieve check numbers"
          checked={checkNumbers}
          onChange={setCheckNumbers}
          disabled={running}
        />
        <CheckboxField label="Log each item" checked={logger} onChange={setLogger} disabled={running} />
      </Group>
      {connection === 'failed' && (
        <Alert color="red" role="alert">
          {syncTexts.connectionFailed}
        </Alert>
      )}
      {connection !== null && typeof connection === 'object' && (
        <Alert
          color={connection.connected ? 'green' : 'red'}
          role="status"
          title={`Connection: ${connection.syncType}`}
        >
          {connection.message}
        </Alert>
      )}
      {run && (
        <Paper withBorder p="sm" component="section" aria-label="Sync progress">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {`${run.isTestRun ? 'Test run' : 'Sync'} of ${run.total} item${run.total === 1 ? '' : 's'}`}
            </Text>
            <ProgressTracker
              key={run.traceLogId}
              traceLogId={run.traceLogId}
              trackerType="AccountingSync"
              label={run.isTestRun ? 'Test run progress' : 'Sync progress'}
              onFinished={(snapshot) => {
                setRun((r) => (r && r.traceLogId === snapshot.traceLogId ? { ...r, finished: snapshot } : r));
                if (!run.isTestRun) readAll();
              }}
            />
            {run.finished && (
              <Text size="sm" role="status">
                {[run.finished.message, run.isTestRun ? syncTexts.testRunDone : null]
                  .filter(Boolean)
                  .join(' ')}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      {syncKinds.map(({ kind, title }) => (
        <PreviewTable
          key={kind}
          title={title}
          preview={previews[kind]}
          selected={selection[kind]}
          disabled={running}
          failedOnly={failedOnly[kind]}
          onFailedOnly={(on) => setFailedOnly((f) => ({ ...f, [kind]: on }))}
          onToggle={(id, on) =>
            setSelection((s) => {
              const next = new Set(s[kind]);
              if (on) next.add(id);
              else next.delete(id);
              return { ...s, [kind]: next };
            })
          }
          onToggleAll={(on) =>
            setSelection((s) => ({
              ...s,
              [kind]:
                on && previews[kind].state === 'loaded'
                  ? new Set(previews[kind].data.items.map((i) => i.id))
                  : new Set(),
            }))
          }
        />
      ))}
    </Stack>
  );
}
