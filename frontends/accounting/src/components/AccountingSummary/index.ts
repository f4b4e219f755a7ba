export { AccountingSummary, summaryLoadFailed } from './AccountingSummary.tsx';
