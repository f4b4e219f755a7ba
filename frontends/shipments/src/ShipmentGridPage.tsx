import {
  DEFAULT_PAGER_PAGE_SIZE,
  DomesticShipmentStatuses,
  messages,
  ShipmentStatus,
} from '@loadline/contracts';
import {
  Alert,
  type BulkEmailSenderProps,
  Button,
  Center,
  clampPage,
  Group,
  Loader,
  Pager,
  pageCount,
  RemoteModuleIds,
  RemotePage,
  type ShipmentGridPageProps,
  Stack,
  Text,
  TextInput,
  Title,
  type TrackingStatusRequestSenderProps,
  toast,
  useAppNavigate,
  useOptionalShellRuntime,
  usePageTitle,
} from '@loadline/ui';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { shipmentsCsvHref } from './api/shipments.ts';
import type { ShipmentExportQuery, ShipmentListItem } from './api/types.ts';
import { ColumnChooser } from './components/ColumnChooser/index.ts';
import { ShipmentGrid, type ShipmentSort } from './components/ShipmentGrid/index.ts';
import { useFeatureFlags } from './hooks/useFeatureFlags.ts';
import { useGridColumns } from './hooks/useGridColumns.ts';
import { useShipmentList } from './hooks/useShipmentList.ts';
import { OCEAN_PAGE_FLAG, shipmentPath } from './rules/shipmentRoutes.ts';

/**
 * The shipment grid (exposed as `shipments/ShipmentGridPage`): GET /api/shipments with the user's columns
 * (the default 14 of 002 §3.11, chosen and saved per user), a status filter and a search, paging, sorting,
 * the CSV export link, each status in its colour. A row opens its shipment: in the back office by its type
 * (000 §2), in the front office the customer's read-only page. In the back office rows can be selected
 * (kept across pages, sorts and searches until "Clear selection") and sent to the attachments remote's bulk
 * email sender (001 §2) with "Bulk email", or to its tracking status request sender.
 */
