import '../../test/setup.ts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Outcome } from '../api/client.ts';
import { type LoadKey, outcomeOfCall, useLoad } from './useLoad.ts';

/** A call the test answers by hand: each request waits until `answer(i, outcome)`. */
function calls<T>() {
  const pending: { key: string; signal: AbortSignal; resolve: (o: Outcome<T>) => void }[] = [];
  return {
    pending,
    fn: (key: string) => (signal: AbortSignal) =>
      new Promise<Outcome<T>>((resolve) => pending.push({ key, signal, resolve })),
    answer: async (i: number, outcome: Outcome<T>) => {
      await act(async () => pending[i]?.resolve(outcome));
    },
  };
}

function Probe(props: {
  id: LoadKey;
  call: (key: string) => (signal: AbortSignal) => Promise<Outcome<string>>;
  onFailed?: (f: { status: number }) => void;
  expose?: (api: { reload: () => void; set: (v: string) => void }) => void;
}) {
  const load = useLoad(props.id, props.call(String(props.id)), { onFailed: props.onFailed });
  props.expose?.({ reload: load.reload, set: load.set });
  return (
    <output>
      <span data-testid="state">
        {`${load.state}${load.state === 'loaded' ? `:${load.data}` : ''}${load.state === 'failed' ? `:${load.status}` : ''}`}
      </span>
      <span data-testid="last">{load.last ?? ''}</span>
    </output>
  );
}

describe('useLoad (decision 0060)', () => {
  it('shows loading, then the data', async () => {
    const c = calls<string>();
    render(<Probe id="a" call={c.fn} />);
    expect(screen.getByTestId('state').textContent).toBe('loading');
    await c.answer(0, { ok: true, data: 'A' });
    expect(screen.getByTestId('state').textContent).toBe('loaded:A');
  });

  it('a refusal is a state with its status, reported once to onFailed', async () => {
    const c = calls<string>();
    const onFailed = vi.fn();
    render(<Probe id="a" call={c.fn} onFailed={onFailed} />);
    await c.answer(0, { ok: false, status: 404, error: {} });
    expect(screen.getByTestId('state').textContent).toBe('failed:404');
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith({ status: 404, error: {} });
  });

  it('a new key loads again and drops (and aborts) the answer for the old key', async () => {
    const c = calls<string>();
    const view = render(<Probe id="a" call={c.fn} />);
    view.rerender(<Probe id="b" call={c.fn} />);
    expect(screen.getByTestId('state').textContent).toBe('loading');
    expect(c.pending.map((p) => p.key)).toEqual(['a', 'b']);
    expect(c.pending[0]?.signal.aborted).toBe(true);
    await c.answer(1, { ok: true, data: 'B' });
    await c.answer(0, { ok: true, data: 'A (late)' });
    expect(screen.getByTestId('state').textContent).toBe('loaded:B');
  });

  it('`last` keeps the latest data while the next key loads and after a failure; a null key clears it', async () => {
    const c = calls<string>();
    const view = render(<Probe id="a" call={c.fn} />);
    await c.answer(0, { ok: true, data: 'A' });
    view.rerender(<Probe id="b" call={c.fn} />);
    expect(screen.getByTestId('state').textContent).toBe('loading');
    expect(screen.getByTestId('last').textContent).toBe('A');
    await c.answer(1, { ok: false, status: 500, error: {} });
    expect(screen.getByTestId('last').textContent).toBe('A');
    view.rerender(<Probe id={null} call={c.fn} />);
    expect(screen.getByTestId('last').textContent).toBe('');
  });

  it('a null key loads nothing', () => {
    const c = calls<string>();
    render(<Probe id={null} call={c.fn} />);
    expect(screen.getByTestId('state').textContent).toBe('idle');
    expect(c.pending).toHaveLength(0);
  });

  it('reload asks again and keeps the data shown until the answer; set replaces it', async () => {
    const c = calls<string>();
    let api: { reload: () => void; set: (v: string) => void } | undefined;
    render(
      <Probe
        id="a"
        call={c.fn}
        expose={(a) => {
          api = a;
        }}
      />,
    );
    await c.answer(0, { ok: true, data: 'A1' });
    act(() => api?.reload());
    expect(c.pending).toHaveLength(2);
    expect(screen.getByTestId('state').textContent).toBe('loaded:A1');
    await c.answer(1, { ok: true, data: 'A2' });
    expect(screen.getByTestId('state').textContent).toBe('loaded:A2');
    act(() => api?.set('A3'));
    expect(screen.getByTestId('state').textContent).toBe('loaded:A3');
  });

  it('an answer after unmount is dropped without a warning; a throwing call is a failure', async () => {
    const c = calls<string>();
    const error = vi.spyOn(console, 'error');
    const view = render(<Probe id="a" call={c.fn} />);
    view.unmount();
    expect(c.pending[0]?.signal.aborted).toBe(true);
    await c.answer(0, { ok: true, data: 'A' });
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();

    render(
      <Probe
        id="x"
        call={() => () => {
          throw new Error('boom');
        }}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('failed:0'));
    expect(await outcomeOfCall(Promise.reject(new Error('no')))).toMatchObject({ ok: false, status: 0 });
    expect(await outcomeOfCall(Promise.resolve(3))).toEqual({ ok: true, data: 3 });
  });
});
