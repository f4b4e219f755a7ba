// The status engine of 000 §4 as `decide`/`evolve` over discriminated unions: a command and the
// current state give events (or a refusal with the field to flag); events fold into the next state.
// Pure: no I/O, so every rule is unit-tested on its own (test/unit/status-engine.test.ts).
//
// What the spec fixes (000 §4, 002 §3.1), taken from the catalogue:
//   - the suggested previous / next / other table, by the current status of the active leg;
//   - the manual list: every domestic status except Canceled and Complete;
//   - the international set, without Ready and Sent;
//   - the choice -1 cancels (status Canceled, lost-quote system alert requested);
//   - Canceled back to Quote is a reinstatement (reinstateShipment);
//   - lost quote only from Quote, Committed or Ready; past delivered is 1000 or more.
//
// What the spec leaves open ("Allowed transitions beyond these suggestions: not shown") and we
// decided as a broker's operations desk works (README.md, "Status transitions"):
//   1. Every suggestion of the table is allowed (they are the spec's own buttons).
//   2. Forward along the lifecycle Quote → Committed → Ready → Sent → Dispatched → In Transit →
//      Out for Delivery → Delivered, skipping steps: paperwork often catches up after the fact.
//   3. Back, to correct a mistake, but never before the last fact that cannot be undone:
//      before a carrier is dispatched any earlier planning status (Quote included); once
//      dispatched, back to Committed at most (an un-booked load is canceled, not re-quoted);
//      once picked up (In Transit), back to Dispatched at most; Out for Delivery back to In
//      Transit; Delivered back to Out for Delivery or In Transit (a proof of delivery entered on
//      the wrong load).
//   4. Complete is set by accounting when the shipment is invoiced, never by a status update; a
//      Complete shipment reopens only to its suggestions (Committed, In Transit, Delivered).
//   5. Cancel (-1, or Canceled itself) is allowed until the freight is picked up: Quote,
//      Committed, Ready, Sent and Dispatched (a truck ordered and not used is canceled, with
//      TONU on the money side). Picked-up freight is not canceled; a shipment already past
//      delivered (1000 or more) neither. The lost-quote alert is raised only when asked for and
//      the shipment was Quote, Committed or Ready; a cancel from Sent or Dispatched goes through
//      without it (it was a booked load, not a lost quote).
//   6. A canceled shipment leaves Canceled only by reinstatement: to Quote (reinstateShipment),
//      or to the table's suggestions for Canceled (Committed, Ready, Delivered).
//   7. Ready and Sent do not exist for an international shipment, as targets or suggestions.
//   8. The same status again changes nothing (the update may still carry dates and a note).
//   9. reinstateShipment on a shipment that is not canceled, and addSystemAlertLostQuote
//      without a cancel, are refused: the screen never sends them so, and silently ignoring
//      them would hide a bug.
import {
  CANCEL_STATUS_CHOICE,
  canMarkLostQuote,
  DomesticShipmentStatuses,
  InternationalShipmentStatuses,
  isPastDelivered,
  ManualStatusChoices,
  ShipmentStatus,
  type ShipmentStatusValue,
  type StatusSuggestions,
  suggestedNextStatuses,
} from '@loadline/contracts/catalogue';

const S = ShipmentStatus.values;

/** The live statuses in the order freight moves through them (Complete and Canceled stand apart). */
export const lifecycle: readonly ShipmentStatusValue[] = Object.freeze([
  S.Quote,
  S.Committed,
  S.Ready,
  S.Sent,
  S.Dispatched,
  S.InTransit,
  S.OutForDelivery,
  S.Delivered,
]);

/** Rule 3: how far back a correction may go from each live status. */
export const furthestBack: Readonly<Partial<Record<ShipmentStatusValue, ShipmentStatusValue>>> =
  Object.freeze({
    [S.Committed]: S.Quote,
    [S.Ready]: S.Quote,
    [S.Sent]: S.Quote,
    [S.Dispatched]: S.Committed,
    [S.InTransit]: S.Dispatched,
    [S.OutForDelivery]: S.InTransit,
    [S.Delivered]: S.InTransit,
  });

