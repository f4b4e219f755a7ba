// Types of the attachments service's API as this remote calls it, derived from the generated
// @loadline/contracts/types/attachments (`npm run contracts`). Nothing here retypes a contract shape.
import type {
  components as AttachmentsComponents,
  paths as AttachmentsPaths,
} from '@loadline/contracts/types/attachments';
import type { paths as CarriersPaths } from '@loadline/contracts/types/carriers';

/** Every path this remote calls: the attachments service's, and the carriers service's compliance check. */
export type RemotePaths = AttachmentsPaths & Pick<CarriersPaths, '/api/carrierCompliance/{shipmentId}'>;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Op<P extends keyof RemotePaths, M extends keyof RemotePaths[P]> = RemotePaths[P][M];

/** The JSON body of the 200/201/202 answer of `method` on `path`. */
export type Answer<P extends keyof RemotePaths, M extends keyof RemotePaths[P]> = Op<P, M> extends {
  responses: infer R;
}
  ? R extends Record<number, unknown>
    ? JsonOf<R[Extract<keyof R, 200 | 201 | 202>]>
    : never
  : never;

/** The JSON request body of `method` on `path`. */
export type Body<P extends keyof RemotePaths, M extends keyof RemotePaths[P]> = Op<P, M> extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

export type Attachment = AttachmentsComponents['schemas']['Attachment'];
export type OutgoingMessage = AttachmentsComponents['schemas']['OutgoingMessage'];
export type AvailableDocuments = Answer<'/api/documentsender/getavailabledocumentsforshipment/{id}', 'get'>;
export type AvailableDocument = AvailableDocuments['documents'][number];
export type Contact = Answer<'/api/documentsender/contacts', 'get'>[number];
export type EmailMessage = Body<'/api/documentsender/sendshipmentdocuments', 'post'>;
export type InvoiceNotification = Body<'/api/organization/invoiceNotification', 'post'>;
export type BulkEmail = Body<'/api/documentsender/getBulkShipmentDocument', 'post'>;
export type DeliveryWarningsQuery = Body<'/api/documentsender/deliverywarnings', 'post'>;
export type DeliveryWarning = Answer<'/api/documentsender/deliverywarnings', 'post'>['warnings'][number];
export type BulkEmailAnswer = Answer<'/api/documentsender/getBulkShipmentDocument', 'post'>;
export type TrackingSplit = Answer<'/api/truckloadTrackingStatusRequest', 'post'>;
export type CarrierGroup = TrackingSplit['withCarrierEmail'][number];
export type TrackingTemplate = Answer<
  '/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate',
  'get'
>;
export type TrackingRequests = Body<'/api/shipmentmanagement/emailTrackingStatusRequest', 'post'>;
export type SentTrackingRequest = Answer<
  '/api/shipmentmanagement/emailTrackingStatusRequest',
  'post'
>[number];
export type InboundEmail = Answer<'/api/inboundemail', 'get'>[number];
export type CustomEmailTemplate = Answer<'/api/contenttemplates/custom', 'get'>[number];
export type EmailForSuggestion = Body<'/api/emailai/getsuggestion', 'post'>;
export type EmailSuggestion = Answer<'/api/emailai/getsuggestion', 'post'>;
export type ExternalDocument = Answer<'/api/externaldocumentlist', 'get'>[number];
