// Exposed as carriers/CarriersPage (RemoteModuleIds.carriersPage): the back office's list of the broker's
// carriers (decision 0118), GET /api/brokerCarrier/list a page at a time. Searched by the start of the name,
// SCAC or MC number, filtered by status and "out of compliance only"; each row shows the status, the
// compliance with its reasons and the insurance status as the service works them out; a name opens the
// carrier's details page. The search, filters and page live in the address (`?search=&status=&
// outOfCompliance=true&page=`), written with history replace, so Back from a carrier's details page returns to
// them; the carrier is opened with the list's query in the router state, for its "‹ Carriers" link.
import {
  BrokerCarrierStatus,
  DEFAULT_PAGER_PAGE_SIZE,
  messages,
  UniversalSearchResultType,
  UniversalSearchRoutes,
} from '@loadline/contracts';
import { CARRIER_LIST_SEARCH_MAX } from '@loadline/contracts/rules/carriers';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  type CarriersPageProps,
  CheckboxField,
  clampPage,
  Group,
  List,
  Loader,
  Pager,
  pageCount,
  SelectField,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  useAppNavigate,
  useHref,
  useLoad,
  useNavigate,
  usePageTitle,
  useSearchParams,
} from '@loadline/ui';
import { type FormEvent, type MouseEvent, useEffect, useMemo, useState } from 'react';
import { listCarriers } from './api/carriers.ts';
import { useCarriersApi } from './api/client.ts';
import type { CarrierListItem, CarrierListQuery } from './api/types.ts';

const statusColour: Record<number, string> = {
  [BrokerCarrierStatus.values.Enabled]: 'green',
  [BrokerCarrierStatus.values.Blocked]: 'red',
  [BrokerCarrierStatus.values.Disabled]: 'gray',
};
const insuranceColour: Record<string, string> = { Pass: 'green', Expiring: 'yellow', Expired: 'red' };
// A badge is as wide as its text: Mantine's would shrink with its column and cut the text ("Expiring in 10
// Days" at a 1,280 px wide window).
const wholeBadge = { minWidth: 'max-content' } as const;

/** Where a carrier's name goes: its details page (the universal search's carrier route). */
export const carrierDetailsPath = (carrierMasterId: string): string =>
  UniversalSearchRoutes[UniversalSearchResultType.values.LSPCarrier](carrierMasterId);

/** The Carriers page's own full path (the back office's `lsp/carriers`). */
export const CARRIERS_LIST_PATH = '/back-office/lsp/carriers';

/** The router state a carrier is opened with from the list: the list's query, for the way back. */
export interface CarrierListRouterState {
  carrierListSearch: string;
}

/** The list's search, filters and page as the address keeps them. */
export interface CarrierListAddress {
  search: string;
  status: number | null;
  outOfCompliance: boolean;
  page: number;
}

/**
 * The list's state read from the address's query. Each value not understood is its default (no search, all
 * statuses, not only out of compliance, page 1): a search over the list's limit, a status not in 002 §3.7,
 * an `outOfCompliance` other than `true`, a page that is not a whole number from 1 written in at most 15 digits.
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
    page,
  };
}

/** The address's query for the list's state: '' for the defaults, else '?…' with only what is not a default. */
export function carrierListQueryString(address: CarrierListAddress): string {
  const params = new URLSearchParams();
  if (address.search) params.set('search', address.search);
  if (address.status !== null) params.set('status', String(address.status));
  if (address.outOfCompliance) params.set('outOfCompliance', 'true');
  if (address.page > 1) params.set('page', String(address.page));
  const text = params.toString();
  return text ? `?${text}` : '';
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
        <Badge color={statusColour[carrier.status] ?? 'gray'} variant="light" style={wholeBadge}>
          {carrier.statusName}
        </Badge>
        {carrier.inherited && (
          <Badge variant="outline" ml={4}>
            Inherited
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={carrier.inCompliance ? 'green' : 'red'} style={wholeBadge}>
          {carrier.inCompliance ? 'In compliance' : 'Out of compliance'}
        </Badge>
        {carrier.complianceReasons.length > 0 && (
          <List size="xs" mt={4} aria-label={`Why ${carrier.name} is out of compliance`}>
            {carrier.complianceReasons.map((r) => (
              <List.Item key={r.code}>{r.message}</List.Item>
            ))}
          </List>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={insuranceColour[carrier.insuranceState] ?? 'gray'} variant="light" style={wholeBadge}>
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
  const { search, status, outOfCompliance: outOfComplianceOnly, page } = address;
  const [draft, setDraft] = useState(search);
  // Back, Forward or the navigation's Carriers link change the address: it wins, the search box with it.
  useEffect(() => setAddress(fromAddress), [fromAddress]);
  useEffect(() => setDraft(fromAddress.search), [fromAddress.search]);
  const update = (change: Partial<CarrierListAddress>) => {
    const next = { ...address, ...change };
    setAddress(next);
    setParams(new URLSearchParams(carrierListQueryString(next)), { replace: true });
  };

  const query = useMemo(() => {
    const q: CarrierListQuery = { page, pageSize: DEFAULT_PAGER_PAGE_SIZE };
    if (search) q.search = search;
    if (status !== null) q.status = status as NonNullable<CarrierListQuery['status']>;
    if (outOfComplianceOnly) q.outOfCompliance = true;
    return q;
  }, [search, status, outOfComplianceOnly, page]);
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
                    <Table.Th>Name</Table.Th>
                    <Table.Th>SCAC</Table.Th>
                    <Table.Th>MC / DOT</Table.Th>
                    <Table.Th>City</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Compliance</Table.Th>
                    <Table.Th>Insurance</Table.Th>
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
