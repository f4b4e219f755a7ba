// Types of the tracking service's API as this remote calls it, derived from the generated
// @loadline/contracts/types/tracking (and shipments' for the year-old check): nothing retyped.
import type { paths as ShipmentsPaths } from '@loadline/contracts/types/shipments';
import type { components, paths as TrackingPaths } from '@loadline/contracts/types/tracking';

/** Every path this remote calls. */
export type RemotePaths = TrackingPaths & Pick<ShipmentsPaths, '/api/shipmentDomestic/{shipmentId}'>;

type Schemas = components['schemas'];
export type Location = Schemas['Location'];
export type LastLocation = Schemas['LastLocation'];
export type ZipLookup = Schemas['ZipLookup'];
export type Geocoded = Schemas['Geocoded'];
export type DriverLocationModel = Schemas['DriverLocationModel'];
export type TrackingTestResult = Schemas['TrackingTestResult'];
export type TextMessage = Schemas['TextMessage'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
export type AddLocationBody = JsonOf<NonNullable<TrackingPaths['/api/location']['post']['requestBody']>>;
export type LocationTypeValue = Location['locationType'];
