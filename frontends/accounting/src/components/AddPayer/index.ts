export { AddPayer, choosePayerMessage } from './AddPayer.tsx';
