// Spec 000 §4 (statuses, suggested next statuses, cancel, lost quote, credit hold, dispatch outcome,
// colours, status-bar steps, leg audit visibility), 001 §4 (status bar, colours, past delivered),
// 002 §3.1 and §4 (shipment status values, domestic and international sets, colours).

import { defineEnum, type EnumCode, type EnumValue } from './enum.ts';
import { TransitLegType } from './shipment.ts';

export const ShipmentStatus = defineEnum([
  { value: 5, code: 'Quote', name: 'Quote' },
  { value: 10, code: 'Committed', name: 'Committed' },
  { value: 210, code: 'Ready', name: 'Ready' },
  { value: 220, code: 'Sent', name: 'Sent' },
  { value: 300, code: 'Dispatched', name: 'Dispatched' },
  { value: 410, code: 'InTransit', name: 'In Transit' },
  { value: 420, code: 'OutForDelivery', name: 'Out for Delivery' },
  { value: 1000, code: 'Delivered', name: 'Delivered' },
  { value: 1030, code: 'Complete', name: 'Complete' },
  { value: 1100, code: 'Canceled', name: 'Canceled' },
]);
export type ShipmentStatusValue = EnumValue<typeof ShipmentStatus>;
export type ShipmentStatusCode = EnumCode<typeof ShipmentStatus>;

const S = ShipmentStatus.values;

/** 002 §3.1: the domestic set has all ten statuses. */
export const DomesticShipmentStatuses: readonly ShipmentStatusValue[] = Object.freeze([
  ...ShipmentStatus.valueList,
]);

/** 002 §3.1, 000 §4: the international set omits Ready and Sent. */
export const InternationalShipmentStatuses: readonly ShipmentStatusValue[] = Object.freeze(
  ShipmentStatus.valueList.filter((v) => v !== S.Ready && v !== S.Sent),
);

/** 000 §4, 001 §4, 002 §3.1: a status of 1000 or more counts as past delivered. */
export const PAST_DELIVERED_MIN_STATUS = 1000;

export function isPastDelivered(status: number): boolean {
  return status >= PAST_DELIVERED_MIN_STATUS;
}

/**
 * Ours (decision 0117 addendum): a shipment Sent or later and not yet delivered was tendered to its carrier. A
 * carrier put on it afterwards is not tendered by that change, and its status stays: staff are told so.
 */
export function tenderedToItsCarrier(status: number): boolean {
  return status >= S.Sent && !isPastDelivered(status);
}

/** 000 §4: the special choice value -1 means cancel (status Canceled plus a lost-quote system alert). */
export const CANCEL_STATUS_CHOICE = -1;

/** 000 §4: the manual status list offers every domestic status except Canceled and Complete. */
export const ManualStatusChoices: readonly ShipmentStatusValue[] = Object.freeze(
  DomesticShipmentStatuses.filter((v) => v !== S.Canceled && v !== S.Complete),
);

/** 000 §4: a shipment can be marked lost quote only when its status is Quote, Committed or Ready. */
export const LostQuoteEligibleStatuses: readonly ShipmentStatusValue[] = Object.freeze([
  S.Quote,
  S.Committed,
  S.Ready,
]);

export function canMarkLostQuote(status: number): boolean {
  return (LostQuoteEligibleStatuses as readonly number[]).includes(status);
}

/** 000 §4 / §2 item 6: the credit-hold warning modal offers Committed or Quote instead. */
export const CreditHoldAlternativeStatuses: readonly ShipmentStatusValue[] = Object.freeze([
  S.Committed,
  S.Quote,
]);

/** 000 §4: after a successful update to one of these statuses a dispatch outcome message is shown. */
export const DispatchOutcomeStatuses: readonly ShipmentStatusValue[] = Object.freeze([
  S.Dispatched,
  S.Ready,
  S.Sent,
]);

export function showsDispatchOutcome(status: number): boolean {
  return (DispatchOutcomeStatuses as readonly number[]).includes(status);
}

/**
 * 000 §4: leg audit visibility. Pickup audit for linehaul legs with status at or beyond in-transit;
 * delivery audit for linehaul legs at or beyond delivered. ("At or beyond" compares status values.)
 */
export const PICKUP_AUDIT_MIN_LEG_STATUS = S.InTransit;
export const DELIVERY_AUDIT_MIN_LEG_STATUS = S.Delivered;

/** The leg type 000 §4 audits: linehaul (002 §3.1 transit leg type). */
export const AUDITED_LEG_TYPE = TransitLegType.values.Linehaul;

/**
 * 000 §4 leg audit visibility as one rule, for the carriers service (what it accepts) and the screens
 * (what they offer). Ours: a canceled leg (1100, above Delivered by value) moved no freight and shows none.
 */
