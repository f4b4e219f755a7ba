// Who may import shipments (issue 17, decision 0095), one rule for the shipments service and the screens:
// 002 §6.2 gives the shipment importer to TMS Site Admin; IT support admins hold the full application, and
// 001 §2's onboarding guide hides import from everyone else. Broker staff only.
import { BulkProcessType, StaffPermission } from '../catalogue/index.ts';

export function mayImportShipments(user: { kind: 'staff' | 'customer'; permissions: number }): boolean {
  return (
    user.kind === 'staff' &&
    (StaffPermission.has(user.permissions, 'TMSSiteAdmin') ||
      StaffPermission.has(user.permissions, 'ITSupportAdmin'))
  );
}

const P = BulkProcessType.values;

/** 002 §3.8: the bulk process types that create shipments, in the order a broker meets them (BulkRating rates). */
export const shipmentImportTypes = [
  P.ShipmentImport,
  P.HistoricalShipmentImport,
  P.ParcelShipmentImport,
  P.FinalMileShipmentImport,
] as const;
export type ShipmentImportType = (typeof shipmentImportTypes)[number];

/**
 * 001 §4: the import status goes processing, then review or error. Ours around it: uploaded (the file is in,
 * waiting for the user to confirm it), importing (after the review, the rows being written), imported, and
 * canceled when the user goes back.
 */
export const importStatuses = [
  'uploaded',
  'processing',
  'review',
  'error',
  'importing',
  'imported',
  'canceled',
] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** Ours: the largest file taken (the upload streams to the database as it arrives). */
export const MAX_IMPORT_FILE_BYTES = 100 * 1024 * 1024;

/** Ours: a column mapping names at most this many headers (a row holds at most MAX_CSV_FIELDS values). */
export const MAX_MAPPED_HEADERS = 200;
