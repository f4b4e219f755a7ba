// Exposed as carriers/CarriersPage (RemoteModuleIds.carriersPage): the back office's list of the broker's
// carriers (decision 0118), GET /api/brokerCarrier/list a page at a time. Searched by the start of the name,
// SCAC or MC number, filtered by status and "out of compliance only"; each row shows the status, the
// compliance with its reasons and the insurance status as the service works them out; a name opens the
// carrier's details page. The Name, City, Status and Insurance headers sort (a click on the sorted one turns
// the direction; `aria-sort` says which). The search, filters, order and page live in the address (`?search=&
// status=&outOfCompliance=true&sort=&direction=&page=`), written with history replace, so Back from a
// carrier's details page returns to them; the carrier is opened with the list's query in the router state,
// for its "‹ Carriers" link. "Export CSV" downloads GET /api/brokerCarrier/list.csv with the same search,
// filters and order.
import {
  BrokerCarrierStatus,
  DEFAULT_PAGER_PAGE_SIZE,
  messages,
  UniversalSearchResultType,
  UniversalSearchRoutes,
} from '@loadline/contracts';
import {
  CARRIER_LIST_DEFAULT_DIRECTION,
  CARRIER_LIST_DEFAULT_SORT,
  CARRIER_LIST_DIRECTIONS,
  CARRIER_LIST_SEARCH_MAX,
  CARRIER_LIST_SORTS,
  type CarrierListDirection,
  type CarrierListSort,
} from '@loadline/contracts/rules/carriers';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  type CarriersPageProps,
  CheckboxField,
  clampPage,
  errorToastText,
  Group,
  List,
  Loader,
  Pager,
  pageCount,
  refusalMessage,
  SelectField,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  toast,
  useAppNavigate,
  useHref,
  useLoad,
  useNavigate,
  usePageTitle,
  useSearchParams,
} from '@loadline/ui';
import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { exportCarriersCsv, listCarriers } from './api/carriers.ts';
import { useCarriersApi } from './api/client.ts';
import type { CarrierListExportQuery, CarrierListItem, CarrierListQuery } from './api/types.ts';
import { reasonText } from './rules/format.ts';

const statusColour: Record<number, string> = {
  [BrokerCarrierStatus.values.Enabled]: 'green',
  [BrokerCarrierStatus.values.Blocked]: 'red',
  [BrokerCarrierStatus.values.Disabled]: 'gray',
};
const insuranceColour: Record<string, string> = { Pass: 'green', Expiring: 'yellow', Expired: 'red' };

/** Where a carrier's name goes: its details page (the universal search's carrier route). */
export const carrierDetailsPath = (carrierMasterId: string): string =>
  UniversalSearchRoutes[UniversalSearchResultType.values.LSPCarrier](carrierMasterId);

/** The Carriers page's own full path (the back office's `lsp/carriers`). */
export const CARRIERS_LIST_PATH = '/back-office/lsp/carriers';

/** The router state a carrier is opened with from the list: the list's query, for the way back. */
export interface CarrierListRouterState {
  carrierListSearch: string;
}

/** The list's search, filters, order and page as the address keeps them. */
export interface CarrierListAddress {
  search: string;
  status: number | null;
  outOfCompliance: boolean;
  sort: CarrierListSort;
  direction: CarrierListDirection;
  page: number;
}

const oneOf = <T extends string>(choices: readonly T[], text: string | null): T | undefined =>
  choices.find((c) => c === text);

/**
 * The list's state read from the address's query. Each value not understood is its default (no search, all
 * statuses, not only out of compliance, by name A to Z, page 1): a search over the list's limit, a status not
 * in 002 §3.7, an `outOfCompliance` other than `true`, a sort or direction the list does not take (as
 * written: `Name` is not `name`), a page that is not a whole number from 1 written in at most 15 digits.
 */
export function carrierListAddressOf(params: URLSearchParams): CarrierListAddress {
  const search = (params.get('search') ?? '').trim();
  const statusText = params.get('status') ?? '';
  const status = /^\d{1,3}$/.test(statusText) ? Number(statusText) : null;
  const pageText = params.get('page') ?? '';
  const page = /^[1-9]\d{0,14}$/.test(pageText) ? Number(pageText) : 1;
  return {
    search: search.length <= CARRIER_LIST_SEARCH_MAX ? search : '',
    status: status !== null && BrokerCarrierStatus.has(status) ? status : null,
    outOfCompliance: params.get('outOfCompliance') === 'true',
    sort: oneOf(CARRIER_LIST_SORTS, params.get('sort')) ?? CARRIER_LIST_DEFAULT_SORT,
    direction: oneOf(CARRIER_LIST_DIRECTIONS, params.get('direction')) ?? CARRIER_LIST_DEFAULT_DIRECTION,
    page,
  };
}

