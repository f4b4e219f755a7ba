import { messages, UniversalSearchKinds } from '@loadline/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import type { UniversalSearchResult } from '../api/types.ts';
import { searchKind } from '../api/universalSearch.ts';
import { toast } from '../feedback/toast.ts';
import { capProportionally, searchKindsFor } from '../rules/universalSearch.ts';

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
  const [state, setState] = useState<UniversalSearchState>({
    results: [],
    searching: false,
    searched: false,
  });

  useEffect(() => {
    const kinds = searchKindsFor(debounced);
    if (kinds.length === 0) {
      setState({ results: [], searching: false, searched: false });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, searching: true, searched: false }));
    const text = debounced.trim();
    void Promise.all(kinds.map((kind) => searchKind(client, kind, text, controller.signal))).then(
      (outcomes) => {
        if (controller.signal.aborted) return;
        const lists = outcomes.map((outcome, i) => {
          if (outcome.ok) return outcome.results;
          if (!outcome.aborted)
            toast.error(messages.search.unableToSearch(kinds[i] ?? UniversalSearchKinds[0]));
          return [];
        });
        setState({ results: capProportionally(lists).flat(), searching: false, searched: true });
      },
    );
    return () => controller.abort();
  }, [client, debounced]);

  // A query edited back below the trigger length clears at once, without waiting for the debounce.
  return searchKindsFor(query).length === 0 ? { results: [], searching: false, searched: false } : state;
}
