// The product's one progress tracker (000 §2 item 12, §4, §9; decision 0051): polls
// GET /api/progressTracker/GetProgress for a traceLogId, the first poll after 1 s and then every 500 ms until the
// job says it finished. A failed poll is said and polling goes on (000 §4); an error the job flags shows the bar
// red with the job's words, and polling goes on until the job finishes. Used by the accounting sync and every
// other long job (bulk import, bulk email).
import { Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/ApiContext.tsx';
import { outcomeOf } from '../../api/client.ts';
import type { ProgressSnapshot, ProgressTrackerType } from '../../api/types.ts';
import { progressPollDelay } from '../../rules/progress.ts';
import { ProgressBar } from './ProgressBar.tsx';

export { ProgressBar };

export const progressTexts = {
  pollFailed: 'Unable to get the progress. Still trying…',
} as const;

export interface ProgressTrackerProps {
  traceLogId: string;
  trackerType?: ProgressTrackerType;
  /** the progress bar's accessible name */
  label: string;
  onFinished?: (snapshot: ProgressSnapshot) => void;
}

export function ProgressTracker({ traceLogId, trackerType, label, onFinished }: ProgressTrackerProps) {
  const client = useApi();
  const [snapshot, setSnapshot] = useState<ProgressSnapshot | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const schedule = () => {
      timer = setTimeout(() => void poll(), progressPollDelay(polls));
    };
    const poll = async () => {
      polls += 1;
      const answer = await outcomeOf(
        client.GET('/api/progressTracker/GetProgress', {
          params: { query: { traceLogId, ...(trackerType ? { trackerType } : {}) } },
        }),
      );
      if (!live) return;
      if (!answer.ok) {
        setPollFailed(true);
        schedule();
        return;
      }
      setPollFailed(false);
      setSnapshot(answer.data);
      if (answer.data.isFinished) finished.current?.(answer.data);
      else schedule();
    };
    setSnapshot(null);
    schedule();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, traceLogId, trackerType]);

  const value = snapshot?.progress ?? 0;
  return (
    <Stack gap={4}>
      <ProgressBar label={label} value={value} failed={Boolean(snapshot?.hasError)} />
      <Text size="xs" aria-live="polite">
        {snapshot
          ? `${value}%${snapshot.total > 0 ? ` · ${snapshot.done} of ${snapshot.total}` : ''}${snapshot.message ? ` · ${snapshot.message}` : ''}`
          : '0%'}
      </Text>
      {snapshot?.hasError && snapshot.error && (
        <Text size="xs" c="red" role="alert">
          {snapshot.error}
        </Text>
      )}
      {pollFailed && (
        <Text size="xs" c="red" role="alert">
          {progressTexts.pollFailed}
        </Text>
      )}
    </Stack>
  );
}
