// A shipment's activity log (000 §2 items 2 and 9, §4), inline (the edit-status modal's operation notes, the
// shipment page) and as its own modal. The latest 50 load first, then "the remaining" on request; archived
// entries on demand; the filters of 000 §4 through the server; for staff the add form, the access-level cycle,
// pins, email reassignment and dismissal, and the consolidation push. The front office reads the customer's
// Public entries (the service answers nothing else) and is offered no changes.
import { allRetrieved, messages, SHIPMENT_ACTIVITY_PAGE_SIZE } from '@loadline/contracts';
import {
  Button,
  Center,
  CheckboxField,
  Group,
  Loader,
  Modal,
  modalSizes,
  ScrollArea,
  SelectField,
  type ShipmentActivityLogModalProps,
  type ShipmentActivityLogProps,
  Stack,
  Text,
  Title,
  toast,
  useLoad,
} from '@loadline/ui';
import { useState } from 'react';
import { useActivityCalls } from '../../api/client.ts';
import type { ShipmentActivity } from '../../api/types.ts';
import {
  appendRemaining,
  filterFromKey,
  filterKey,
  type LogFilter,
  logQuery,
  NO_FILTER,
  replaceEntry,
  TYPE_FILTER_CHOICES,
} from '../../rules/log.ts';
import { ActivityEntry } from '../ActivityEntry/index.ts';
import { AddActivityForm } from '../AddActivityForm/index.ts';
import { EmailDismissModal, EmailReassignModal } from '../EmailActivityModals/index.ts';

const filterChoices = TYPE_FILTER_CHOICES.map((c) => ({ value: filterKey(c.filter), name: c.name }));

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; entries: ShipmentActivity[]; allRetrieved: boolean };

const noChildren: number[] = [];

type Archive = { state: 'none' } | { state: 'loading' } | { state: 'loaded'; entries: ShipmentActivity[] };

/** The search message (000 §8): 'Searching...', the load failure, 'No Results Found' or '{n} results found.' */
function searchMessage(load: Load): string {
  if (load.state === 'loading') return messages.search.searching;
  if (load.state === 'failed') return messages.activities.loadFailed;
  return load.entries.length === 0
    ? messages.search.noResults
    : messages.search.resultsFound(load.entries.length);
}

