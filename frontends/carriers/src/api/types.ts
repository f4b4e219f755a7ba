// Types of the carriers service's API as this remote calls it, derived from the generated
// @loadline/contracts/types/carriers (`npm run contracts`). Nothing here retypes a shape the contract gives.
import type { paths as CarriersPaths, components } from '@loadline/contracts/types/carriers';

export type { CarriersPaths };

type Schemas = components['schemas'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of the 200 answer of `method` on `path`. */
export type Answer<
  P extends keyof CarriersPaths,
  M extends keyof CarriersPaths[P],
> = CarriersPaths[P][M] extends {
  responses: infer R;
}
  ? R extends Record<number, unknown>
    ? JsonOf<R[Extract<keyof R, 200>]>
    : never
  : never;

/** The JSON request body of `method` on `path`. */
export type Body<
  P extends keyof CarriersPaths,
  M extends keyof CarriersPaths[P],
> = CarriersPaths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

export type CarrierDetails = Schemas['CarrierDetails'];
export type CarrierScore = Schemas['CarrierScore'];
export type CarrierCompliance = Schemas['CarrierCompliance'];
export type CarrierInsurance = Schemas['BrokerCarrierInsurance'];
export type CarrierContact = Schemas['CarrierContact'];
export type PreferredRegion = Schemas['BrokerCarrierPreferredRegion'];
export type MasterStateRegions = Schemas['MasterStateRegions'];
export type AuditQuestion = Schemas['AuditQuestion'];
export type ShipmentAudits = Schemas['ShipmentAudits'];
export type CarrierLeg = ShipmentAudits['legs'][number];
export type AuditBody = Body<'/api/brokerCarrier/audit', 'post'>;
export type AuditRecorded = Answer<'/api/brokerCarrier/audit', 'post'>;
export type PortalLink = Answer<'/api/brokerCarrierPortalLink/{id}', 'get'>;
export type PreferredRegionsBody = Body<'/api/brokerCarrier/preferredRegions', 'put'>;

/** GET /api/brokerCarrier/list (decision 0118): a page of the broker's carriers. */
export type CarrierList = Answer<'/api/brokerCarrier/list', 'get'>;
export type CarrierListItem = CarrierList['items'][number];
export type CarrierListQuery = NonNullable<
  CarriersPaths['/api/brokerCarrier/list']['get']['parameters']['query']
>;
export type CarrierListExportQuery = NonNullable<
  CarriersPaths['/api/brokerCarrier/list.csv']['get']['parameters']['query']
>;
