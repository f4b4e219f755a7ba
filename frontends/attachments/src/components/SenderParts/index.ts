export { DeliveryWarningAlerts, LabelledTextarea, ProblemAlert, SendTab } from './SenderParts.tsx';
