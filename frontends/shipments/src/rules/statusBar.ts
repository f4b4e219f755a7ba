// The shipment status bar (000 §4, 001 §4): five steps; Quote 1; Committed, Ready, Sent 2; Dispatched 3;
// In Transit, Out for Delivery and any other 4; Delivered, Complete 5; Canceled marks the bar canceled at
// step 5. Steps at or below the current one are coloured, in the status's colour. Pure.

import {
  isStepColoured,
  ShipmentStatus,
  type ShipmentStatusValue,
  STATUS_BAR_STEP_COUNT,
  type StatusColour,
  statusBarStep,
  statusColour,
} from '@loadline/contracts';

const S = ShipmentStatus.values;

/** Each step is named after the first status it stands for (ours: the spec numbers the steps only). */
const stepStatuses: readonly ShipmentStatusValue[] = [
  S.Quote,
  S.Committed,
  S.Dispatched,
  S.InTransit,
  S.Delivered,
];

export interface StatusBarStepView {
  step: number;
  /** The status name the step shows: the shipment's own status on its current step. */
  label: string;
  coloured: boolean;
  /** The status colour token for a coloured step, grey otherwise. */
  colour: StatusColour;
  current: boolean;
  canceled: boolean;
}

const nameOf = (status: number) => ShipmentStatus.nameOf(status) ?? String(status);

export function statusBarSteps(status: number): StatusBarStepView[] {
  const { step: current, canceled } = statusBarStep(status);
  return Array.from({ length: STATUS_BAR_STEP_COUNT }, (_, i) => {
    const step = i + 1;
    const isCurrent = step === current;
    const coloured = isStepColoured(step, current);
    return {
      step,
      label: isCurrent && ShipmentStatus.has(status) ? nameOf(status) : nameOf(stepStatuses[i] ?? S.Quote),
      coloured,
      colour: coloured ? statusColour(status) : 'grey',
      current: isCurrent,
      canceled: canceled && isCurrent,
    };
  });
}
