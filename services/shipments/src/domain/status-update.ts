// The status engine over the whole shipment (000 §3 status update, §4, §5): `decide` takes the shipment
// (its legs, stops and references), the customer's credit position when the move needs it, and the
// update, and answers the events the update makes — or the problems that refuse it; `evolve` applies
// those events to the shipment. Cancel and reinstate fan out to every leg here, once. The rules of one
// leg's status (the table, what may follow what) are status-engine.ts's; the date rules stop-times.ts's.
// Pure: the use case (app/update-status.ts) loads, decides, evolves and saves through runCommand.
import {
  isPastDelivered,
  ShipmentStatus,
  ShipmentStopType,
  TransitLegType,
} from '@loadline/contracts/catalogue';
import { type FieldProblem, fail, ok, type Result } from '@loadline/platform/problems';
import { type CreditPosition, checkCreditHold, creditHoldApplies, creditHoldRefusal } from './credit-hold.ts';
import { proNumberTypeForLeg, proofOfDeliverySignedByType, transitLegReferenceType } from './references.ts';
import {
  applyShipmentChange,
  type Shipment,
  type ShipmentChange,
  stopTimesOf,
  type TransitLeg,
} from './shipment.ts';
import { isInternational } from './shipment-rules.ts';
import { commandFromChoice, decide as decideLeg, evolve as evolveLeg } from './status-engine.ts';
import { localDate, planStopTimes, type StopTimes } from './stop-times.ts';

const S = ShipmentStatus.values;
const FirstPick = ShipmentStopType.byCode.FirstPick.code;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

/** A status update as the edit-status modal sends it (000 §3 payload), with what the decision needs of now. */
export interface StatusUpdate {
  /** the status chosen (or -1, cancel) */
  status: number;
  /** the leg the update is about: the one of this transit type, else the active one */
  transitType?: number | null;
  reinstateShipment?: boolean | null;
  addSystemAlertLostQuote?: boolean | null;
  noAccountingInvoice?: boolean;
  proNumber?: string | null;
  transitLegReferenceNumber?: string | null;
  proofOfDeliverySignedBy?: string | null;
  /** the pickup and delivery date-time fields (000 §3), as sent */
  times: object;
}

/** What the update needs besides the shipment: the time, and the ids new reference numbers take. */
export interface UpdateContext {
  now: Date;
  /** at least as many as the update may add (three: pro number, leg reference, proof-of-delivery signer) */
  newReferenceIds: readonly string[];
  /** the customer's credit position, when `needsCreditPosition` said the decision needs it */
  credit: CreditPosition | null;
}

export type ShipmentEvent =
  | { type: 'StatusChanged'; transitLegId: string; from: number; to: number; at: string }
  | {
      type: 'ShipmentCanceled';
      transitLegId: string;
      from: number;
      lostQuoteAlertRequested: boolean;
      at: string;
    }
  | { type: 'ShipmentReinstated'; transitLegId: string; from: number; to: number; at: string }
  | { type: 'StopTimesSet'; stopId: string; times: StopTimes }
  | {
      type: 'ReferenceSet';
      referenceId: string;
      transitLegId: string | null;
      referenceTypeCode: string;
      value: string | null;
    }
  | { type: 'NoAccountingInvoiceSet'; value: boolean };

export type StatusEventOf = Extract<
  ShipmentEvent,
  { type: 'StatusChanged' | 'ShipmentCanceled' | 'ShipmentReinstated' }
>;

/** The leg an update is about: the one of the given transit type, else the active one. */
export function targetLeg(
  shipment: Shipment,
  transitType: number | null | undefined,
): TransitLeg | undefined {
  const active = shipment.transitLegs.find((l) => l.active);
  if (transitType === null || transitType === undefined) return active;
  return active?.transitType === transitType
    ? active
    : shipment.transitLegs.find((l) => l.transitType === transitType);
}

/** The status the update moves its leg to, if the engine allows it (no decision is taken here). */
function proposedLegStatus(shipment: Shipment, update: StatusUpdate): { leg: TransitLeg; to: number } | null {
  const leg = targetLeg(shipment, update.transitType);
  if (!leg) return null;
  const decision = decideLeg(
    { status: leg.status, international: isInternational(shipment.shipmentType) },
    commandFromChoice(update.status, update),
  );
  if (!decision.ok) return null;
  const to = decision.events.reduce(evolveLeg, {
    status: leg.status,
    international: false,
  }).status;
  return { leg, to };
}

/** Whether the decision needs the customer's credit position (000 §4 credit hold): look it up only then. */
export function needsCreditPosition(shipment: Shipment, update: StatusUpdate): boolean {
  const proposed = proposedLegStatus(shipment, update);
  return proposed !== null && creditHoldApplies(proposed.leg.status, proposed.to);
}

