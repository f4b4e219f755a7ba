// The note a status update may carry (000 §3 payload: activity, accessLevel, pinActivity). Pure.
import {
  AccessLevel,
  type AccessLevelValue,
  DEFAULT_NOTE_ACCESS_LEVEL,
  ShipmentActivityType,
  type ShipmentActivityTypeValue,
  StaffPermission,
} from '@loadline/contracts/catalogue';

/**
 * The edit-status modal's notes are operation notes (the modal lists them through
 * ShipmentUpdateStatus/getOperationNotes, 000 §7), so they are written as Operations activities.
 */
export const statusUpdateNoteType: ShipmentActivityTypeValue = ShipmentActivityType.values.Operations;

export interface NoteDraft {
  description: string;
  accessLevel: AccessLevelValue;
  pinned: boolean;
}

/** The note to write, or undefined when the activity text is empty. 000 §5: Private by default. */
export function noteFromUpdate(input: {
  activity?: string | null | undefined;
  accessLevel?: AccessLevelValue | undefined;
  pinActivity?: boolean | undefined;
}): NoteDraft | undefined {
  const description = input.activity?.trim() ?? '';
  if (description === '') return undefined;
  return {
    description,
    accessLevel: input.accessLevel ?? DEFAULT_NOTE_ACCESS_LEVEL,
    pinned: input.pinActivity === true,
  };
}

/** 000 §6: the Admin level is offered to IT support admins only; the server holds the same line. */
export function noteAccessProblem(permissions: number, accessLevel: number): string | undefined {
  if (accessLevel === AccessLevel.values.Admin && !StaffPermission.has(permissions, 'ITSupportAdmin')) {
    return `Only IT support admins can write ${AccessLevel.nameOf(accessLevel)} notes.`;
  }
  return undefined;
}
