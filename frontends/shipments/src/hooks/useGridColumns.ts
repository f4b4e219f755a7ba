import { useLoad } from '@loadline/ui';
import { useCallback } from 'react';
import { useShipmentsApi } from '../api/client.ts';
import { getGridColumns, putGridColumns } from '../api/shipments.ts';
import type { GridColumn, GridColumnsAnswer } from '../api/types.ts';
import { DEFAULT_GRID_COLUMNS } from '../rules/gridColumns.ts';

export interface GridColumnsState {
  /** Every column the user may choose (none until loaded). */
  available: readonly GridColumn[];
  /** The user's columns, in order (the defaults until loaded or when none are saved). */
  columns: readonly string[];
  defaults: readonly string[];
  /** Saves the user's choice (PUT /api/shipments/gridColumns); resolves false when the save failed. */
  save: (columns: readonly string[]) => Promise<boolean>;
}

/** The grid's columns for the signed-in user (GET /api/shipments/gridColumns, 002 §3.11). */
export function useGridColumns(): GridColumnsState {
  const client = useShipmentsApi();
  const load = useLoad('gridColumns', () => getGridColumns(client));
  const answer: GridColumnsAnswer | null = load.state === 'loaded' ? load.data : null;
  const { set } = load;
  const save = useCallback(
    async (next: readonly string[]) => {
      const got = await putGridColumns(client, next);
      if (got.ok) set(got.data);
      return got.ok;
    },
    [client, set],
  );
  return {
    available: answer?.available ?? [],
    columns: answer?.columns ?? DEFAULT_GRID_COLUMNS,
    defaults: answer?.defaultColumns ?? DEFAULT_GRID_COLUMNS,
    save,
  };
}
