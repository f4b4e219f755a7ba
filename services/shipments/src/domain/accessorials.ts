// The accessorials a shipment can carry (002 §3.5; 001 §2 accessorials checklist): the broker's master list,
// the checklist a caller sees for a lane, and the check of the accessorials an order chooses. The spec gives
// the types (1 to 11), availability, display and id 46 (hazardous) but no list: this one is ours (decision
// 0090). Pure: the checklist route and the create use case call it.
import {
  AccessorialAvailability,
  AccessorialType,
  type AccessorialTypeValue,
  HAZARDOUS_ACCESSORIAL_ID,
  StaffPermission,
} from '@loadline/contracts/catalogue';
import type { FieldProblem } from '@loadline/platform/problems';

export type AccessorialDisplayCode =
  | 'Selected'
  | 'Show'
  | 'ShowBackOffice'
  | 'ShowManagers'
  | 'Hide'
  | 'Required';
type Availability = (typeof AccessorialAvailability.valueList)[number];

export interface AccessorialDefinition {
  accessorialId: number;
  name: string;
  accessorialType: AccessorialTypeValue;
  availability: Availability;
  display: AccessorialDisplayCode;
  /** offered only on a lane with an origin or destination in Puerto Rico */
  puertoRicoOnly: boolean;
}

const { Normal, Required, NotAvailable } = AccessorialAvailability.values;
const T = AccessorialType.values;
const a = (
  accessorialId: number,
  name: string,
  accessorialType: AccessorialTypeValue,
  display: AccessorialDisplayCode = 'Show',
  availability: Availability = Normal,
  puertoRicoOnly = false,
): AccessorialDefinition =>
  Object.freeze({ accessorialId, name, accessorialType, availability, display, puertoRicoOnly });

/** The master list, in the order the checklist shows each type's entries. */
export const accessorialMasterList: readonly AccessorialDefinition[] = Object.freeze([
  a(HAZARDOUS_ACCESSORIAL_ID, 'Hazardous Materials', T.Shipment),
  a(20, 'Protect From Freeze', T.Shipment),
  a(21, 'Overlength', T.Shipment),
  a(22, 'Sort and Segregate', T.Shipment),
  a(23, 'Blind Shipment', T.Shipment, 'ShowBackOffice'),
  a(24, 'Guaranteed Delivery', T.Shipment),
  a(1, 'Liftgate Pickup', T.Pickup),
  a(2, 'Residential Pickup', T.Pickup),
  a(3, 'Inside Pickup', T.Pickup),
  a(4, 'Limited Access Pickup', T.Pickup),
  a(5, 'Pickup Appointment', T.Pickup),
  a(6, 'Trade Show Pickup', T.Pickup, 'Show', NotAvailable),
  a(11, 'Liftgate Delivery', T.Delivery),
  a(12, 'Residential Delivery', T.Delivery),
  a(13, 'Inside Delivery', T.Delivery),
  a(14, 'Limited Access Delivery', T.Delivery),
  a(15, 'Delivery Appointment', T.Delivery),
  a(16, 'Notify Before Delivery', T.Delivery, 'Selected'),
  a(30, 'Fuel Surcharge', T.Fuel, 'Required', Required),
  a(40, 'Excess Liability Coverage', T.Insurance),
  a(50, 'Single Shipment Fee', T.Accounting, 'ShowManagers'),
  a(51, 'Rebill Fee', T.Accounting, 'Hide'),
  a(60, 'Reweigh', T.Rating, 'ShowBackOffice'),
  a(61, 'Reclass', T.Rating, 'Hide'),
  a(70, 'Lumper Service', T.Lumper, 'ShowBackOffice'),
  a(80, 'Storage', T.Warehouse, 'ShowBackOffice'),
  a(90, 'Puerto Rico Customs Clearance', T.Customs, 'Show', Normal, true),
  a(91, 'Puerto Rico Excise Tax Handling', T.Customs, 'Show', Normal, true),
  a(92, 'San Juan Terminal Handling', T.Other, 'Show', Normal, true),
  a(100, 'Detention', T.Other, 'ShowBackOffice'),
]);

const byId = new Map(accessorialMasterList.map((d) => [d.accessorialId, d]));
export const accessorialById = (id: number): AccessorialDefinition | undefined => byId.get(id);

/** One end of a lane, as the order page knows it before the shipment exists. */
export interface LaneEnd {
  state?: string | null | undefined;
  zipCode?: string | null | undefined;
  country?: string | null | undefined;
}

// Puerto Rico's ZIP codes are 006xx, 007xx and 009xx (USPS); its state code is PR.
const puertoRicoZip = /^00[679]\d{2}(-?\d{4})?$/;

