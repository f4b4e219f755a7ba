// The enumeration catalogue (spec 002 §1-§9, with the enumerations, constants and message texts of 000
// and 001). See README.md in this folder for the shapes and the decisions taken where the spec is silent.

export * from './accessorials.ts';
export * from './accounting.ts';
export * from './activity.ts';
export * from './alerts.ts';
export * from './attachments.ts';
export * from './calendar.ts';
export * from './carrier.ts';
export * from './columns.ts';
export * from './constants.ts';
export * from './enum.ts';
export * from './freight-class.ts';
export * from './integration.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './organization.ts';
export * from './payment-rules.ts';
export * from './permissions.ts';
export * from './references.ts';
export * from './regions.ts';
export * from './reports.ts';
export * from './shipment.ts';
export * from './shipment-routes.ts';
export * from './shipment-status.ts';
export * from './tariff.ts';
export * from './widgets.ts';
export * from './workflow.ts';