export function ShipmentActivityLog({
  shipmentId,
  office,
  canUseAdminAccessLevel = false,
  operationNotes = false,
  refreshKey,
}: ShipmentActivityLogProps) {
  const calls = useActivityCalls();
  const staff = office === 'backOffice';
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const [loadingRemaining, setLoadingRemaining] = useState(false);
  const [archive, setArchive] = useState<Archive>({ state: 'none' });
  const [adding, setAdding] = useState(false);
  const [pushing, setPushing] = useState(false);
  const [email, setEmail] = useState<{ entry: ShipmentActivity; action: 'reassign' | 'dismiss' } | null>(
    null,
  );
  const [fullLog, setFullLog] = useState(false);

  // The latest page (or the operation notes), again whenever the filter changes or the page asks.
  const page = useLoad(
    ['shipmentLog', shipmentId, filter, operationNotes, refreshKey ?? null],
    async () => {
      const answer = await (operationNotes
        ? calls.operationNotes(shipmentId)
        : calls.shipmentLog(logQuery(shipmentId, filter)));
      if (!answer.ok) return answer;
      // 000 §4: fewer than 50 means all were retrieved; otherwise "the remaining" is offered.
      const all = operationNotes || allRetrieved(answer.data.length, SHIPMENT_ACTIVITY_PAGE_SIZE);
      return { ok: true, data: { entries: answer.data, allRetrieved: all } };
    },
    { onFailed: () => toast.error(messages.activities.loadFailed) },
  );
  const load: Load =
    page.state === 'loaded'
      ? { state: 'loaded', ...page.data }
      : page.state === 'failed'
        ? { state: 'failed' }
        : { state: 'loading' };
  const setLoaded = page.set;

  // 000 §4: parent activity can be pushed to the children of a consolidation; offered when there are children.
  const facts = useLoad(
    staff && !operationNotes ? ['shipmentFacts', shipmentId] : null,
    () => calls.shipmentFacts(shipmentId),
    { onFailed: () => toast.error(messages.shipment.consolidationCheckFailed) },
  );
  const childShipments = facts.state === 'loaded' ? facts.data.consolidationChildIds : noChildren;

  const updateEntries = (change: (entries: ShipmentActivity[]) => ShipmentActivity[]) =>
    setLoaded((l) => ({ ...l, entries: change(l.entries) }));

  async function loadRemaining() {
    if (load.state !== 'loaded') return;
    setLoadingRemaining(true);
    const answer = await calls.shipmentLog(logQuery(shipmentId, filter, load.entries.length));
    setLoadingRemaining(false);
    if (!answer.ok) {
      toast.error(messages.activities.loadFailed);
      return;
    }
    setLoaded((l) => ({ ...l, entries: appendRemaining(l.entries, answer.data), allRetrieved: true }));
  }

  async function loadArchive() {
    setArchive({ state: 'loading' });
    const answer = await calls.archive(shipmentId);
    if (!answer.ok) {
      toast.error(messages.activities.loadFailed);
      setArchive({ state: 'none' });
      return;
    }
    setArchive({ state: 'loaded', entries: answer.data });
  }

  async function pushToChildren() {
    setPushing(true);
    const answer = await calls.pushToChildren(shipmentId);
    setPushing(false);
    if (answer.ok) toast.success(messages.activities.pushedToChildren);
    else toast.error(messages.activities.pushToChildrenFailed);
  }

  const entryProps = {
    calls,
    canChange: staff,
    adminAllowed: canUseAdminAccessLevel,
    onChanged: (updated: ShipmentActivity) => updateEntries((entries) => replaceEntry(entries, updated)),
    onEmailAction: (entry: ShipmentActivity, action: 'reassign' | 'dismiss') => setEmail({ entry, action }),
  };
  const title = operationNotes ? 'Operation notes' : 'Activity log';

  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Title order={5}>{title}</Title>
        <Group gap="xs">
          {staff && !operationNotes && !adding && (
            <Button size="compact-xs" onClick={() => setAdding(true)}>
              Add activity
            </Button>
          )}
          {staff && !operationNotes && childShipments.length > 0 && (
            <Button size="compact-xs" variant="light" onClick={() => void pushToChildren()} loading={pushing}>
              Push to child shipments
            </Button>
          )}
          {operationNotes && (
            <Button size="compact-xs" variant="light" onClick={() => setFullLog(true)}>
              Full activity log
            </Button>
          )}
        </Group>
      </Group>
      {!operationNotes && (
        <Group gap="sm" wrap="wrap" align="flex-end" role="group" aria-label="Filters">
          <SelectField
            label="Type"
            value={filterKey(filter.type)}
            choices={filterChoices}
            onChange={(key) => setFilter((f) => ({ ...f, type: filterFromKey(key) }))}
          />
          <CheckboxField
            size="xs"
            label="Pinned only"
            checked={filter.pinnedOnly}
            onChange={(pinnedOnly) => setFilter((f) => ({ ...f, pinnedOnly }))}
          />
          <CheckboxField
            size="xs"
            label="Non-system notes"
            checked={filter.nonSystemOnly}
            onChange={(nonSystemOnly) => setFilter((f) => ({ ...f, nonSystemOnly }))}
          />
        </Group>
      )}
      {adding && (
        <AddActivityForm
          shipmentId={shipmentId}
          calls={calls}
          adminAllowed={canUseAdminAccessLevel}
          onAdded={(entry) =>
            updateEntries((entries) => [entry, ...entries.filter((e) => e.id !== entry.id)])
          }
          onClose={() => setAdding(false)}
        />
      )}
      <Text size="xs" c={load.state === 'failed' ? 'red' : 'dimmed'} role="status">
        {searchMessage(load)}
      </Text>
      {load.state === 'loading' ? (
        <Center p="sm">
          <Loader size="sm" aria-label="Loading activities" />
        </Center>
      ) : load.state === 'loaded' ? (
        <ScrollArea.Autosize mah={operationNotes ? 320 : undefined}>
          <Stack gap={6}>
            {load.entries.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} {...entryProps} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      ) : null}
      <Group gap="xs">
        {load.state === 'loaded' && !load.allRetrieved && (
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => void loadRemaining()}
            loading={loadingRemaining}
          >
            Load remaining activities
          </Button>
        )}
        {!operationNotes && archive.state !== 'loaded' && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => void loadArchive()}
            loading={archive.state === 'loading'}
          >
            Load archived activities
          </Button>
        )}
      </Group>
      {archive.state === 'loaded' && (
        <Stack gap={6} component="section" aria-label="Archived activities">
          <Text size="xs" fw={600}>
            {`Archived activities (${archive.entries.length})`}
          </Text>
          {archive.entries.map((entry) => (
            <ActivityEntry key={`archived-${entry.id}`} entry={entry} {...entryProps} />
          ))}
        </Stack>
      )}
      <EmailReassignModal
        calls={calls}
        entry={email?.action === 'reassign' ? email.entry : null}
        onClose={() => setEmail(null)}
        onDone={(moved) => updateEntries((entries) => entries.filter((e) => e.id !== moved.id))}
      />
      <EmailDismissModal
        calls={calls}
        entry={email?.action === 'dismiss' ? email.entry : null}
        onClose={() => setEmail(null)}
        onDone={(dismissed) => updateEntries((entries) => entries.filter((e) => e.id !== dismissed.id))}
      />
      {operationNotes && (
        <ShipmentActivityLogModal
          shipmentId={shipmentId}
          office={office}
          canUseAdminAccessLevel={canUseAdminAccessLevel}
          opened={fullLog}
          onClose={() => setFullLog(false)}
        />
      )}
    </Stack>
  );
}

/** The shipment activity log modal (000 §2 item 9). */
export function ShipmentActivityLogModal({ opened, onClose, ...log }: ShipmentActivityLogModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={modalSizes.large}
      title={`Activity log · Shipment ${log.shipmentId}`}
    >
      {opened && <ShipmentActivityLog {...log} operationNotes={false} />}
    </Modal>
  );
}
