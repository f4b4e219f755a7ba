export { SystemAlerts, type SystemAlertsProps } from './SystemAlerts.tsx';
