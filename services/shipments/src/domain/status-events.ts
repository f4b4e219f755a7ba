// The events a status update publishes besides shipment.updated (000 §3, §4): status.changed for the
// leg's move (a change, a cancel or a reinstatement) and note.added for the note it carries. Pure.
import type { ShipmentStatusValue, TransitLegTypeValue } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import type { OutboxEvent } from '@loadline/platform';
import { type NoteDraft, statusUpdateNoteType } from './notes.ts';
import type { Shipment } from './shipment.ts';
import { type ShipmentEvent, statusEventOf } from './status-update.ts';

export interface UpdateEventsContext {
  /** where the move was reported (for tracking) */
  location: string | null | undefined;
  note: NoteDraft | undefined;
  /** the note's id, when there is a note */
  noteId: string;
  actor: { userId: string; name: string };
  createdDate: string;
}

/** The change's own events besides shipment.updated: status.changed and note.added. */
export function updateEvents(
  before: Shipment,
  after: Shipment,
  events: readonly ShipmentEvent[],
  context: UpdateEventsContext,
): OutboxEvent[] {
  const { note, actor, createdDate } = context;
  const out: OutboxEvent[] = [];
  const status = statusEventOf(events);
  if (status) {
    const legBefore = before.transitLegs.find((l) => l.transitLegId === status.transitLegId)!;
    const legAfter = after.transitLegs.find((l) => l.transitLegId === status.transitLegId)!;
    out.push({
      subject: subjects.shipmentStatusChanged,
      data: {
        shipmentId: after.shipmentId,
        version: after.version,
        brokerId: after.brokerId,
        customerOrganizationId: after.customerOrganizationId,
        shipmentType: after.shipmentType,
        transitLegId: legBefore.transitLegId,
        transitLegType: legBefore.transitType as TransitLegTypeValue,
        change:
          status.type === 'ShipmentCanceled'
            ? 'cancel'
            : status.type === 'ShipmentReinstated'
              ? 'reinstate'
              : 'status',
        previousStatus: before.status as ShipmentStatusValue,
        status: after.status as ShipmentStatusValue,
        previousTransitLegStatus: legBefore.status as ShipmentStatusValue,
        transitLegStatus: legAfter.status as ShipmentStatusValue,
        lostQuoteAlertRequested: status.type === 'ShipmentCanceled' && status.lostQuoteAlertRequested,
        location: context.location?.trim() || null,
        changedBy: actor,
      },
    });
  }
  if (note) {
    out.push({
      subject: subjects.shipmentNoteAdded,
      data: {
        noteId: context.noteId,
        shipmentId: after.shipmentId,
        brokerId: after.brokerId,
        customerOrganizationId: after.customerOrganizationId,
        activityType: statusUpdateNoteType,
        accessLevel: note.accessLevel,
        description: note.description,
        pinned: note.pinned,
        createdBy: actor,
        createdDate,
      },
    });
  }
  return out;
}
