export { GroupPayer } from './GroupPayer.tsx';
