// The shipment rules that a form applies before it calls and the shipments (and tracking) services apply
// again on the call (000 §4, §5, §9): written once, here, for both (decision 0018; issue 15). Pure.
import type { DomesticShipmentGridColumnCode } from '../catalogue/columns.ts';
import { PRO_NUMBER_MIN_LENGTH, YEAR_OLD_SHIPMENT_YEARS } from '../catalogue/constants.ts';

/** 000 §5 "Pro number": the duplicate check runs only with a carrier and a (trimmed) number of at least 6 characters. */
export function checksProNumberDuplicates(
  carrierId: string | null | undefined,
  proNumber: string | null | undefined,
): boolean {
  return (carrierId?.trim() ?? '') !== '' && (proNumber?.trim().length ?? 0) >= PRO_NUMBER_MIN_LENGTH;
}

/**
 * 000 §4, §9: a shipment created at least a year ago is year-old (the archive options are offered): its first
 * anniversary (29 February to 1 March) has come.
 */
export function isYearOld(createdDate: string | Date, now: Date = new Date()): boolean {
  const created = new Date(createdDate);
  const anniversary = new Date(created);
  anniversary.setUTCFullYear(created.getUTCFullYear() + YEAR_OLD_SHIPMENT_YEARS);
  return anniversary.getTime() <= now.getTime();
}

// ---------------------------------------------------------------------------------------------------------
// Pickup and delivery times (000 §5). Each time is a stop's wall-clock 'YYYY-MM-DDTHH:mm:ss' (no zone),
// which sorts like time; null when not set. The screens and the service word the problems their own way.

export type PickupTimesProblem = 'pickupReadyRequired' | 'pickupTime';

/**
 * 000 §5: pickup ready must not be later than pickup close (else a pickup-time error, on the close); the
 * check needs the ready date and time, so a pickup with a close and no ready is invalid.
 */
export function pickupTimesProblem(ready: string | null, close: string | null): PickupTimesProblem | null {
  if (close !== null && ready === null) return 'pickupReadyRequired';
  if (ready !== null && close !== null && ready > close) return 'pickupTime';
  return null;
}

/** 000 §5: delivery estimated must be on or before delivery close (else a delivery-time error, on the estimate). */
export function deliveryTimesProblem(estimated: string | null, close: string | null): 'deliveryTime' | null {
  return estimated !== null && close !== null && estimated > close ? 'deliveryTime' : null;
}

/**
 * 000 §5: a pickup ready (or a delivery estimate) moved after its close moves the close to its date, keeping
 * the close's time. Answers the close to keep (the same one when nothing moves).
 */
export function closeFollowing(moved: string | null, close: string | null): string | null {
  if (moved === null || close === null || moved <= close) return close;
  return `${moved.slice(0, 10)}T${close.slice(11)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Wall-clock date-times as a request carries them (000 §5): no zone.

/** 'YYYY-MM-DD', optionally followed by 'THH:mm', ':ss' and a fraction; no zone. */
export const localDateTimePattern = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?)?$';

/** A status update's date-time: a date and time as above, or a time alone ('HH:mm', ':ss' optional). */
export const stopDateTimeChangePattern =
  '^(\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?)?|T?\\d{2}:\\d{2}(:\\d{2})?)$';

// ---------------------------------------------------------------------------------------------------------
// The shipment grid (002 §3.11; 000 §4, §5): what its pager, its sort and its export may ask for.

/** Ours: the largest page the shipment list answers (the grid asks for 100 by default, 000 §5). */
export const SHIPMENT_GRID_MAX_PAGE_SIZE = 1000;

/** The carrier picker's list (decision 0117): at most 50 carriers a call, 20 when the call names no limit. */
export const CARRIER_CHOICES_MAX = 50;
export const CARRIER_CHOICES_DEFAULT = 20;
/** The longest search the carrier picker sends: a carrier's name is at most 200 characters, searched by its start. */
export const CARRIER_CHOICES_SEARCH_MAX = 100;

/** Ours: the most rows one CSV export of the grid holds (an export takes every matching row up to this). */
export const SHIPMENT_GRID_EXPORT_MAX_ROWS = 10_000;

/**
 * The grid columns the list sorts by: those the shipments service fills with values (the 002 §3.11 columns
 * and ProNumber), except Alerts (a set, not a value). The service's grid model is held to this list by its
 * tests (a column it fills is sortable, one it leaves empty is not).
 */
export const shipmentGridSortColumns = Object.freeze([
  'ShipmentId',
  'CustomerName',
  'ShipDate',
  'DeliveryDate',
  'FromCity',
  'FromState',
  'ToCity',
  'ToState',
  'CarrierName',
  'LinehaulCarrierProNumber',
  'Status',
  'LastOpsUpdate',
  'OriginCompanyName',
  'OriginZip',
  'DestinationCompanyName',
  'DestinationZip',
  'PONumber',
  'ShipperReferenceNumber',
  'ServiceLevel',
  'TotalHandlingUnits',
  'TotalStopCount',
  'TotalWeight',
  'TransitDays',
  'InvoiceNumber',
  'CreatedBy',
  'ContainerNumber',
  'LastFreeDay',
  'SteamshipLine',
  'TruckNumber',
  'AppointmentConfirmationNumber',
  'BoothNumber',
  'CancellationReason',
  'CarrierDispatcherEmail',
  'CarrierDispatcherName',
  'CarrierDispatcherPhoneNumber',
  'ClaimNumber',
  'ContainerSize',
  'CustomReferenceNumber',
  'CustomReferenceNumber2',
  'Decorator',
  'DeliveryCarrierProNumber',
  'DriverCellPhoneNumber',
  'DriverName',
  'ExhibitorName',
  'FileNumber',
  'PickupCarrierProNumber',
  'QualityIssue',
  'QuoteNumber',
  'ReleaseNumber',
  'SealNumber',
  'SecondaryBOLNumber',
  'Temperature',
  'TrackingReferenceNumber',
  'TrailerNumber',
  'VesselVoyage',
  'InsuranceDeclaredValue',
  'OfferRate',
  'MaxBuyRate',
  'MinBuyRate',
  'AssignedBranch',
  'SecondaryDriverName',
  'SecondaryDriverCellPhoneNumber',
  'CustomReferenceNumber3',
  'OnHoldReason',
  'DeclaredValue',
  'ProNumber',
] as const satisfies readonly (DomesticShipmentGridColumnCode | 'ProNumber')[]);
