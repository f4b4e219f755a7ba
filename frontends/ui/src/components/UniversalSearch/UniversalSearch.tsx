import { messages, UniversalSearchResultType } from '@loadline/contracts';
import { Badge, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import type { UniversalSearchResult } from '../../api/types.ts';
import { useAppNavigate } from '../../hooks/useAppNavigate.ts';
import { useUniversalSearch } from '../../hooks/useUniversalSearch.ts';
import { universalSearchTarget } from '../../rules/universalSearch.ts';

export interface UniversalSearchProps {
  /** Where a chosen result goes; by default the 001 §2 destinations, inside the app when possible. */
  onNavigate?: (path: string, result: UniversalSearchResult) => void;
  /** Typing pause before searching (ms). */
  debounceMs?: number;
  placeholder?: string;
}

const keyOf = (r: UniversalSearchResult, i: number) =>
  `${r.universalSearchResultType}:${r.organizationId ?? ''}:${r.staffId ?? ''}:${r.shipmentId ?? ''}:${i}`;

/**
 * The header's one search box (001 §2, §5, §9): customers, staff, broker organizations and shipments.
 * Searching starts above 3 characters; numeric text searches shipments only; at most 12 results.
 */
export function UniversalSearch({
  onNavigate,
  debounceMs,
  placeholder = 'Search shipments, companies, staff',
}: UniversalSearchProps) {
  const [query, setQuery] = useState('');
  const { results, searching, searched } = useUniversalSearch(query, debounceMs);
  const appNavigate = useAppNavigate();
  const combobox = useCombobox();

  const choose = (index: string) => {
    const result = results[Number(index)];
    if (!result) return;
    const target = universalSearchTarget(result);
    if (!target) return;
    combobox.closeDropdown();
    setQuery('');
    if (onNavigate) onNavigate(target, result);
    else appNavigate(target);
  };

  const open = searching || searched;

  return (
    // The list is wider than the box, and each line wraps: a type and a line are never cut (issue 14 item 7).
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal width={480} position="bottom-start">
      <Combobox.Target>
        <TextInput
          aria-label="Universal search"
          placeholder={placeholder}
          value={query}
          w={{ base: 200, sm: 360 }}
          rightSection={searching ? <Loader size="xs" /> : null}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open}>
        <Combobox.Options aria-label="Search results">
          {searching && results.length === 0 && <Combobox.Empty>{messages.search.searching}</Combobox.Empty>}
          {!searching && searched && results.length === 0 && (
            <Combobox.Empty data-result-type={UniversalSearchResultType.values.NoResults}>
              {messages.search.noResults}
            </Combobox.Empty>
          )}
          {results.map((result, i) => (
            <Combobox.Option value={String(i)} key={keyOf(result, i)}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge size="sm" variant="light" tt="none" style={{ flexShrink: 0 }}>
                  {UniversalSearchResultType.nameOf(result.universalSearchResultType) ?? ''}
                </Badge>
                <Text size="sm" style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                  {result.updateStatusText}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
