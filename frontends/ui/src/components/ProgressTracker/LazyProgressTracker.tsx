import { lazy, Suspense } from 'react';
import type { ProgressTrackerProps } from './ProgressTracker.tsx';

// Its own chunk: only pages that run a long job need it, not the first render.
const Tracker = lazy(() =>
  import(/* webpackChunkName: "ui-progress-tracker" */ './ProgressTracker.tsx').then((m) => ({
    default: m.ProgressTracker,
  })),
);

/** The progress tracker, loaded on first use; an empty bar stands in for it meanwhile. */
export function LazyProgressTracker(props: ProgressTrackerProps) {
  return (
    <Suspense
      fallback={
        <div
          role="progressbar"
          aria-label={props.label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={0}
        />
      }
    >
      <Tracker {...props} />
    </Suspense>
  );
}
