// The edit-status modal's calls (000 §7): GET /api/ShipmentUpdateStatus/shipmentdetails/{id} and
// PUT /api/ShipmentUpdateStatus/updatestatus, which applies the whole 000 §3 payload in one
// transaction with its events (status.changed, shipment.updated, note.added) in the outbox.
import {
  isPastDelivered,
  ShipmentStatus,
  type ShipmentStatusValue,
  ShipmentStopType,
  TransitLegType,
  type TransitLegTypeValue,
} from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import {
  type App,
  callerOf,
  conflict,
  fieldError,
  newId,
  type OutboxEvent,
  problemsError,
  requireStaff,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import type { CarrierDispatchAdapter } from '../dispatch/adapter.ts';
import { dispatchRequestFor } from '../dispatch/request.ts';
import { tender } from '../dispatch/run.ts';
import { checkCreditHold, creditHoldApplies, creditHoldRefusal } from '../domain/credit-hold.ts';
import { dispatchAnswer, notTried, shouldTryDispatch } from '../domain/dispatch.ts';
import { noteAccessProblem, noteFromUpdate, statusUpdateNoteType } from '../domain/notes.ts';
import {
  proNumberTypeForLeg,
  proofOfDeliverySignedByType,
  transitLegReferenceType,
} from '../domain/references.ts';
import { isInternational } from '../domain/shipment-rules.ts';
import {
  allowedTargets,
  canCancel,
  commandFromChoice,
  decide,
  manualChoices,
  type StatusEvent,
  suggestions,
} from '../domain/status-engine.ts';
import { localDate, planStopTimes, type StopTimes } from '../domain/stop-times.ts';
import { shipmentScope } from '../domain/visibility.ts';
import { creditPosition } from '../store/credit.ts';
import { settleTender } from '../store/dispatch-tenders.ts';
import {
  loadShipment,
  openAlertTypes,
  type Shipment,
  type ShipmentChange,
  saveShipmentChange,
  stopTimesOf,
} from '../store/shipments.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import { ShipmentDetails, ShipmentIdParam, StatusUpdate, StatusUpdateAnswer } from './schemas.ts';
import { errors, shipmentNotFound } from './shipments.ts';

const S = ShipmentStatus.values;
const FirstPick = ShipmentStopType.byCode.FirstPick.code;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

/**
 * Attempts at an update while other changes of the same shipment keep coming between its load and
 * its write; each lost race loads the shipment again and decides anew.
 */
const concurrentChangeAttempts = 10;
const concurrentChangeError = (shipmentId: number) =>
  conflict(`Shipment ${shipmentId} is being changed by someone else right now. Please try again.`);

/** The change kind the status.changed event names. */
const changeOf = (event: StatusEvent) =>
  event.type === 'ShipmentCanceled' ? 'cancel' : event.type === 'ShipmentReinstated' ? 'reinstate' : 'status';

export async function registerUpdateStatusRoutes(
  app: App,
  runtime: ServiceRuntime<ShipmentsTables>,
  dispatch: CarrierDispatchAdapter,
): Promise<void> {
  const db = runtime.db;

  app.get(
    '/api/ShipmentUpdateStatus/shipmentdetails/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['status'],
        summary: 'The shipment as the edit-status modal shows it (000 §3), with the statuses it may move to',
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: ShipmentDetails, ...errors },
      },
    },
    async (request) => {
      const { shipmentId } = request.params;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      const leg = shipment.transitLegs.find((l) => l.active) ?? null;
      const international = isInternational(shipment.shipmentType);
      const legStatus = leg?.status ?? shipment.status;
      return {
        shipmentId: shipment.shipmentId,
        status: shipment.status,
        shipmentType: shipment.shipmentType,
        transitDays: shipment.transitDays,
        weightUnit: shipment.weightUnit,
        totalWeight: shipment.totalWeight,
        dimensionUnit: shipment.dimensionUnit,
        brokerId: shipment.brokerId,
        originBaseUTCOffset: shipment.originBaseUTCOffset,
        lockdownMarketplaceBuyer: shipment.lockdownMarketplaceBuyer,
        shipmentAlertTypes: openAlertTypes(shipment),
        activeTransitLeg: leg && {
          transitLegId: leg.transitLegId,
          status: leg.status,
          transitType: leg.transitType,
          carrierMasterId: leg.carrierMasterId,
          carrierMasterName: leg.carrierMasterName,
          carrierPhone: leg.carrierPhone,
          serviceLevel: leg.serviceLevel,
          scac: leg.scac,
          trackingUrl: leg.trackingUrl,
          shipmentTransitlegTariff: {
            integrationEnableAPITracking: leg.integrationEnableAPITracking,
            trackingIntegrationEnableAPITracking: leg.trackingIntegrationEnableAPITracking,
            trackingIntegrationSourceId: leg.trackingIntegrationSourceId,
            integrationSourceId: leg.integrationSourceId,
          },
        },
        shipmentTransitStops: shipment.stops,
        shipmentTransitReferenceNumbers: shipment.referenceNumbers,
        suggestedStatuses: suggestions(legStatus, international),
        manualStatuses: [...manualChoices(international)],
        allowedStatuses: allowedTargets(legStatus, international),
        canCancel: canCancel(legStatus),
      };
    },
  );

  app.put(
    '/api/ShipmentUpdateStatus/updatestatus',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['status'],
        summary:
          'Applies a status update (000 §3 payload) in one transaction: status by the status engine, dates, pro number, references, the note; answers the 000 §3 response',
        body: StatusUpdate,
        response: { 200: StatusUpdateAnswer, ...errors, 409: errors[400] },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const actor = { userId: caller.userId, name: caller.displayName };

      const note = noteFromUpdate(body);
      if (note) {
        const problem = noteAccessProblem(caller.permissions, note.accessLevel);
        if (problem) throw fieldError('accessLevel', problem);
      }

      // Load, decide, and write the whole change in one statement that holds only while the shipment
      // is still as loaded (its version); when another change came between, load and decide again.
      const attempt = async () => {
        const shipment = await loadShipment(db, body.shipmentId, shipmentScope(caller));
        if (!shipment) throw shipmentNotFound(body.shipmentId);
        const international = isInternational(shipment.shipmentType);

        // The leg the update is about: the one of the given transit type, else the active one.
        const active = shipment.transitLegs.find((l) => l.active)!;
        const transitType = body.transitType ?? null;
        const target =
          transitType === null
            ? active
            : active.transitType === transitType
              ? active
              : shipment.transitLegs.find((l) => l.transitType === transitType);
        if (!target) {
          throw fieldError(
            'transitType',
            `Shipment ${shipment.shipmentId} has no ${TransitLegType.nameOf(transitType!)} leg.`,
          );
        }

        // 1. The status engine decides; a refusal writes nothing.
        const decision = decide(
          { status: target.status, international },
          commandFromChoice(body.status, body),
        );
        if (!decision.ok) throw fieldError(decision.field, decision.message);

        // 2. Pickup and delivery date-times (000 §5), checked only on the stop the update touches.
        const firstPick = shipment.stops.find((s) => s.stopType === FirstPick);
        const lastDrop = shipment.stops.find((s) => s.stopType === LastDrop);
        const times = planStopTimes({
          pickup: stopTimesOf(firstPick),
          delivery: stopTimesOf(lastDrop),
          body,
          transitDays: shipment.transitDays,
          today: localDate(new Date(), shipment.originBaseUTCOffset),
        });
        if (times.problems.length > 0) throw problemsError(times.problems);

        // 3. Apply the events to the legs; the shipment's status is its active leg's.
        const legStatus = new Map(shipment.transitLegs.map((l) => [l.transitLegId, l.status]));
        let lostQuote: boolean | undefined;
        for (const event of decision.events) {
          if (event.type === 'StatusChanged') legStatus.set(target.transitLegId, event.to);
          if (event.type === 'ShipmentCanceled') {
            for (const [id, status] of legStatus) if (!isPastDelivered(status)) legStatus.set(id, S.Canceled);
            if (event.lostQuoteAlertRequested) lostQuote = true;
          }
          if (event.type === 'ShipmentReinstated') {
            for (const [id, status] of legStatus) if (status === S.Canceled) legStatus.set(id, event.to);
            lostQuote = false;
          }
        }
        // 000 §4: the credit-hold check refuses here too, not only in the screen's modal.
        const newLegStatus = legStatus.get(target.transitLegId)!;
        if (creditHoldApplies(target.status, newLegStatus)) {
          const credit = await creditPosition(db, shipment.customerOrganizationId, shipment.shipmentId);
          const check = checkCreditHold(target.status, newLegStatus, credit);
          if (!check.allowed) {
            throw fieldError('status', creditHoldRefusal(check.reason, shipment.customerName, newLegStatus));
          }
        }
        const shipmentStatus = legStatus.get(active.transitLegId)!;
        const change: ShipmentChange = {
          legStatuses: legStatus,
          status: shipmentStatus,
          ...(lostQuote !== undefined ? { lostQuote } : {}),
          ...(body.noAccountingInvoice !== undefined
            ? { noAccountingInvoice: body.noAccountingInvoice }
            : {}),
        };

        // 4. Dates and references.
        const stopTimes = new Map<string, StopTimes>();
        if (firstPick && times.pickupTouched) stopTimes.set(firstPick.stopId, times.pickup);
        if (lastDrop && times.deliveryTouched) stopTimes.set(lastDrop.stopId, times.delivery);
        change.stopTimes = stopTimes;
        const single: [string | null, string, string | null | undefined][] = [
          [target.transitLegId, proNumberTypeForLeg(target.transitType), body.proNumber],
          [target.transitLegId, transitLegReferenceType, body.transitLegReferenceNumber],
          [null, proofOfDeliverySignedByType, body.proofOfDeliverySignedBy],
        ];
        change.singleReferences = single
          .filter(([, , value]) => value !== undefined)
          .map(([transitLegId, referenceTypeCode, value]) => ({
            transitLegId,
            referenceTypeCode,
            value: value ?? null,
          }));

        // 5. Events, in the same statement: shipment.updated, status.changed, note.added.
        const createdDate = new Date().toISOString();
        const statusEvent = decision.events[0];
        const eventsOf = (saved: Shipment): OutboxEvent[] => {
          const events: OutboxEvent[] = [];
          const savedTarget = saved.transitLegs.find((l) => l.transitLegId === target.transitLegId)!;
          if (statusEvent) {
            events.push({
              subject: subjects.shipmentStatusChanged,
              data: {
                shipmentId: saved.shipmentId,
                version: saved.version,
                brokerId: saved.brokerId,
                customerOrganizationId: saved.customerOrganizationId,
                shipmentType: saved.shipmentType,
                transitLegId: target.transitLegId,
                transitLegType: target.transitType as TransitLegTypeValue,
                change: changeOf(statusEvent),
                previousStatus: shipment.status as ShipmentStatusValue,
                status: saved.status as ShipmentStatusValue,
                previousTransitLegStatus: target.status as ShipmentStatusValue,
                transitLegStatus: savedTarget.status as ShipmentStatusValue,
                lostQuoteAlertRequested:
                  statusEvent.type === 'ShipmentCanceled' && statusEvent.lostQuoteAlertRequested,
                location: body.location?.trim() || null,
                changedBy: actor,
              },
            });
          }
          if (note) {
            events.push({
              subject: subjects.shipmentNoteAdded,
              data: {
                noteId: newId('note'),
                shipmentId: saved.shipmentId,
                brokerId: saved.brokerId,
                customerOrganizationId: saved.customerOrganizationId,
                activityType: statusUpdateNoteType,
                accessLevel: note.accessLevel,
                description: note.description,
                pinned: note.pinned,
                createdBy: actor,
                createdDate,
              },
            });
          }
          return events;
        };
        // The tender the move owes its carrier is recorded with the change (a crash before the carrier
        // answers leaves it pending for the dispatch-recovery job).
        const owedTender = (after: Shipment) => {
          const leg = after.transitLegs.find((l) => l.transitLegId === target.transitLegId)!;
          if (!shouldTryDispatch(target.status, leg.status)) return null;
          const owed = dispatchRequestFor(after, leg);
          return dispatch.supports(owed.carrier) ? { request: owed, requestedBy: actor.name } : null;
        };
        const saved = await saveShipmentChange(runtime, db, shipment, change, {
          events: eventsOf,
          tender: owedTender,
        });
        if (!saved) return undefined;
        const savedTarget = saved.transitLegs.find((l) => l.transitLegId === target.transitLegId)!;

        const deliveryStop = saved.stops.find((s) => s.stopType === LastDrop);
        const answer = {
          shipmentStatus: saved.status,
          transitLegStatus: savedTarget.status,
          status: savedTarget.status,
          activityCreatedDate: note ? createdDate : null,
          activityDescription: note?.description ?? null,
          activityCreatedBy: note ? actor.name : null,
          noAccountingInvoice: saved.noAccountingInvoice,
          actualArrivalDateTime: deliveryStop?.actualArrivalDateTime ?? null,
          actualDepartureDateTime: deliveryStop?.actualDepartureDateTime ?? null,
          // No insurance certificates are issued yet, so none is voided.
          voidedInsuranceCertificate: false,
        };
        return { answer, owed: owedTender(saved) };
      };
      let applied = await attempt();
      for (let again = 1; !applied && again < concurrentChangeAttempts; again++) applied = await attempt();
      if (!applied) throw concurrentChangeError(body.shipmentId);
      const { answer, owed } = applied;

      // 6. Electronic dispatch, after the commit: the carrier's answer never undoes the status change.
      let outcome = notTried;
      if (owed) {
        outcome = await tender(dispatch, owed.request);
        await settleTender(runtime, owed.request, outcome, owed.requestedBy, dispatch.name).catch(
          (error: unknown) =>
            request.log.error(
              { err: error, shipmentId: body.shipmentId },
              'the tender was not settled; the dispatch-recovery job will tender it again',
            ),
        );
      }
      return { ...answer, ...dispatchAnswer(outcome) };
    },
  );
}
