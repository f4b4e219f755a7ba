// Exposed as carriers/CarriersPage (RemoteModuleIds.carriersPage): the back office's list of the broker's
// carriers (decision 0118), GET /api/brokerCarrier/list a page at a time. Searched by the start of the name,
// SCAC or MC number, filtered by status and "out of compliance only"; each row shows the status, the
// compliance with its reasons and the insurance status as the service works them out; a name opens the
// carrier's details page.
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
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { type FormEvent, type MouseEvent, useMemo, useState } from 'react';
import { listCarriers } from './api/carriers.ts';
import { useCarriersApi } from './api/client.ts';
import type { CarrierListItem, CarrierListQuery } from './api/types.ts';

const statusColour: Record<number, string> = {
  [BrokerCarrierStatus.values.Enabled]: 'green',
  [BrokerCarrierStatus.values.Blocked]: 'red',
  [BrokerCarrierStatus.values.Disabled]: 'gray',
};
const insuranceColour: Record<string, string> = { Pass: 'green', Expiring: 'yellow', Expired: 'red' };

/** Where a carrier's name goes: its details page (the universal search's carrier route). */
export const carrierDetailsPath = (carrierMasterId: string): string =>
  UniversalSearchRoutes[UniversalSearchResultType.values.LSPCarrier](carrierMasterId);

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
              <List.Item key={r.code}>{r.message}</List.Item>
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
  const navigate = useAppNavigate();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<number | null>(null);
  const [outOfComplianceOnly, setOutOfComplianceOnly] = useState(false);
  const [page, setPage] = useState(1);

  const query = useMemo(() => {
    const q: CarrierListQuery = { page, pageSize: DEFAULT_PAGER_PAGE_SIZE };
    if (search.trim()) q.search = search.trim();
    if (status !== null) q.status = status as NonNullable<CarrierListQuery['status']>;
    if (outOfComplianceOnly) q.outOfCompliance = true;
    return q;
  }, [search, status, outOfComplianceOnly, page]);
  const load = useLoad(['carrierList', query], (signal) => listCarriers(client, query, signal));
  // The list stays shown while the next page or search loads.
  const list = load.last;
  const pages = list ? pageCount(list.totalCount, list.pageSize) : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft);
    setPage(1);
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
            onChange={(value) => {
              setStatus(value === '' ? null : Number(value));
              setPage(1);
            }}
          />
          <CheckboxField
            label="Out of compliance only"
            checked={outOfComplianceOnly}
            onChange={(checked) => {
              setOutOfComplianceOnly(checked);
              setPage(1);
            }}
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
                    <CarrierRow key={carrier.brokerCarrierId} carrier={carrier} onOpen={navigate} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pager page={clampPage(page, pages)} pages={pages} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
