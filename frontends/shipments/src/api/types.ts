// Types of the shipments service's API as this remote calls it, derived from the generated
// @loadline/contracts/types/shipments (`node infra/dev/contracts.ts`). Nothing here retypes a shape the
// contract gives: each name is a path into the generated `paths`/`components`.
//

import type {
  components as ShipmentsComponents,
  paths as ShipmentsPaths,
} from '@loadline/contracts/types/shipments';
import type {
  components as TrackingComponents,
  paths as TrackingPaths,
} from '@loadline/contracts/types/tracking';

export type { ShipmentsPaths };

/** Every path this remote calls: the shipments service's, and the tracking service's last location. */
export type RemotePaths = ShipmentsPaths &
  Pick<TrackingPaths, '/api/Lastlocation/{shipmentId}' | '/api/location/searchZipCodes'>;

/** GET /api/Lastlocation/{shipmentId} (000 §3 "Last location", the tracking service). */
export type LastLocation = TrackingComponents['schemas']['LastLocation'];

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Op<P extends keyof RemotePaths, M extends keyof RemotePaths[P]> = RemotePaths[P][M];

/** The JSON body of the 200/201 answer of `method` on `path`. */
export type Answer<P extends keyof RemotePaths, M extends keyof RemotePaths[P]> = Op<P, M> extends {
  responses: infer R;
}
  ? R extends Record<number, unknown>
    ? JsonOf<R[Extract<keyof R, 200 | 201>]>
    : never
  : never;

/** The JSON request body of `method` on `path`. */
export type Body<P extends keyof RemotePaths, M extends keyof RemotePaths[P]> = Op<P, M> extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

/** The query of `method` on `path`. */
export type Query<P extends keyof RemotePaths, M extends keyof RemotePaths[P]> = Op<P, M> extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

export type Shipment = ShipmentsComponents['schemas']['Shipment'];
export type TransitStop = ShipmentsComponents['schemas']['ShipmentTransitStop'];
export type ReferenceNumber = ShipmentsComponents['schemas']['ShipmentReferenceNumber'];
export type BillTo = NonNullable<Shipment['billTo']>;
export type GridColumn = ShipmentsComponents['schemas']['GridColumn'];

export type ShipmentList = Answer<'/api/shipments', 'get'>;
export type ShipmentListItem = ShipmentList['items'][number];
export type ShipmentListQuery = Query<'/api/shipments', 'get'>;
export type ShipmentSortColumn = NonNullable<ShipmentListQuery['sortBy']>;
/** GET /api/shipments/export.csv: the grid's filters as a CSV file. */
export type ShipmentExportQuery = Query<'/api/shipments/export.csv', 'get'>;
/** GET/PUT /api/shipments/gridColumns: the user's columns, the defaults and every column they may choose. */
export type GridColumnsAnswer = Answer<'/api/shipments/gridColumns', 'get'>;
export type GridColumnsChoice = Body<'/api/shipments/gridColumns', 'put'>;

/** GET /api/ShipmentUpdateStatus/proNumberHasDuplicates. */
export type ProNumberDuplicatesQuery = Query<'/api/ShipmentUpdateStatus/proNumberHasDuplicates', 'get'>;
/** POST /api/creditHoldShipment/canUpdateTransitLegStatus (000 §7's field names). */
export type CreditHoldCheck = Body<'/api/creditHoldShipment/canUpdateTransitLegStatus', 'post'>;
/** GET /api/ShipmentUpdateStatus/getTrackingLink/{shipmentId}. */
export type TrackingLinkAnswer = Answer<'/api/ShipmentUpdateStatus/getTrackingLink/{shipmentId}', 'get'>;

/** GET /api/shipmentdomestic/shipmentbillto: the bill-to, `exists` false when the shipment has none. */
export type BillToAnswer = Answer<'/api/shipmentdomestic/shipmentbillto', 'get'>;
export type BillToUpdate = Body<'/api/shipmentdomestic/shipmentbillto', 'put'>;

/** GET /api/shipments/carrierChoices: the broker's carriers the picker lists (decision 0117). */
export type CarrierChoicesQuery = Query<'/api/shipments/carrierChoices', 'get'>;
export type CarrierChoice = Answer<'/api/shipments/carrierChoices', 'get'>['carriers'][number];
/** PUT /api/shipments/{id}/carrier: a carrier on a leg, or null to take it off. */
export type CarrierAssignment = Body<'/api/shipments/{shipmentId}/carrier', 'put'>;

/** GET /api/ShipmentUpdateStatus/shipmentdetails/{id}: the edit-status view (000 §3). */
export type StatusDetails = Answer<'/api/ShipmentUpdateStatus/shipmentdetails/{shipmentId}', 'get'>;
export type ActiveTransitLeg = NonNullable<StatusDetails['activeTransitLeg']>;
/** PUT /api/ShipmentUpdateStatus/updatestatus: the 000 §3 payload and response. */
export type StatusUpdate = Body<'/api/ShipmentUpdateStatus/updatestatus', 'put'>;
export type StatusUpdateAnswer = Answer<'/api/ShipmentUpdateStatus/updatestatus', 'put'>;
export type AccessLevelChoice = NonNullable<StatusUpdate['accessLevel']>;

/** GET /api/shipmentAlerts/{shipmentId}: a shipment's alerts with their display settings (000 §3, §7). */
export type ShipmentAlerts = Answer<'/api/shipmentAlerts/{shipmentId}', 'get'>;
export type ShipmentAlert = ShipmentAlerts[number];

/** POST /api/shipments: the order page's body (issue 17). */
export type ShipmentCreateBody = Body<'/api/shipments', 'post'>;
/** GET /api/shipments/accessorials: the accessorials checklist for a lane (001 §2), by accessorial type. */
export type AccessorialChecklist = Answer<'/api/shipments/accessorials', 'get'>;
export type AccessorialChecklistQuery = Query<'/api/shipments/accessorials', 'get'>;
/** GET /api/shipments/customerTrends/{organizationId}: the customer trends widget (001 §2). */
export type CustomerTrends = Answer<'/api/shipments/customerTrends/{organizationId}', 'get'>;
/** GET /api/location/searchZipCodes (the tracking service): the ZIP lookup. */
export type ZipLookup = TrackingComponents['schemas']['ZipLookup'];
