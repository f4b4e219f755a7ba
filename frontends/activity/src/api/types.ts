// Types of the activity service's API as this remote calls it, derived from the generated
// @loadline/contracts/types/activity (`npm run contracts`), plus the shipments service's shipment facts for the
// consolidation check. Nothing here retypes a shape the contract gives.
import type { paths as ActivityPaths, components } from '@loadline/contracts/types/activity';
import type { paths as ShipmentsPaths } from '@loadline/contracts/types/shipments';

/** Every path this remote calls besides the gateway's (the staff typeahead is the directory's, in GatewayPaths). */
export type RemotePaths = ActivityPaths & Pick<ShipmentsPaths, '/api/shipmentDomestic/{shipmentId}'>;

type Schemas = components['schemas'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type BodyOf<P extends keyof ActivityPaths, M extends 'post' | 'put'> = ActivityPaths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;
type QueryOf<P extends keyof ActivityPaths> = ActivityPaths[P]['get'] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

export type ShipmentActivity = Schemas['ShipmentActivity'];
export type OrganizationActivity = Schemas['OrganizationActivity'];
export type CarrierActivity = Schemas['CarrierActivity'];
export type NewShipmentActivity = BodyOf<'/api/activitylog', 'post'>;
export type NewOrganizationActivity = BodyOf<'/api/organizationactivityLog', 'post'>;
export type NewCarrierActivity = BodyOf<'/api/brokercarrieractivityLog', 'post'>;
export type StaffFavorite = Schemas['StaffFavorite'];
export type StaffFavoriteClick = BodyOf<'/api/staffFavorites', 'post'>;
export type ActivityLogQuery = QueryOf<'/api/activitylog'>;
export type ConsolidationPushed = JsonOf<
  ActivityPaths['/api/consolidation/activity/{shipmentId}']['get']['responses'][200]
>;
export type ShipmentFacts = JsonOf<
  ShipmentsPaths['/api/shipmentDomestic/{shipmentId}']['get']['responses'][200]
>;
