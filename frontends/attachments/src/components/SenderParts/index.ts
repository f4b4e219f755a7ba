export { DeliveryWarningAlerts, ProblemAlert, SendTab } from './SenderParts.tsx';