/** Rule 5: the statuses a shipment can be canceled from (before pickup). */
export const cancelableStatuses: readonly ShipmentStatusValue[] = Object.freeze([
  S.Quote,
  S.Committed,
  S.Ready,
  S.Sent,
  S.Dispatched,
]);

export interface StatusState {
  /** the status of the leg the update targets: the active leg's, unless transitType names another */
  status: number;
  /** an international shipment uses the international set (no Ready, no Sent) */
  international: boolean;
}

export type StatusCommand =
  | {
      type: 'ChangeStatus';
      to: number;
      reinstateShipment: boolean;
      addSystemAlertLostQuote: boolean;
    }
  | { type: 'Cancel'; reinstateShipment: boolean; addSystemAlertLostQuote: boolean };

export type StatusEvent =
  | { type: 'StatusChanged'; from: number; to: ShipmentStatusValue }
  | { type: 'ShipmentCanceled'; from: number; lostQuoteAlertRequested: boolean }
  | { type: 'ShipmentReinstated'; from: number; to: ShipmentStatusValue };

/** The payload field a refusal is reported on (`model.<field>`). */
export type StatusField = 'status' | 'reinstateShipment' | 'addSystemAlertLostQuote';

export type Decision =
  | { ok: true; events: StatusEvent[] }
  | { ok: false; field: StatusField; message: string };

const nameOf = (status: number): string => ShipmentStatus.nameOf(status) ?? `status ${status}`;
const refuse = (field: StatusField, message: string): Decision => ({ ok: false, field, message });
const accept = (...events: StatusEvent[]): Decision => ({ ok: true, events });

/** The choice the screen sends (a status, or -1 for cancel) as a command. Canceled itself also cancels. */
export function commandFromChoice(
  choice: number,
  flags: { reinstateShipment?: boolean | null; addSystemAlertLostQuote?: boolean | null } = {},
): StatusCommand {
  const reinstateShipment = flags.reinstateShipment === true;
  const addSystemAlertLostQuote = flags.addSystemAlertLostQuote === true;
  if (choice === CANCEL_STATUS_CHOICE || choice === S.Canceled) {
    return { type: 'Cancel', reinstateShipment, addSystemAlertLostQuote };
  }
  return { type: 'ChangeStatus', to: choice, reinstateShipment, addSystemAlertLostQuote };
}

/** The statuses of a shipment's set (002 §3.1). */
export function statusSet(international: boolean): readonly ShipmentStatusValue[] {
  return international ? InternationalShipmentStatuses : DomesticShipmentStatuses;
}

const inSet = (status: number, international: boolean): status is ShipmentStatusValue =>
  (statusSet(international) as readonly number[]).includes(status);

/** 000 §4 suggestions by the current status; for an international shipment Ready and Sent are dropped (rule 7). */
export function suggestions(current: number, international: boolean): StatusSuggestions {
  const row = suggestedNextStatuses(current);
  const keep = (s: ShipmentStatusValue | null) => (s !== null && inSet(s, international) ? s : null);
  return { previous: keep(row.previous), next: keep(row.next), other: keep(row.other) };
}

/** 000 §4: the manual list (the screen adds its '--Select--' placeholder), within the shipment's set. */
export function manualChoices(international: boolean): readonly ShipmentStatusValue[] {
  return ManualStatusChoices.filter((s) => inSet(s, international));
}

const suggestionList = (current: number, international: boolean): ShipmentStatusValue[] => {
  const row = suggestions(current, international);
  return [row.previous, row.next, row.other].filter((s): s is ShipmentStatusValue => s !== null);
};

/**
 * Every status a status update may move the leg to from `current` (rules 1-7), in value order.
 * Canceling is a separate command (see `canCancel`).
 */
export function allowedTargets(current: number, international: boolean): ShipmentStatusValue[] {
  const set = statusSet(international);
  let allowed: ShipmentStatusValue[];
  if (current === S.Canceled) {
    allowed = [S.Quote, ...suggestionList(current, international)];
  } else if (current === S.Complete) {
    allowed = suggestionList(current, international);
  } else if (!ShipmentStatus.has(current)) {
    // A status outside the table (imported data): any manual choice repairs it.
    allowed = [...manualChoices(international), ...suggestionList(current, international)];
  } else {
    const at = lifecycle.indexOf(current);
    const floor = furthestBack[current];
    const from = floor === undefined ? at : lifecycle.indexOf(floor);
    allowed = [
      ...lifecycle.filter((_, i) => i >= from && i !== at),
      ...suggestionList(current, international),
    ];
  }
  return set.filter((s) => s !== current && s !== S.Complete && s !== S.Canceled && allowed.includes(s));
}

