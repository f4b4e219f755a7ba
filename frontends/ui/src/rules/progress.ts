// The progress tracker's polling (000 §4, §9): the first poll after 1 s, then every 500 ms.
import { PROGRESS_FIRST_POLL_MS, PROGRESS_POLL_INTERVAL_MS } from '@loadline/contracts';

export const progressPollDelay = (pollsSoFar: number): number =>
  pollsSoFar === 0 ? PROGRESS_FIRST_POLL_MS : PROGRESS_POLL_INTERVAL_MS;

/** Whole percents between 0 and 100. */
export const clampPercent = (value: number): number => Math.max(0, Math.min(100, Math.round(value)));
