export { LegAudits, type LegAuditsProps } from './LegAudits.tsx';
