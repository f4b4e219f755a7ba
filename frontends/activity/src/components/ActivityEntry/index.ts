export { ActivityEntry, type ActivityEntryProps } from './ActivityEntry.tsx';