/** The lane end is in Puerto Rico: state PR, a Puerto Rico ZIP, or the country named so. */
export function inPuertoRico(end: LaneEnd | null | undefined): boolean {
  if (!end) return false;
  const state = end.state?.trim().toUpperCase();
  const country = end.country?.trim().toUpperCase();
  return (
    state === 'PR' ||
    country === 'PR' ||
    country === 'PUERTO RICO' ||
    puertoRicoZip.test(end.zipCode?.trim() ?? '')
  );
}

export const laneTouchesPuertoRico = (origin?: LaneEnd | null, destination?: LaneEnd | null) =>
  inPuertoRico(origin) || inPuertoRico(destination);

/** Who looks at the checklist: customers see neither the back office's entries nor the managers'. */
export interface ChecklistViewer {
  kind: 'staff' | 'customer';
  permissions: number;
}

/** Managers here: staff who run the broker's site or its support (TMS site admin, IT support admin). */
export const isManager = (viewer: ChecklistViewer) =>
  viewer.kind === 'staff' &&
  (StaffPermission.has(viewer.permissions, 'TMSSiteAdmin') ||
    StaffPermission.has(viewer.permissions, 'ITSupportAdmin'));

/** Whether the viewer may see (and so choose) the accessorial at all, the lane aside. */
export function visibleTo(definition: AccessorialDefinition, viewer: ChecklistViewer): boolean {
  if (definition.availability === NotAvailable) return false;
  switch (definition.display) {
    case 'Hide':
      return false;
    case 'ShowBackOffice':
      return viewer.kind === 'staff';
    case 'ShowManagers':
      return isManager(viewer);
    default:
      return true;
  }
}

export interface ChecklistEntry {
  accessorialId: number;
  name: string;
  /** checked when the page opens (display Selected or Required, availability Required) */
  selected: boolean;
  /** checked and cannot be unchecked */
  required: boolean;
  hazardous: boolean;
}

export interface ChecklistGroup {
  accessorialType: AccessorialTypeValue;
  name: string;
  accessorials: ChecklistEntry[];
}

const isRequired = (d: AccessorialDefinition) => d.availability === Required || d.display === 'Required';

/**
 * The accessorials checklist of 001 §2 for a lane: split by accessorial type (in the type's order, empty
 * types left out), Puerto Rico-only entries only when the lane touches Puerto Rico, hidden and not
 * available ones never, the back office's and the managers' only for them.
 */
export function accessorialChecklist(
  viewer: ChecklistViewer,
  origin?: LaneEnd | null,
  destination?: LaneEnd | null,
  list: readonly AccessorialDefinition[] = accessorialMasterList,
): ChecklistGroup[] {
  const puertoRico = laneTouchesPuertoRico(origin, destination);
  const shown = list.filter((d) => visibleTo(d, viewer) && (puertoRico || !d.puertoRicoOnly));
  return AccessorialType.entries
    .map((type) => ({
      accessorialType: type.value,
      name: type.name,
      accessorials: shown
        .filter((d) => d.accessorialType === type.value)
        .map((d) => ({
          accessorialId: d.accessorialId,
          name: d.name,
          selected: isRequired(d) || d.display === 'Selected',
          required: isRequired(d),
          hazardous: d.accessorialId === HAZARDOUS_ACCESSORIAL_ID,
        })),
    }))
    .filter((g) => g.accessorials.length > 0);
}

export interface ChosenAccessorial {
  accessorialId: number;
  name: string;
}

/**
 * The accessorials an order carries: those chosen, each one the caller could have checked on this lane,
 * plus the required ones (a client that leaves them out still gets them). Problems name the entry.
 */
export function chooseAccessorials(
  viewer: ChecklistViewer,
  chosenIds: readonly number[],
  origin?: LaneEnd | null,
  destination?: LaneEnd | null,
): { accessorials: ChosenAccessorial[]; problems: FieldProblem[] } {
  const puertoRico = laneTouchesPuertoRico(origin, destination);
  const problems: FieldProblem[] = [];
  const ids = new Set<number>();
  chosenIds.forEach((id, i) => {
    const field = `accessorials.${i}`;
    const d = accessorialById(id);
    if (!d || !visibleTo(d, viewer)) problems.push({ field, message: `Accessorial ${id} is not available.` });
    else if (d.puertoRicoOnly && !puertoRico)
      problems.push({
        field,
        message: `${d.name} is offered only when the pickup or delivery is in Puerto Rico.`,
      });
    else if (ids.has(id)) problems.push({ field, message: `${d.name} is chosen twice.` });
    else ids.add(id);
  });
  for (const d of accessorialMasterList) if (isRequired(d) && !d.puertoRicoOnly) ids.add(d.accessorialId);
  const accessorials = accessorialMasterList
    .filter((d) => ids.has(d.accessorialId))
    .map((d) => ({ accessorialId: d.accessorialId, name: d.name }));
  return { accessorials, problems };
}