/** Decides what a status update does to the shipment, or why it is refused (nothing is written then). */
export function decide(
  shipment: Shipment,
  update: StatusUpdate,
  context: UpdateContext,
): Result<ShipmentEvent[]> {
  const at = context.now.toISOString();
  // 1. The leg.
  const target = targetLeg(shipment, update.transitType);
  if (!target) {
    return fail({
      field: 'transitType',
      message: `Shipment ${shipment.shipmentId} has no ${TransitLegType.nameOf(update.transitType!)} leg.`,
    });
  }

  // 2. The status engine decides the leg's move.
  const legDecision = decideLeg(
    { status: target.status, international: isInternational(shipment.shipmentType) },
    commandFromChoice(update.status, update),
  );
  if (!legDecision.ok) return fail({ field: legDecision.field, message: legDecision.message });

  // 3. Pickup and delivery date-times (000 §5), checked only on the stop the update touches.
  const firstPick = shipment.stops.find((s) => s.stopType === FirstPick);
  const lastDrop = shipment.stops.find((s) => s.stopType === LastDrop);
  const times = planStopTimes({
    pickup: stopTimesOf(firstPick),
    delivery: stopTimesOf(lastDrop),
    body: update.times,
    transitDays: shipment.transitDays,
    today: localDate(context.now, shipment.originBaseUTCOffset),
  });
  if (times.problems.length > 0) return fail(...times.problems);

  const events: ShipmentEvent[] = legDecision.events.map((e): ShipmentEvent => {
    const leg = { transitLegId: target.transitLegId, from: e.from, at };
    if (e.type === 'ShipmentCanceled')
      return { type: 'ShipmentCanceled', ...leg, lostQuoteAlertRequested: e.lostQuoteAlertRequested };
    return { type: e.type, ...leg, to: e.to };
  });

  // 4. 000 §4: the credit-hold check refuses here too, not only in the screen's modal.
  const newLegStatus = evolve(shipment, events).transitLegs.find(
    (l) => l.transitLegId === target.transitLegId,
  )!.status;
  if (creditHoldApplies(target.status, newLegStatus)) {
    if (!context.credit) throw new Error('the credit position is needed for this move (needsCreditPosition)');
    const check = checkCreditHold(target.status, newLegStatus, context.credit);
    if (!check.allowed)
      return fail({
        field: 'status',
        message: creditHoldRefusal(check.reason, shipment.customerName, newLegStatus),
      });
  }

  // 5. Dates, references, the invoicing flag.
  if (firstPick && times.pickupTouched)
    events.push({ type: 'StopTimesSet', stopId: firstPick.stopId, times: times.pickup });
  if (lastDrop && times.deliveryTouched)
    events.push({ type: 'StopTimesSet', stopId: lastDrop.stopId, times: times.delivery });
  const single: [string | null, string, string | null | undefined][] = [
    [target.transitLegId, proNumberTypeForLeg(target.transitType), update.proNumber],
    [target.transitLegId, transitLegReferenceType, update.transitLegReferenceNumber],
    [null, proofOfDeliverySignedByType, update.proofOfDeliverySignedBy],
  ];
  let ids = 0;
  for (const [transitLegId, referenceTypeCode, value] of single) {
    if (value === undefined) continue;
    const referenceId = context.newReferenceIds[ids++];
    if (referenceId === undefined) throw new Error('too few reference ids for the update');
    events.push({ type: 'ReferenceSet', referenceId, transitLegId, referenceTypeCode, value: value ?? null });
  }
  if (update.noAccountingInvoice !== undefined)
    events.push({ type: 'NoAccountingInvoiceSet', value: update.noAccountingInvoice });
  return ok(events);
}

/**
 * The shipment once the events happened: the targeted leg moves; a cancel cancels every leg not past
 * delivered, a reinstatement brings every canceled leg back; the shipment's status is its active leg's.
 */
export function evolve(shipment: Shipment, events: readonly ShipmentEvent[]): Shipment {
  const legStatuses = new Map(shipment.transitLegs.map((l) => [l.transitLegId, l.status]));
  const stopTimes = new Map<string, StopTimes>();
  const singleReferences: NonNullable<ShipmentChange['singleReferences']>[number][] = [];
  const referenceIds: string[] = [];
  const change: ShipmentChange = { legStatuses, stopTimes, singleReferences };
  let now: Date | undefined;
  for (const event of events) {
    switch (event.type) {
      case 'StatusChanged':
        legStatuses.set(event.transitLegId, event.to);
        now = new Date(event.at);
        break;
      case 'ShipmentCanceled':
        for (const [id, status] of legStatuses) if (!isPastDelivered(status)) legStatuses.set(id, S.Canceled);
        if (event.lostQuoteAlertRequested) change.lostQuote = true;
        now = new Date(event.at);
        break;
      case 'ShipmentReinstated':
        for (const [id, status] of legStatuses) if (status === S.Canceled) legStatuses.set(id, event.to);
        change.lostQuote = false;
        now = new Date(event.at);
        break;
      case 'StopTimesSet':
        stopTimes.set(event.stopId, event.times);
        break;
      case 'ReferenceSet':
        singleReferences.push({
          transitLegId: event.transitLegId,
          referenceTypeCode: event.referenceTypeCode,
          value: event.value,
        });
        referenceIds.push(event.referenceId);
        break;
      case 'NoAccountingInvoiceSet':
        change.noAccountingInvoice = event.value;
        break;
    }
  }
  const active = shipment.transitLegs.find((l) => l.active);
  if (active) change.status = legStatuses.get(active.transitLegId)!;
  // The ids in the order the references are set; one is taken only for a reference added.
  let next = 0;
  const takeId = () => referenceIds[next++] ?? `${referenceIds[0]}_${next}`;
  return applyShipmentChange(shipment, change, now ?? new Date(shipment.lastOpsUpdate), takeId).after;
}

/** The status event among an update's events (at most one), as status.changed reports it. */
export const statusEventOf = (events: readonly ShipmentEvent[]): StatusEventOf | undefined =>
  events.find(
    (e): e is StatusEventOf =>
      e.type === 'StatusChanged' || e.type === 'ShipmentCanceled' || e.type === 'ShipmentReinstated',
  );

export type { FieldProblem };
