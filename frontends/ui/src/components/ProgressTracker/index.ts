export { LazyProgressTracker as ProgressTracker } from './LazyProgressTracker.tsx';
export { ProgressBar } from './ProgressBar.tsx';
export type { ProgressTrackerProps } from './ProgressTracker.tsx';
