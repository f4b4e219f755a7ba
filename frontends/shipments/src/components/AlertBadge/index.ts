export { AlertBadge, AlertIcon } from './AlertBadge.tsx';
