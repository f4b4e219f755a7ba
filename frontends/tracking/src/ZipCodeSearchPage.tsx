// Exposed as `tracking/ZipCodeSearchPage`: the ZIP code search page (000 §2 item 13; results capped at 25,
// 000 §9) with the search messages of 000 §8, and the address map (item 1) for a result or any address.
import { messages, ZIP_SEARCH_LIMIT } from '@loadline/contracts';
import {
  Button,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  toast,
  useDebouncedValue,
  useLoad,
  usePageTitle,
  type ZipCodeSearchPageProps,
} from '@loadline/ui';
import { useState } from 'react';
import { useTrackingCalls } from './api/client.ts';
import type { ZipLookup } from './api/types.ts';
import { AddressMapModal, type AddressMapModalProps } from './components/AddressMapModal/index.ts';

export function ZipCodeSearchPage(_props: ZipCodeSearchPageProps) {
  usePageTitle('Zip code search');
  const calls = useTrackingCalls();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 250);
  const [map, setMap] = useState<AddressMapModalProps['initial'] | null>(null);

  const text = debounced.trim();
  const search = useLoad(text === '' ? null : ['zipCodes', text], () => calls.searchZipCodes(text), {
    onFailed: () => toast.error(messages.common.unableToGetResults),
  });
  const searching = search.state === 'loading';
  // The last results stay shown while the next search runs; a failed search shows none.
  const results: ZipLookup[] | null =
    search.state === 'idle' ? null : search.state === 'failed' ? [] : (search.last ?? null);

  const status = searching
    ? messages.search.searching
    : results === null
      ? ''
      : results.length === 0
        ? messages.search.noResults
        : messages.search.resultsFound(results.length);

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Zip code search
        </Title>
        <Button variant="light" size="xs" onClick={() => setMap({})}>
          Locate an address
        </Button>
      </Group>
      <TextInput
        label="ZIP code or city"
        description={`The start of a ZIP code, or of a city ("Dayton, OH"); at most ${ZIP_SEARCH_LIMIT} results.`}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        style={{ maxWidth: 420 }}
      />
      <Text size="sm" role="status" aria-live="polite">
        {status}
      </Text>
      {results && results.length > 0 && (
        <Table striped aria-label="ZIP codes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ZIP code</Table.Th>
              <Table.Th>City</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Country</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((z) => (
              <Table.Tr key={z.zip}>
                <Table.Td>{z.zip}</Table.Td>
                <Table.Td>{z.city}</Table.Td>
                <Table.Td>{z.state}</Table.Td>
                <Table.Td>{z.country}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setMap({ zipCode: z.zip, city: z.city, state: z.state })}
                  >
                    Map
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AddressMapModal opened={map !== null} onClose={() => setMap(null)} initial={map ?? undefined} />
    </Stack>
  );
}

export default ZipCodeSearchPage;
