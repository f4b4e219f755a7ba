// The product's one progress tracker (000 §4, §9; decision 0051): polls until the job finishes, the first poll
// after 1 s and then every 500 ms, says a failed poll and goes on, shows a job's flagged error. HTTP through msw;
// real timers.
import '../../../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../test/helpers.tsx';
import { setupMsw } from '../../../test/msw.ts';
import type { ProgressSnapshot } from '../../api/types.ts';
import { ProgressTracker } from './ProgressTracker.tsx';

const server = setupMsw();

const snapshot = (over: Partial<ProgressSnapshot>): ProgressSnapshot => ({
  traceLogId: 'trc_1',
  trackerType: 'BulkImport',
  progress: 0,
  isFinished: false,
  hasError: false,
  error: null,
  message: null,
  done: 0,
  total: 0,
  createdDate: '2026-11-25T00:00:00.000Z',
  updatedDate: '2026-11-25T00:00:00.000Z',
  ...over,
});

function serve(answers: (ProgressSnapshot | 'fail')[]) {
  const polls: { at: number; query: URLSearchParams }[] = [];
  const start = Date.now();
  server.use(
    http.get('*/api/progressTracker/GetProgress', ({ request }) => {
      polls.push({ at: Date.now() - start, query: new URL(request.url).searchParams });
      const answer = answers[Math.min(polls.length - 1, answers.length - 1)]!;
      return answer === 'fail'
        ? HttpResponse.json({ message: 'busy' }, { status: 503 })
        : HttpResponse.json(answer);
    }),
  );
  return polls;
}

const bar = () => screen.getByRole('progressbar', { name: 'Import progress' });

describe('ProgressTracker', () => {
  it('polls after 1 s, then every 500 ms, until the job finishes', async () => {
    const polls = serve([
      snapshot({ progress: 40, done: 4, total: 10 }),
      snapshot({ progress: 100, done: 10, total: 10, isFinished: true, message: 'Imported 10 rows.' }),
    ]);
    const finished: ProgressSnapshot[] = [];
    renderWithShell(
      <ProgressTracker
        traceLogId="trc_1"
        trackerType="BulkImport"
        label="Import progress"
        onFinished={(s) => finished.push(s)}
      />,
    );
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('40'), { timeout: 2000 });
    expect(screen.getByText('40% · 4 of 10')).toBeTruthy();
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('100'), { timeout: 2000 });
    expect(screen.getByText('100% · 10 of 10 · Imported 10 rows.')).toBeTruthy();
    expect(finished).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(polls).toHaveLength(2);
    expect(polls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(polls[1]!.at - polls[0]!.at).toBeGreaterThanOrEqual(450);
    expect(polls[0]!.query.get('traceLogId')).toBe('trc_1');
    expect(polls[0]!.query.get('trackerType')).toBe('BulkImport');
  });

  it('says a failed poll and keeps polling; a job’s flagged error shows until it finishes', async () => {
    serve([
      'fail',
      snapshot({ progress: 30, hasError: true, error: 'Row 3: unknown ZIP code.' }),
      snapshot({ progress: 100, isFinished: true }),
    ]);
    renderWithShell(<ProgressTracker traceLogId="trc_1" label="Import progress" />);
    expect(
      await screen.findByText('Unable to get the progress. Still trying…', {}, { timeout: 2000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Row 3: unknown ZIP code.', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByText('Unable to get the progress. Still trying…')).toBeNull();
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('100'), { timeout: 2000 });
    expect(screen.queryByText('Row 3: unknown ZIP code.')).toBeNull();
  });
});
