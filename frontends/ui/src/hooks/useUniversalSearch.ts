import { messages, UniversalSearchKinds } from '@loadline/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useApi } from '../api/ApiContext.tsx';
import type { UniversalSearchResult } from '../api/types.ts';
import { searchKind } from '../api/universalSearch.ts';
import { toast } from '../feedback/toast.ts';
import { capProportionally, searchKindsFor } from '../rules/universalSearch.ts';
import { useLoad } from './useLoad.ts';

export interface UniversalSearchState {
  /** At most 12, shared across the kinds searched (001 §9). */
  results: UniversalSearchResult[];
  searching: boolean;
  /** True once a search finished for the current query (the 'no result' placeholder shows then). */
  searched: boolean;
}

/** Typing pause before a search starts (ours). */
export const UNIVERSAL_SEARCH_DEBOUNCE_MS = 300;

export function useUniversalSearch(
  query: string,
  debounceMs: number = UNIVERSAL_SEARCH_DEBOUNCE_MS,
): UniversalSearchState {
  const client = useApi();
  const [debounced] = useDebouncedValue(query, debounceMs);
  const kinds = searchKindsFor(debounced);
  const text = debounced.trim();
  const search = useLoad(kinds.length === 0 ? null : ['universalSearch', text, kinds], async (signal) => {
    const outcomes = await Promise.all(kinds.map((kind) => searchKind(client, kind, text, signal)));
    const lists = outcomes.map((outcome, i) => {
      if (outcome.ok) return outcome.results;
      if (!outcome.aborted && !signal.aborted)
        toast.error(messages.search.unableToSearch(kinds[i] ?? UniversalSearchKinds[0]));
      return [];
    });
    return { ok: true as const, data: capProportionally(lists).flat() };
  });
  // The last results stay listed while the next search runs.
  const state: UniversalSearchState = {
    results: search.last ?? [],
    searching: search.state === 'loading',
    searched: search.state === 'loaded',
  };

  // A query edited back below the trigger length clears at once, without waiting for the debounce.
  return searchKindsFor(query).length === 0 ? { results: [], searching: false, searched: false } : state;
}
