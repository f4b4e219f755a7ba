export { OverCreditNotice } from './OverCreditNotice.tsx';