/** The address's query for the list's state: '' for the defaults, else '?…' with only what is not a default. */
export function carrierListQueryString(address: CarrierListAddress): string {
  const params = new URLSearchParams();
  if (address.search) params.set('search', address.search);
  if (address.status !== null) params.set('status', String(address.status));
  if (address.outOfCompliance) params.set('outOfCompliance', 'true');
  if (address.sort !== CARRIER_LIST_DEFAULT_SORT) params.set('sort', address.sort);
  if (address.direction !== CARRIER_LIST_DEFAULT_DIRECTION) params.set('direction', address.direction);
  if (address.page > 1) params.set('page', String(address.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list's search, filters and order as the service takes them (the export's query; the list adds paging). */
export function carrierListCriteriaOf(address: CarrierListAddress): CarrierListExportQuery {
  const q: CarrierListExportQuery = {};
  if (address.search) q.search = address.search;
  if (address.status !== null) q.status = address.status as NonNullable<CarrierListExportQuery['status']>;
  if (address.outOfCompliance) q.outOfCompliance = true;
  if (address.sort !== CARRIER_LIST_DEFAULT_SORT) q.sort = address.sort;
  if (address.direction !== CARRIER_LIST_DEFAULT_DIRECTION) q.direction = address.direction;
  return q;
}

/** Hands a file to the browser as a download (an object URL on a link clicked at once, then let go). */
function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // after the click's task, so the browser has taken the file
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A header the list sorts by: a button that sorts A to Z, or turns the direction when it is the sort. */
function SortHeader({
  label,
  sort,
  address,
  onSort,
}: {
  label: ReactNode;
  sort: CarrierListSort;
  address: CarrierListAddress;
  onSort: (sort: CarrierListSort, direction: CarrierListDirection) => void;
}) {
  const active = address.sort === sort;
  const ascending = address.direction === 'asc';
  return (
    <Table.Th aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}>
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={700}
        c="inherit"
        onClick={() => onSort(sort, active && ascending ? 'desc' : 'asc')}
      >
        {label}
        {active && <span aria-hidden="true">{ascending ? ' ▲' : ' ▼'}</span>}
      </Anchor>
    </Table.Th>
  );
}

const statusChoices = BrokerCarrierStatus.entries.map((s) => ({ value: s.value, name: s.name }));

const cityState = (c: CarrierListItem) => [c.city, c.state].filter(Boolean).join(', ');

function CarrierRow({ carrier, onOpen }: { carrier: CarrierListItem; onOpen: (href: string) => void }) {
  const href = carrierDetailsPath(carrier.carrierMasterId);
  const open = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(href);
  };
  return (
    <Table.Tr aria-label={carrier.name}>
      <Table.Td>
        <Anchor href={href} onClick={open} size="sm">
          {carrier.name}
        </Anchor>
        {carrier.favorite && (
          <Text span c="yellow.7" ml={4} role="img" aria-label="Favorite" title="Favorite">
            ★
          </Text>
        )}
      </Table.Td>
      <Table.Td>{carrier.scac ?? ''}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {carrier.mcNumber ?? ''}
        {carrier.dotNumber && (
          <Text size="xs" c="dimmed">
            DOT {carrier.dotNumber}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{cityState(carrier)}</Table.Td>
      <Table.Td>
        <Badge color={statusColour[carrier.status] ?? 'gray'} variant="light">
          {carrier.statusName}
        </Badge>
        {carrier.inherited && (
          <Badge variant="outline" ml={4}>
            Inherited
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={carrier.inCompliance ? 'green' : 'red'}>
          {carrier.inCompliance ? 'In compliance' : 'Out of compliance'}
        </Badge>
        {carrier.complianceReasons.length > 0 && (
          <List size="xs" mt={4} aria-label={`Why ${carrier.name} is out of compliance`}>
            {carrier.complianceReasons.map((r) => (
              <List.Item key={r.code}>{reasonText(r)}</List.Item>
            ))}
          </List>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={insuranceColour[carrier.insuranceState] ?? 'gray'} variant="light">
          {carrier.insuranceStatusName}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

export default function CarriersPage(_props: CarriersPageProps) {
  usePageTitle('Carriers');
  const client = useCarriersApi();
  const appNavigate = useAppNavigate();
  const navigate = useNavigate();
  const base = useHref('/').replace(/\/$/, '');
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => carrierListAddressOf(params), [params]);
  // Shown at once, and written to the address in place (the router's update comes a moment later): no
  // history entry per search, filter or page.
  const [address, setAddress] = useState(fromAddress);
  const { search, status, outOfCompliance: outOfComplianceOnly, sort, direction, page } = address;
  const [draft, setDraft] = useState(search);
  // Back, Forward or the navigation's Carriers link change the address: it wins, the search box with it.
  useEffect(() => setAddress(fromAddress), [fromAddress]);
  useEffect(() => setDraft(fromAddress.search), [fromAddress.search]);
  const update = (change: Partial<CarrierListAddress>) => {
    const next = { ...address, ...change };
    setAddress(next);
    setParams(new URLSearchParams(carrierListQueryString(next)), { replace: true });
  };

  const criteria = useMemo(
    () =>
      carrierListCriteriaOf({
        search,
        status,
        outOfCompliance: outOfComplianceOnly,
        sort,
        direction,
        page: 1,
      }),
    [search, status, outOfComplianceOnly, sort, direction],
  );
  const query = useMemo(
    (): CarrierListQuery => ({ ...criteria, page, pageSize: DEFAULT_PAGER_PAGE_SIZE }),
    [criteria, page],
  );
  const load = useLoad(['carrierList', query], (signal) => listCarriers(client, query, signal));
  // The list stays shown while the next page or search loads.
  const list = load.last;
  const pages = list ? pageCount(list.totalCount, list.pageSize) : 1;
  // A page past the last in the address (the list shrank, or the address was typed) becomes the last.
  const pastLast = load.state === 'loaded' && load.data.page === page && page > pages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the answer says the page is past the last
  useEffect(() => {
    if (pastLast) update({ page: pages });
  }, [pastLast, pages]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: draft.trim().slice(0, CARRIER_LIST_SEARCH_MAX), page: 1 });
  };

  // A new order starts from the first page.
  const sortBy = (by: CarrierListSort, to: CarrierListDirection) =>
    update({ sort: by, direction: to, page: 1 });

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    const answer = await exportCarriersCsv(client, criteria);
    setExporting(false);
    if (!answer.ok) {
      toast.error(
        refusalMessage(answer.status, answer.error) ??
          errorToastText(answer.error, messages.common.unableToGetResults),
      );
      return;
    }
    saveFile(answer.data.file, 'carriers.csv');
    if (answer.data.exported < answer.data.total)
      toast.warning(
        `The file holds the first ${answer.data.exported.toLocaleString('en-US')} of ${answer.data.total.toLocaleString('en-US')} carriers: narrow the search or filters for the rest.`,
      );
  };

  // A carrier opens as a new history entry, with the list's query for the details page's way back.
  const open = (href: string) => {
    const state: CarrierListRouterState = { carrierListSearch: carrierListQueryString(address) };
    if (base !== '' && href.startsWith(`${base}/`)) navigate(href.slice(base.length), { state });
    else appNavigate(href);
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Carriers
      </Title>
      <form onSubmit={submit} aria-label="Search carriers">
        <Group align="flex-end" gap="sm">
          <TextInput
            size="xs"
            label="Search"
            placeholder="Name, SCAC or MC number"
            value={draft}
            maxLength={CARRIER_LIST_SEARCH_MAX}
            onChange={(e) => setDraft(e.currentTarget.value)}
            style={{ minWidth: 260 }}
          />
          <SelectField
            label="Status"
            value={status ?? ''}
            choices={statusChoices}
            placeholder="All statuses"
            onChange={(value) => update({ status: value === '' ? null : Number(value), page: 1 })}
          />
          <CheckboxField
            label="Out of compliance only"
            checked={outOfComplianceOnly}
            onChange={(checked) => update({ outOfCompliance: checked, page: 1 })}
          />
          <Button type="submit" size="xs">
            Search
          </Button>
          <Button type="button" variant="default" size="xs" onClick={exportCsv} loading={exporting}>
            Export CSV
          </Button>
        </Group>
      </form>

      {load.state === 'failed' && (
        <Alert color="red" role="alert">
          {messages.common.unableToGetResults}
        </Alert>
      )}
      {load.state === 'loading' && !list && <Loader size="sm" aria-label="Loading carriers" />}
      {list && (
        <>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.totalCount === 0
                ? messages.search.noResults
                : messages.search.resultsFound(list.totalCount)}
            </Text>
            {load.state === 'loading' && <Loader size="xs" aria-label="Loading carriers" />}
          </Group>
          {list.items.length > 0 && (
            <Table.ScrollContainer minWidth={860}>
              <Table striped highlightOnHover aria-label="Carriers" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <SortHeader label="Name" sort="name" address={address} onSort={sortBy} />
                    <Table.Th>SCAC</Table.Th>
                    <Table.Th>MC / DOT</Table.Th>
                    <SortHeader label="City" sort="city" address={address} onSort={sortBy} />
                    <SortHeader label="Status" sort="status" address={address} onSort={sortBy} />
                    <Table.Th>Compliance</Table.Th>
                    <SortHeader label="Insurance" sort="insuranceExpiry" address={address} onSort={sortBy} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.items.map((carrier) => (
                    <CarrierRow key={carrier.brokerCarrierId} carrier={carrier} onOpen={open} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pager page={clampPage(page, pages)} pages={pages} onPage={(p) => update({ page: p })} />
        </>
      )}
    </Stack>
  );
}
