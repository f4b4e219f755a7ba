// What a status update publishes (000 §3, §4; decision 0048): one shipment.updated with the new state that
// also carries the leg's move (`statusChange`: a change, a cancel or a reinstatement) and the note the update
// wrote (`note`) — one event where there were three (shipment.updated, status.changed, note.added). A note
// alone, when nothing of the shipment changed (no new version), is still its own note.added. Pure.
import type { ShipmentStatusValue, TransitLegTypeValue } from '@loadline/contracts/catalogue';
import { type ShipmentUpdatedV1, subjects } from '@loadline/contracts/events';
import type { OutboxEvent } from '@loadline/platform';
import { type NoteDraft, statusUpdateNoteType } from './notes.ts';
import type { Shipment } from './shipment.ts';
import { type ShipmentEvent, statusEventOf } from './status-update.ts';

export interface UpdateEventsContext {
  /** where the move was reported (for tracking) */
  location: string | null | undefined;
  note: NoteDraft | undefined;
  /** the note's id (a UUID), when there is a note: the activity service keys the note's entry by it */
  noteId: string;
  actor: { userId: string; name: string };
  createdDate: string;
}

/** The sections of shipment.updated a status update fills (decision 0048). */
export type UpdateSections = Pick<ShipmentUpdatedV1, 'statusChange' | 'note'>;

/** What a status update publishes besides the state: the sections of its shipment.updated, or a lone note. */
export interface UpdateEvents {
  /** added to the shipment.updated of the new version */
  sections: UpdateSections;
  /** events of their own: a note.added when the shipment has no new version to carry it */
  others: OutboxEvent[];
}

export function updateEvents(
  before: Shipment,
  after: Shipment,
  events: readonly ShipmentEvent[],
  context: UpdateEventsContext,
): UpdateEvents {
  const { note, actor, createdDate } = context;
  const sections: UpdateSections = {};
  const status = statusEventOf(events);
  if (status) {
    const legBefore = before.transitLegs.find((l) => l.transitLegId === status.transitLegId)!;
    const legAfter = after.transitLegs.find((l) => l.transitLegId === status.transitLegId)!;
    sections.statusChange = {
      transitLegId: legBefore.transitLegId,
      transitLegType: legBefore.transitType as TransitLegTypeValue,
      change:
        status.type === 'ShipmentCanceled'
          ? 'cancel'
          : status.type === 'ShipmentReinstated'
            ? 'reinstate'
            : 'status',
      previousStatus: before.status as ShipmentStatusValue,
      previousTransitLegStatus: legBefore.status as ShipmentStatusValue,
      transitLegStatus: legAfter.status as ShipmentStatusValue,
      lostQuoteAlertRequested: status.type === 'ShipmentCanceled' && status.lostQuoteAlertRequested,
      location: context.location?.trim() || null,
      changedBy: actor,
    };
  }
  if (!note) return { sections, others: [] };
  const written = {
    noteId: context.noteId,
    activityType: statusUpdateNoteType,
    accessLevel: note.accessLevel,
    description: note.description,
    pinned: note.pinned,
    createdBy: actor,
    createdDate,
  };
  if (after.version !== before.version) return { sections: { ...sections, note: written }, others: [] };
  return {
    sections,
    others: [
      {
        subject: subjects.shipmentNoteAdded,
        data: {
          ...written,
          shipmentId: after.shipmentId,
          brokerId: after.brokerId,
          customerOrganizationId: after.customerOrganizationId,
        },
      },
    ],
  };
}
