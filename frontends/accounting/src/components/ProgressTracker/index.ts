export { ProgressTracker, type ProgressTrackerProps } from './ProgressTracker.tsx';
