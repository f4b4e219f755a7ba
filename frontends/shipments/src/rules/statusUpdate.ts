// The edit-status modal's form and the status-update payload it makes (000 §3). Pure. Only what the user
// changed is sent (a field left out is unchanged; null clears it), so an update touches only that.
// Which statuses the modal offers is the server's answer (suggestedStatuses, manualStatuses,
// allowedStatuses, canCancel from services/shipments' status engine): nothing here recomputes them.

import {
  AccessLevel,
  type AccessLevelValue,
  CANCEL_STATUS_CHOICE,
  DEFAULT_NOTE_ACCESS_LEVEL,
  ShipmentStatus,
  ShipmentStopType,
} from '@loadline/contracts';
import type { StatusDetails, StatusUpdate } from '../api/types.ts';
import {
  POD_SIGNED_BY_CODE,
  proNumberReferenceCode,
  referenceValue,
  TRANSIT_LEG_REFERENCE_CODE,
} from './references.ts';
import {
  changedDateFields,
  type DeliveryTimes,
  deliveryTimesOf,
  type PickupTimes,
  pickupTimesOf,
} from './stopTimes.ts';

const S = ShipmentStatus.values;

/** A status name from the catalogue; the cancel choice -1 is named Canceled. */
export function choiceName(choice: number): string {
  if (choice === CANCEL_STATUS_CHOICE) return ShipmentStatus.nameOf(S.Canceled) ?? String(choice);
  return ShipmentStatus.nameOf(choice) ?? String(choice);
}

/**
 * The status part of an update (000 §4): cancel (-1) requests the lost-quote system alert; a Canceled
 * shipment set back to Quote sends reinstateShipment.
 */
export function statusFields(
  current: number,
  choice: number,
): { status: number; reinstateShipment?: true; addSystemAlertLostQuote?: true } {
  if (choice === CANCEL_STATUS_CHOICE) return { status: CANCEL_STATUS_CHOICE, addSystemAlertLostQuote: true };
  if (current === S.Canceled && choice === S.Quote) return { status: choice, reinstateShipment: true };
  return { status: choice };
}

/**
 * Whether the credit-hold check (000 §4) is asked before the update: any move to another status but
 * cancel. (The service refuses moves beyond Committed for a customer on credit hold.)
 */
export function needsCreditHoldCheck(current: number, choice: number): boolean {
  return choice !== CANCEL_STATUS_CHOICE && choice !== current;
}

export interface EditStatusForm {
  /** The chosen status (or -1 to cancel); null keeps the current one. */
  choice: number | null;
  pickup: PickupTimes;
  delivery: DeliveryTimes;
  proNumber: string;
  transitLegReferenceNumber: string;
  proofOfDeliverySignedBy: string;
  location: string;
  activity: string;
  accessLevel: AccessLevelValue;
  pinActivity: boolean;
}

/** The active leg's status (the shipment's when it has no leg): what the suggestions start from. */
export function currentStatusOf(details: Pick<StatusDetails, 'status' | 'activeTransitLeg'>): number {
  return details.activeTransitLeg?.status ?? details.status;
}

export function formOf(details: StatusDetails): EditStatusForm {
  const stops = details.shipmentTransitStops;
  const refs = details.shipmentTransitReferenceNumbers;
  const leg = details.activeTransitLeg;
  const legId = leg?.transitLegId ?? null;
  return {
    choice: null,
    pickup: pickupTimesOf(stops.find((s) => s.stopType === ShipmentStopType.byCode.FirstPick.code)),
    delivery: deliveryTimesOf(stops.find((s) => s.stopType === ShipmentStopType.byCode.LastDrop.code)),
    proNumber: referenceValue(refs, proNumberReferenceCode(leg?.transitType), legId),
    transitLegReferenceNumber: referenceValue(refs, TRANSIT_LEG_REFERENCE_CODE, legId),
    proofOfDeliverySignedBy: referenceValue(refs, POD_SIGNED_BY_CODE),
    location: '',
    activity: '',
    accessLevel: DEFAULT_NOTE_ACCESS_LEVEL,
    pinActivity: false,
  };
}

const changedText = (before: string, after: string): string | null | undefined => {
  const b = before.trim();
  const a = after.trim();
  if (a === b) return undefined;
  return a === '' ? null : a;
};

export function buildStatusUpdate(
  details: StatusDetails,
  initial: EditStatusForm,
  form: EditStatusForm,
  today: string,
): StatusUpdate {
  const current = currentStatusOf(details);
  const update: StatusUpdate = {
    shipmentId: details.shipmentId,
    ...statusFields(current, form.choice ?? current),
    ...changedDateFields(initial, form, today),
  };
  const proNumber = changedText(initial.proNumber, form.proNumber);
  if (proNumber !== undefined) update.proNumber = proNumber;
  const legReference = changedText(initial.transitLegReferenceNumber, form.transitLegReferenceNumber);
  if (legReference !== undefined) update.transitLegReferenceNumber = legReference;
  const signedBy = changedText(initial.proofOfDeliverySignedBy, form.proofOfDeliverySignedBy);
  if (signedBy !== undefined) update.proofOfDeliverySignedBy = signedBy;
  const location = form.location.trim();
  if (location) update.location = location;
  const activity = form.activity.trim();
  if (activity) {
    update.activity = activity;
    update.accessLevel = form.accessLevel;
    update.pinActivity = form.pinActivity;
  }
  return update;
}

/** The note's access levels offered (000 §6: Admin only for IT support admins). */
export function accessLevelChoices(canUseAdmin: boolean): AccessLevelValue[] {
  return AccessLevel.valueList.filter((v) => canUseAdmin || v !== AccessLevel.values.Admin);
}
