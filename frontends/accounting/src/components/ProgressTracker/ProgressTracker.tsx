// The progress tracker (000 §4, §9; decision 0051): polls GET /api/progressTracker/GetProgress for a traceLogId,
// the first poll after 1 s and then every 500 ms until the job says it finished; a failed poll is shown and
// polling goes on (000 §4), as does a job's flagged error until it finishes.
import { Stack, Text } from '@loadline/ui';
import { useEffect, useRef, useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { ProgressSnapshot } from '../../api/types.ts';
import { pollDelay, syncTexts } from '../../rules/sync.ts';
import { ProgressBar } from '../Fields/index.ts';

export interface ProgressTrackerProps {
  traceLogId: string;
  label: string;
  onFinished?: (snapshot: ProgressSnapshot) => void;
}

export function ProgressTracker({ traceLogId, label, onFinished }: ProgressTrackerProps) {
  const calls = useAccountingCalls();
  const [snapshot, setSnapshot] = useState<ProgressSnapshot | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const schedule = () => {
      timer = setTimeout(() => void poll(), pollDelay(polls));
    };
    const poll = async () => {
      polls += 1;
      const answer = await calls.progress(traceLogId);
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
  }, [calls, traceLogId]);

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
          {syncTexts.progressFailed}
        </Text>
      )}
    </Stack>
  );
}
