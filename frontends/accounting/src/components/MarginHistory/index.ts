export { changedAt, MarginHistory } from './MarginHistory.tsx';
