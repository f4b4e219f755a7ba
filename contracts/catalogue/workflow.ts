// Spec 002 §3.9 (workflow automation results, step types, time filters, tolerance, timespan);
// 001 §3 (the same workflow automation enumerations).

import { defineEnum, defineNamedList, type EnumValue, type ValueRange } from './enum.ts';

/** 1 to 7, in order. */
export const WorkflowAutomationResult = defineEnum([
  { value: 1, code: 'WorkflowCompletedSuccessfully', name: 'Workflow Completed Successfully' },
  { value: 2, code: 'WorkflowEndedSuccessfully', name: 'Workflow Ended Successfully' },
  { value: 3, code: 'Error', name: 'Error' },
  { value: 4, code: 'FilterPassed', name: 'Filter Passed' },
  { value: 5, code: 'FilterFailed', name: 'Filter Failed' },
  { value: 6, code: 'ActionComplete', name: 'Action Complete' },
  { value: 7, code: 'ActionIncomplete', name: 'Action Incomplete' },
]);
export type WorkflowAutomationResultValue = EnumValue<typeof WorkflowAutomationResult>;

/**
 * Workflow step types use values 1 to 35 with 25 unused; the number of each step is not shown, so the
 * filters and actions are named lists (20 filters + 14 actions = 34 = the 35 values minus the unused one).
 */
export const WorkflowStepTypeRange: ValueRange = Object.freeze({ min: 1, max: 35 });
export const WORKFLOW_STEP_TYPE_UNUSED_VALUE = 25;

export const WorkflowFilterStep = defineNamedList([
  { code: 'Customer', name: 'Customer' },
  { code: 'Status', name: 'Status' },
  { code: 'Alert', name: 'Alert' },
  { code: 'Origin', name: 'Origin' },
  { code: 'Destination', name: 'Destination' },
  { code: 'BuyRate', name: 'Buy Rate' },
  { code: 'SellRate', name: 'Sell Rate' },
  { code: 'PickupDate', name: 'Pickup Date' },
  { code: 'DeliveryDate', name: 'Delivery Date' },
  { code: 'ShipmentType', name: 'Shipment Type' },
  { code: 'MarginPercentage', name: 'Margin Percentage' },
  { code: 'AttachmentType', name: 'Attachment Type' },
  { code: 'OriginalStatus', name: 'Original Status' },
  { code: 'ShipmentReferenceNumber', name: 'Shipment Reference Number' },
  { code: 'Accessorial', name: 'Accessorial' },
  { code: 'OriginalAlert', name: 'Original Alert' },
  { code: 'LspStaff', name: 'LSP Staff' },
  { code: 'PickupAuditMissing', name: 'Pickup Audit Missing' },
  { code: 'DeliveryAuditMissing', name: 'Delivery Audit Missing' },
  { code: 'OpenCreditLimit', name: 'Open Credit Limit' },
]);

export const WorkflowActionStep = defineNamedList([
  { code: 'SendEmail', name: 'Send Email' },
  { code: 'UpdateStatus', name: 'Update Status' },
  { code: 'AddAlert', name: 'Add Alert' },
  { code: 'ResolveAlert', name: 'Resolve Alert' },
  { code: 'AddAssignment', name: 'Add Assignment' },
  { code: 'ResolveAssignment', name: 'Resolve Assignment' },
  { code: 'ResolveAllAssignments', name: 'Resolve All Assignments' },
  { code: 'AddAssignmentWithMessage', name: 'Add Assignment With Message' },
  { code: 'CarrierCheckCall', name: 'Carrier Check Call' },
  { code: 'AddShipmentReferenceNumber', name: 'Add Shipment Reference Number' },
  { code: 'RemoveShipmentReferenceNumber', name: 'Remove Shipment Reference Number' },
  { code: 'RemoveCarrier', name: 'Remove Carrier' },
  { code: 'SendWebhook', name: 'Send Webhook' },
  { code: 'AssignCarrierCheckCallActivity', name: 'Assign Carrier Check Call Activity' },
]);

/** Time filter frequency in hours. */
export const TIME_FILTER_FREQUENCY_HOURS: readonly number[] = Object.freeze([1, 2, 3, 4, 6, 8]);

/** Values not shown. */
export const TimeFilterType = defineNamedList([
  { code: 'AnyTime', name: 'Any Time' },
  { code: 'Before', name: 'Before' },
  { code: 'After', name: 'After' },
]);

/** Values not shown (code names ours). */
export const Tolerance = defineNamedList([
  { code: 'NoTolerance', name: 'No Tolerance' },
  { code: 'Minutes30', name: '30 min' },
  { code: 'Hours1', name: '1h' },
  { code: 'Hours2', name: '2h' },
  { code: 'Hours3', name: '3h' },
  { code: 'Hours4', name: '4h' },
]);

/** Each tolerance as minutes (read from its display name). */
export const ToleranceMinutes: Readonly<Record<(typeof Tolerance.codes)[number], number>> = Object.freeze({
  NoTolerance: 0,
  Minutes30: 30,
  Hours1: 60,
  Hours2: 120,
  Hours3: 180,
  Hours4: 240,
});

/** Timespan in months. */
export const TIMESPAN_MONTHS: readonly number[] = Object.freeze([1, 3, 6, 12, 24]);