export default function ShipmentGridPage({ office, initialSearch }: ShipmentGridPageProps) {
  usePageTitle(office === 'frontOffice' ? 'My shipments' : 'Shipments');
  const navigate = useAppNavigate();
  const statusId = useId();
  const [draft, setDraft] = useState(initialSearch ?? '');
  const [text, setText] = useState(initialSearch ?? '');
  const [status, setStatus] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ShipmentSort | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [round, setRound] = useState(0);
  const grid = useGridColumns();
  const flags = useFeatureFlags(office === 'backOffice');
  const staff = office === 'backOffice';
  // The bulk email sender is another remote: only inside a shell, which loads it (not the stand-alone harness).
  const runtime = useOptionalShellRuntime();
  const canBulkEmail = staff && runtime !== null;
  const [selected, setSelected] = useState<number[]>([]);
  // "Bulk email" mounts the attachments remote's sender, opened at once; it stays mounted (its own "Bulk
  // email" button opens it again with the current selection) until the selection is empty.
  const [bulkMounted, setBulkMounted] = useState(false);
  // "Tracking status request" mounts the attachments remote's tracking status request sender (001 §2) the
  // same way.
  const [trackingMounted, setTrackingMounted] = useState(false);
  const select = (next: number[]) => {
    setSelected(next);
    if (next.length === 0) {
      setBulkMounted(false);
      setTrackingMounted(false);
    }
  };

  // A new search from outside (the universal search's shipment result) searches again.
  useEffect(() => {
    setDraft(initialSearch ?? '');
    setText(initialSearch ?? '');
    setPage(1);
  }, [initialSearch]);

  const filters = useMemo(() => {
    const query: ShipmentExportQuery = {};
    if (text.trim()) query.text = text.trim();
    if (status !== null) query.status = [status];
    if (sort) {
      query.sortBy = sort.by;
      query.sortDirection = sort.direction;
    }
    return query;
  }, [text, status, sort]);
  const load = useShipmentList({ ...filters, page, pageSize: DEFAULT_PAGER_PAGE_SIZE }, round);
  const list = load.state === 'failed' ? undefined : load.list;
  const failed = load.state === 'failed';
  useEffect(() => {
    if (failed) toast.error(messages.common.unableToGetResults);
  }, [failed]);
  const pages = list ? pageCount(list.totalCount, list.pageSize) : 1;

  const pathOf = (item: ShipmentListItem) =>
    shipmentPath(item, { office, oceanPageEnabled: flags.includes(OCEAN_PAGE_FLAG) });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setText(draft);
    setPage(1);
  };

  const saveColumns = async (chosen: string[]) => {
    const ok = await grid.save(chosen);
    if (ok) setRound((r) => r + 1);
    else toast.error(messages.common.genericError);
    return ok;
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {office === 'frontOffice' ? 'My shipments' : 'Shipments'}
        </Title>
        <Group gap="xs">
          {staff && selected.length > 0 && (
            <>
              <Text size="sm" aria-live="polite">
                {selected.length} selected
              </Text>
              <Button variant="subtle" size="xs" onClick={() => select([])}>
                Clear selection
              </Button>
            </>
          )}
          {canBulkEmail &&
            (bulkMounted ? (
              <RemotePage<BulkEmailSenderProps>
                name="Bulk email"
                id={RemoteModuleIds.bulkEmailSender}
                props={{ shipmentIds: selected, defaultOpened: true }}
              />
            ) : (
              <Button size="xs" disabled={selected.length === 0} onClick={() => setBulkMounted(true)}>
                Bulk email
              </Button>
            ))}
          {canBulkEmail &&
            (trackingMounted ? (
              <RemotePage<TrackingStatusRequestSenderProps>
                name="Tracking status request"
                id={RemoteModuleIds.trackingStatusRequestSender}
                props={{ shipmentIds: selected, defaultOpened: true }}
              />
            ) : (
              <Button
                size="xs"
                variant="default"
                disabled={selected.length === 0}
                onClick={() => setTrackingMounted(true)}
              >
                Tracking status request
              </Button>
            ))}
          <Button
            variant="default"
            size="xs"
            onClick={() => setChoosing(true)}
            disabled={grid.available.length === 0}
          >
            Columns
          </Button>
          <Button component="a" variant="default" size="xs" href={shipmentsCsvHref(filters)} download>
            Export CSV
          </Button>
        </Group>
      </Group>
      <form onSubmit={search} aria-label="Search shipments">
        <Group align="flex-end" gap="sm">
          <TextInput
            size="xs"
            label="Search"
            placeholder="Shipment id, customer, city, carrier, reference"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            style={{ minWidth: 280 }}
          />
          <Stack gap={2}>
            <Text size="xs" fw={500} component="label" htmlFor={statusId}>
              Status
            </Text>
            <select
              id={statusId}
              value={status === null ? '' : String(status)}
              onChange={(e) => {
                setStatus(e.currentTarget.value === '' ? null : Number(e.currentTarget.value));
                setPage(1);
              }}
              style={{ height: 30, minWidth: 160, borderRadius: 4, padding: '0 6px' }}
            >
              <option value="">{messages.common.selectPlaceholder}</option>
              {DomesticShipmentStatuses.map((s) => (
                <option key={s} value={s}>
                  {ShipmentStatus.nameOf(s)}
                </option>
              ))}
            </select>
          </Stack>
          <Button type="submit" size="xs">
            Search
          </Button>
        </Group>
      </form>

      {load.state === 'failed' && (
        <Alert color="red" role="alert">
          {messages.common.unableToGetResults}
        </Alert>
      )}
      {load.state === 'loading' && !list && (
        <Center p="xl">
          <Group gap="xs">
            <Loader size="sm" aria-label="Loading shipments" />
            <Text size="sm">{messages.search.searching}</Text>
          </Group>
        </Center>
      )}
      {list && (
        <>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.totalCount === 0
                ? messages.search.noResults
                : messages.search.resultsFound(list.totalCount)}
            </Text>
            {load.state === 'loading' && <Loader size="xs" aria-label="Loading shipments" />}
          </Group>
          {list.items.length > 0 && (
            <ShipmentGrid
              items={list.items}
              columns={list.columns}
              sort={sort}
              onSort={(next) => {
                setSort(next);
                setPage(1);
              }}
              hrefOf={pathOf}
              onOpen={(item) => navigate(pathOf(item))}
              selection={staff ? { selected, onChange: select } : undefined}
            />
          )}
          <Pager page={clampPage(page, pages)} pages={pages} onPage={setPage} />
        </>
      )}
      <ColumnChooser
        opened={choosing}
        available={grid.available}
        columns={grid.columns}
        defaults={grid.defaults}
        onClose={() => setChoosing(false)}
        onSave={saveColumns}
      />
    </Stack>
  );
}
