// The status update (000 §3 payload, §4): the shipment is loaded, the status engine decides over the
// whole shipment (domain/status-update.ts), its events evolve the shipment, and the new state is saved
// with its one event (shipment.updated carrying the move and the note, decision 0048) and the tender it owes a carrier in one
// statement guarded by the version loaded — the platform's runCommand loop loads and decides anew when
// another change came between. The carrier is tendered after the commit; its answer never undoes it.
import { type AccessLevelValue, ShipmentStopType } from '@loadline/contracts/catalogue';
import {
  conflict,
  fieldError,
  type Identity,
  newId,
  problemsError,
  runCommand,
  staffOnly,
  uuidv7,
} from '@loadline/platform';
import type { FieldProblem } from '@loadline/platform/problems';
import type { CreditPosition } from '../domain/credit-hold.ts';
import { dispatchAnswer, shouldTryDispatch } from '../domain/dispatch.ts';
import { dispatchRequestFor } from '../domain/dispatch-request.ts';
import { noteAccessProblem, noteFromUpdate } from '../domain/notes.ts';
import type { Shipment } from '../domain/shipment.ts';
import { updateEvents } from '../domain/status-events.ts';
import {
  decide,
  evolve,
  needsCreditPosition,
  type ShipmentEvent,
  type StatusUpdate,
  targetLeg,
} from '../domain/status-update.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { ShipmentsDeps } from '../service.ts';
import { creditPosition } from '../store/credit.ts';
import { loadShipment, type OwedTender, saveShipment } from '../store/shipments.ts';
import { tenderOwed } from './dispatch.ts';
import { shipmentNotFound } from './shipments.ts';

/** The 000 §3 payload: the update, the shipment it is about, and the note it may carry. */
export interface StatusUpdateInput extends Omit<StatusUpdate, 'times'> {
  shipmentId: number;
  location?: string | null | undefined;
  activity?: string | null | undefined;
  accessLevel?: AccessLevelValue | undefined;
  pinActivity?: boolean | undefined;
}

interface State {
  shipment: Shipment;
  /** looked up only when the move needs it (000 §4 credit hold) */
  credit: CreditPosition | null;
}

/** Attempts while other changes of the same shipment keep coming between a load and its write. */
const attempts = 10;

/** The fields the status engine refuses on, one at a time (`<field>: <message>`); the date rules list theirs. */
const engineFields = ['transitType', 'status', 'reinstateShipment', 'addSystemAlertLostQuote'];
const refusal = (problems: FieldProblem[]) =>
  problems.length === 1 && engineFields.includes(problems[0]!.field)
    ? fieldError(problems[0]!.field, problems[0]!.message)
    : problemsError(problems);

const references = ['proNumber', 'transitLegReferenceNumber', 'proofOfDeliverySignedBy'] as const;

export async function updateStatus(deps: ShipmentsDeps, caller: Identity, input: StatusUpdateInput) {
  if (caller.kind !== 'staff') throw staffOnly();
  const note = noteFromUpdate(input);
  const noteProblem = note && noteAccessProblem(caller.permissions, note.accessLevel);
  if (noteProblem) throw fieldError('accessLevel', noteProblem);
  const { runtime, adapters } = deps;
  const actor = { userId: caller.userId, name: caller.displayName };
  const update: StatusUpdate = { ...input, times: input };
  const scope = shipmentScope(caller);
  const createdDate = new Date().toISOString();

  const outcome = await runCommand<State, ShipmentEvent, { saved: Shipment; owed: OwedTender | null }>({
    attempts,
    load: async () => {
      const shipment = await loadShipment(runtime.db, input.shipmentId, scope);
      if (!shipment) return undefined;
      const credit = needsCreditPosition(shipment, update)
        ? await creditPosition(runtime.db, shipment.customerOrganizationId, shipment.shipmentId)
        : null;
      return { shipment, credit };
    },
    decide: ({ shipment, credit }) =>
      decide(shipment, update, {
        now: new Date(),
        newReferenceIds: references.filter((r) => input[r] !== undefined).map(() => newId('ref')),
        credit,
      }),
    evolve: (state, events) => ({ ...state, shipment: evolve(state.shipment, events) }),
    save: async (before, after, events) => {
      const target = targetLeg(before.shipment, input.transitType)!;
      const leg = after.shipment.transitLegs.find((l) => l.transitLegId === target.transitLegId)!;
      const request = shouldTryDispatch(target.status, leg.status)
        ? dispatchRequestFor(after.shipment, leg)
        : null;
      const owed =
        request && adapters.dispatch.supports(request.carrier) ? { request, requestedBy: actor.name } : null;
      const published = updateEvents(before.shipment, after.shipment, events, {
        location: input.location,
        note,
        noteId: uuidv7(),
        actor,
        createdDate,
      });
      const saved = await saveShipment(runtime, runtime.db, before.shipment, after.shipment, {
        sections: published.sections,
        events: published.others,
        tender: owed,
      });
      return saved && { saved, owed };
    },
  });
  if (outcome.kind === 'missing') throw shipmentNotFound(input.shipmentId);
  if (outcome.kind === 'refused') throw refusal(outcome.problems);
  if (outcome.kind === 'contended')
    throw conflict(
      `Shipment ${input.shipmentId} is being changed by someone else right now. Please try again.`,
    );

  const { saved, owed } = outcome.saved;
  runtime
    .counter('loadline_status_changes_total', 'status updates saved, by the shipment status they set', [
      'status',
    ])
    .inc({ status: String(saved.status) });
  const target = targetLeg(outcome.before.shipment, input.transitType)!;
  const leg = saved.transitLegs.find((l) => l.transitLegId === target.transitLegId)!;
  const delivery = saved.stops.find((s) => s.stopType === ShipmentStopType.byCode.LastDrop.code);
  const dispatch = await tenderOwed(deps, owed, (error) =>
    runtime.logger.error(
      { err: error, shipmentId: input.shipmentId },
      'the tender was not settled; the dispatch-recovery job will tender it again',
    ),
  );
  return {
    shipmentStatus: saved.status,
    transitLegStatus: leg.status,
    status: leg.status,
    activityCreatedDate: note ? createdDate : null,
    activityDescription: note?.description ?? null,
    activityCreatedBy: note ? actor.name : null,
    noAccountingInvoice: saved.noAccountingInvoice,
    actualArrivalDateTime: delivery?.actualArrivalDateTime ?? null,
    actualDepartureDateTime: delivery?.actualDepartureDateTime ?? null,
    // No insurance certificates are issued yet, so none is voided.
    voidedInsuranceCertificate: false,
    ...dispatchAnswer(dispatch),
  };
}
