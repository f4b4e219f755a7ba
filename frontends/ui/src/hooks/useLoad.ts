// The one way a screen loads data (decision 0060): `useLoad(key, load)`. The call runs when the component
// mounts and again whenever `key` changes (a null key loads nothing: the screen is closed, or an argument is
// missing); an answer that arrives after the key changed or the component went away is dropped, and its
// request aborted. `reload()` asks again with the same key, keeping what is shown until the answer comes;
// `set()` replaces the data in place (an answer to a change the screen made). The call answers an Outcome
// (every API helper does), so a refusal is a state with its HTTP status, never an exception.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Outcome } from '../api/client.ts';

export type LoadState<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; data: T }
  | { state: 'failed'; status: number; error: unknown };

export type Loaded<T> = LoadState<T> & {
  /** Asks again with the same key; what is shown stays until the answer. */
  reload: () => void;
  /** Replaces the loaded data (e.g. with the answer of a change). */
  set: (update: T | ((data: T) => T)) => void;
  /**
   * The latest data loaded, whatever the key: kept while the next key loads and after a failure (a list
   * stays shown while the next page or search runs); undefined before any answer and once the key is null.
   */
  last: T | undefined;
};

export interface LoadOptions<T> {
  /** Called once per failed answer that is still current (e.g. to toast). */
  onFailed?: (failure: { status: number; error: unknown }) => void;
  /** Called once per answer that is still current. */
  onLoaded?: (data: T) => void;
}

/** A key for `useLoad`: a string, or parts joined; null or undefined loads nothing. */
export type LoadKey = string | number | readonly unknown[] | null | undefined;

const keyText = (key: LoadKey): string | null =>
  key === null || key === undefined ? null : typeof key === 'object' ? JSON.stringify(key) : String(key);

/** Wraps a call that answers plain data (or throws) as an Outcome, for `useLoad`. */
export async function outcomeOfCall<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    return { ok: false, status: 0, error };
  }
}

export function useLoad<T>(
  key: LoadKey,
  load: (signal: AbortSignal) => Promise<Outcome<T>>,
  options: LoadOptions<T> = {},
): Loaded<T> {
  const text = keyText(key);
  const latest = useRef({ load, options });
  latest.current = { load, options };
  const [round, setRound] = useState(0);
  const [state, setState] = useState<LoadState<T> & { key: string | null }>({
    ...(text === null ? { state: 'idle' } : { state: 'loading' }),
    key: text,
  });

  // A new key shows 'loading' (or 'idle') at once, not the previous key's data.
  let shown: LoadState<T> = state;
  if (state.key !== text) shown = text === null ? { state: 'idle' } : { state: 'loading' };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks again with the same key
  useEffect(() => {
    if (text === null) {
      setState({ state: 'idle', key: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => (s.key === text && s.state === 'loaded' ? s : { state: 'loading', key: text }));
    let answer: Promise<Outcome<T>>;
    try {
      answer = latest.current.load(controller.signal);
    } catch (error) {
      answer = Promise.resolve({ ok: false, status: 0, error });
    }
    answer
      .catch((error: unknown): Outcome<T> => ({ ok: false, status: 0, error }))
      .then((outcome) => {
        if (controller.signal.aborted) return;
        if (outcome.ok) {
          setState({ state: 'loaded', data: outcome.data, key: text });
          latest.current.options.onLoaded?.(outcome.data);
        } else {
          setState({ state: 'failed', status: outcome.status, error: outcome.error, key: text });
          latest.current.options.onFailed?.({ status: outcome.status, error: outcome.error });
        }
      });
    return () => controller.abort();
  }, [text, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback(
    (update: T | ((data: T) => T)) =>
      setState((s) =>
        s.state === 'loaded'
          ? {
              ...s,
              data: typeof update === 'function' ? (update as (data: T) => T)(s.data) : update,
            }
          : s,
      ),
    [],
  );
  const last = useRef<T | undefined>(undefined);
  if (text === null) last.current = undefined;
  else if (shown.state === 'loaded') last.current = shown.data;
  const { key: _key, ...rest } = shown as LoadState<T> & { key?: string | null };
  return { ...(rest as LoadState<T>), reload, set, last: last.current };
}

/** The data once loaded, else undefined. */
export function loadedData<T>(load: LoadState<T>): T | undefined {
  return load.state === 'loaded' ? load.data : undefined;
}