/** Rule 5. */
export function canCancel(current: number): boolean {
  return (cancelableStatuses as readonly number[]).includes(current);
}

function refuseCancel(current: number): Decision {
  if (current === S.Canceled) return refuse('status', 'The shipment is already canceled.');
  if (isPastDelivered(current)) {
    return refuse('status', `A ${nameOf(current)} shipment cannot be canceled.`);
  }
  return refuse(
    'status',
    `A shipment ${nameOf(current)} cannot be canceled: its freight has been picked up. ` +
      `If it was not, move it back to ${nameOf(S.Dispatched)} first.`,
  );
}

function refuseMove(current: number, to: number, international: boolean): Decision {
  if (to === S.Complete) {
    return refuse(
      'status',
      `${nameOf(S.Complete)} is set when the shipment is invoiced, not by a status update.`,
    );
  }
  const allowed = allowedTargets(current, international).map(nameOf);
  const list = allowed.length > 0 ? allowed.join(', ') : 'no other status';
  if (current === S.Canceled) {
    return refuse(
      'status',
      `A canceled shipment can only be reinstated to ${list}; it cannot go to ${nameOf(to)}.`,
    );
  }
  const floor = furthestBack[current as ShipmentStatusValue];
  const hint =
    floor !== undefined && lifecycle.indexOf(to as ShipmentStatusValue) < lifecycle.indexOf(floor)
      ? current === S.Dispatched
        ? ' A dispatched load that is no longer wanted is canceled, not re-quoted.'
        : ` Once ${nameOf(current)}, a shipment goes back no further than ${nameOf(floor)}.`
      : '';
  return refuse(
    'status',
    `A shipment cannot move from ${nameOf(current)} to ${nameOf(to)}. Allowed from ${nameOf(current)}: ${list}.${hint}`,
  );
}

/** Decides what a status update does to the targeted leg, or why it is refused. */
export function decide(state: StatusState, command: StatusCommand): Decision {
  const { status: current, international } = state;

  if (command.reinstateShipment && current !== S.Canceled) {
    return refuse('reinstateShipment', 'Only a canceled shipment can be reinstated.');
  }

  if (command.type === 'Cancel') {
    if (!canCancel(current)) return refuseCancel(current);
    return accept({
      type: 'ShipmentCanceled',
      from: current,
      lostQuoteAlertRequested: command.addSystemAlertLostQuote && canMarkLostQuote(current),
    });
  }

  if (command.addSystemAlertLostQuote) {
    return refuse(
      'addSystemAlertLostQuote',
      'A lost-quote alert is raised only when canceling a shipment (choose Cancel).',
    );
  }
  const { to } = command;
  if (!ShipmentStatus.has(to)) return refuse('status', `${to} is not a shipment status.`);
  if (!inSet(to, international)) {
    return refuse('status', `${nameOf(to)} is not a status of an international shipment.`);
  }
  if (to === current) return accept();
  if (!allowedTargets(current, international).includes(to)) return refuseMove(current, to, international);
  if (current === S.Canceled) return accept({ type: 'ShipmentReinstated', from: current, to });
  return accept({ type: 'StatusChanged', from: current, to });
}

/** Folds an event into the state. */
export function evolve(state: StatusState, event: StatusEvent): StatusState {
  switch (event.type) {
    case 'StatusChanged':
    case 'ShipmentReinstated':
      return { ...state, status: event.to };
    case 'ShipmentCanceled':
      return { ...state, status: S.Canceled };
  }
}

/** The state after a decision's events. */
export const fold = (state: StatusState, events: readonly StatusEvent[]): StatusState =>
  events.reduce(evolve, state);

/** 000 §4: a status of 1000 or more counts as past delivered (re-exported for the routes). */
export { isPastDelivered };
