import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProNumberCheck, type ProNumberCheckState, shouldCheckProNumber } from './proNumberCheck.ts';

describe('pro-number duplicate check (000 §5, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('needs a carrier and at least 6 characters', () => {
    expect(shouldCheckProNumber('car_1', 'ABC123')).toBe(true);
    expect(shouldCheckProNumber('car_1', 'ABC12')).toBe(false);
    expect(shouldCheckProNumber('car_1', '  ABC12  ')).toBe(false);
    expect(shouldCheckProNumber(null, 'ABC123')).toBe(false);
    expect(shouldCheckProNumber('', 'ABC123')).toBe(false);
  });

  it('asks 500 ms after the last keystroke, once', async () => {
    const check = vi.fn(async () => true);
    const states: ProNumberCheckState[] = [];
    const pro = createProNumberCheck({ check, onState: (s) => states.push(s) });
    pro.edit('car_1', 'OLFT10');
    await vi.advanceTimersByTimeAsync(300);
    pro.edit('car_1', 'OLFT100');
    await vi.advanceTimersByTimeAsync(499);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('OLFT100', expect.any(AbortSignal));
    expect(states.at(-1)).toEqual({ state: 'checked', proNumber: 'OLFT100', duplicate: true });
  });

  it('does not ask without a carrier or below 6 characters, and a short edit cancels a pending check', async () => {
    const check = vi.fn(async () => false);
    const states: ProNumberCheckState[] = [];
    const pro = createProNumberCheck({ check, onState: (s) => states.push(s) });
    pro.edit(null, 'OLFT100');
    pro.edit('car_1', 'OLFT1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(check).not.toHaveBeenCalled();
    pro.edit('car_1', 'OLFT100');
    await vi.advanceTimersByTimeAsync(200);
    pro.edit('car_1', 'OLF');
    await vi.advanceTimersByTimeAsync(1000);
    expect(check).not.toHaveBeenCalled();
    expect(states.at(-1)).toEqual({ state: 'idle' });
  });

  it('drops the answer of a check superseded by a new keystroke', async () => {
    let release: (v: boolean) => void = () => {};
    const check = vi
      .fn<(p: string, s: AbortSignal) => Promise<boolean>>()
      .mockImplementationOnce(
        () =>
          new Promise<boolean>((r) => {
            release = r;
          }),
      )
      .mockImplementationOnce(async () => false);
    const states: ProNumberCheckState[] = [];
    const pro = createProNumberCheck({ check, onState: (s) => states.push(s) });
    pro.edit('car_1', 'OLFT100');
    await vi.advanceTimersByTimeAsync(500);
    const firstSignal = check.mock.calls[0]?.[1];
    pro.edit('car_1', 'OLFT1000');
    expect(firstSignal?.aborted).toBe(true);
    release(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(states.filter((s) => s.state === 'checked')).toEqual([
      { state: 'checked', proNumber: 'OLFT1000', duplicate: false },
    ]);
  });

  it('reports a failed check', async () => {
    const states: ProNumberCheckState[] = [];
    const pro = createProNumberCheck({
      check: async () => {
        throw new Error('503');
      },
      onState: (s) => states.push(s),
    });
    pro.edit('car_1', 'OLFT100');
    await vi.advanceTimersByTimeAsync(500);
    expect(states.at(-1)).toEqual({ state: 'failed' });
  });

  it('dispose stops a pending check', async () => {
    const check = vi.fn(async () => true);
    const pro = createProNumberCheck({ check, onState: () => {} });
    pro.edit('car_1', 'OLFT100');
    pro.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(check).not.toHaveBeenCalled();
  });
});