export function legAuditShown(
  category: 'Pickup' | 'Delivery',
  leg: { transitType: number; status: number },
): boolean {
  if (leg.transitType !== AUDITED_LEG_TYPE || leg.status === S.Canceled) return false;
  return leg.status >= (category === 'Pickup' ? PICKUP_AUDIT_MIN_LEG_STATUS : DELIVERY_AUDIT_MIN_LEG_STATUS);
}

// ---------------------------------------------------------------------------------------------------------
// Suggested next statuses (000 §4 table), by the current active leg status.

export interface StatusSuggestions {
  readonly previous: ShipmentStatusValue | null;
  readonly next: ShipmentStatusValue | null;
  readonly other: ShipmentStatusValue | null;
}

const suggestion = (
  previous: ShipmentStatusValue | null,
  next: ShipmentStatusValue | null,
  other: ShipmentStatusValue | null,
): StatusSuggestions => Object.freeze({ previous, next, other });

/** Rows of the table for every status except Canceled, which uses the "Canceled or unknown" row. */
export const SuggestedNextStatuses: Readonly<Partial<Record<ShipmentStatusValue, StatusSuggestions>>> =
  Object.freeze({
    [S.Quote]: suggestion(null, S.Committed, S.Ready),
    [S.Committed]: suggestion(S.Quote, S.Ready, S.Dispatched),
    [S.Ready]: suggestion(S.Committed, S.Dispatched, S.Sent),
    [S.Sent]: suggestion(S.Ready, S.Dispatched, S.InTransit),
    [S.Dispatched]: suggestion(S.Committed, S.InTransit, S.OutForDelivery),
    [S.InTransit]: suggestion(S.Dispatched, S.Delivered, S.OutForDelivery),
    [S.OutForDelivery]: suggestion(S.InTransit, S.Delivered, null),
    [S.Delivered]: suggestion(S.OutForDelivery, null, null),
    [S.Complete]: suggestion(S.Committed, S.InTransit, S.Delivered),
  });

/** The "Canceled or unknown" row. */
export const SuggestedNextStatusesForCanceledOrUnknown: StatusSuggestions = suggestion(
  S.Committed,
  S.Delivered,
  S.Ready,
);

export function suggestedNextStatuses(current: number): StatusSuggestions {
  return (
    (SuggestedNextStatuses as Partial<Record<number, StatusSuggestions>>)[current] ??
    SuggestedNextStatusesForCanceledOrUnknown
  );
}

// ---------------------------------------------------------------------------------------------------------
// Colours (000 §4, 001 §4, 002 §4). Tokens, not CSS: the design system maps them to its palette.

export const StatusColours = Object.freeze({
  lightGreen: 'lightGreen',
  green: 'green',
  amber: 'amber',
  blue: 'blue',
  brightBlue: 'brightBlue',
  red: 'red',
  grey: 'grey',
} as const);
export type StatusColour = (typeof StatusColours)[keyof typeof StatusColours];

export const ShipmentStatusColour: Readonly<Record<ShipmentStatusValue, StatusColour>> = Object.freeze({
  [S.Quote]: 'lightGreen',
  [S.Committed]: 'green',
  [S.Ready]: 'green',
  [S.Sent]: 'green',
  [S.Dispatched]: 'amber',
  [S.InTransit]: 'blue',
  [S.OutForDelivery]: 'blue',
  [S.Delivered]: 'brightBlue',
  [S.Complete]: 'brightBlue',
  [S.Canceled]: 'red',
});

/** Colour of a status; anything else is grey. */
export function statusColour(status: number): StatusColour {
  return (ShipmentStatusColour as Partial<Record<number, StatusColour>>)[status] ?? 'grey';
}

// ---------------------------------------------------------------------------------------------------------
// Status bar (000 §4, 001 §4).

export type StatusBarStepNumber = 1 | 2 | 3 | 4 | 5;
export const STATUS_BAR_STEP_COUNT = 5;

export interface StatusBarStep {
  readonly step: StatusBarStepNumber;
  /** Canceled marks the bar canceled at step 5. */
  readonly canceled: boolean;
}

/** Quote 1; Committed, Ready, Sent 2; Dispatched 3; InTransit, OutForDelivery and any other 4;
 * Delivered, Complete 5; Canceled: canceled at step 5. */
export function statusBarStep(status: number): StatusBarStep {
  switch (status) {
    case S.Quote:
      return { step: 1, canceled: false };
    case S.Committed:
    case S.Ready:
    case S.Sent:
      return { step: 2, canceled: false };
    case S.Dispatched:
      return { step: 3, canceled: false };
    case S.Delivered:
    case S.Complete:
      return { step: 5, canceled: false };
    case S.Canceled:
      return { step: 5, canceled: true };
    default:
      return { step: 4, canceled: false };
  }
}

/** Steps at or below the current step are coloured. `current` is the current step number (1 to 5). */
export function isStepColoured(step: number, current: number): boolean {
  return step <= current;
}
