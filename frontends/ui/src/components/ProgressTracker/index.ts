export { LazyProgressTracker as ProgressTracker } from './LazyProgressTracker.tsx';
export type { ProgressTrackerProps } from './ProgressTracker.tsx';
