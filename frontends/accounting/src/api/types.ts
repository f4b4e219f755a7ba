// Types of the accounting service's API as this remote calls it, derived from the generated
// @loadline/contracts/types/accounting (`npm run contracts`). Nothing here retypes a shape the contract gives.
import type { paths as AccountingPaths, components } from '@loadline/contracts/types/accounting';
import type { paths as AttachmentsPaths } from '@loadline/contracts/types/attachments';

/** Every path this remote calls: the accounting service's, and the attachments service's invoice notification. */
export type RemotePaths = AccountingPaths & Pick<AttachmentsPaths, '/api/organization/invoiceNotification'>;

type Schemas = components['schemas'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Ok<P extends keyof AccountingPaths, M extends 'get' | 'post' | 'put'> = AccountingPaths[P][M] extends {
  responses: infer R;
}
  ? JsonOf<R[keyof R & (200 | 201 | 202)]>
  : never;
type BodyOf<P extends keyof AccountingPaths, M extends 'post' | 'put'> = AccountingPaths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

export type ChargeLine = Schemas['ChargeLine'];
export type Invoice = Schemas['Invoice'];
export type Bill = Schemas['Bill'];
export type PaymentProfile = Schemas['PaymentProfile'];
export type PaymentResult = Schemas['PaymentResult'];
export type ProgressSnapshot = Schemas['ProgressSnapshot'];
export type AccountingSummary = Ok<'/api/accountingSummary/{shipmentId}', 'get'>;
export type ChargeLineGroupSummary = AccountingSummary['groups'][number];
export type ChargeLineUpdate = BodyOf<'/api/accountingSummary/transitChargeline', 'put'>;
export type NewChargeLine = BodyOf<'/api/accountingSummary/transitChargeline', 'post'>;
export type NewGroup = BodyOf<'/api/accountingSummary/insertChargeLineGroupOrganization', 'post'>;
export type Commission = Schemas['Commission'];
export type NewCommission = BodyOf<'/api/accountingSummary/commission', 'post'>;
export type CommissionUpdate = BodyOf<'/api/accountingSummary/commission', 'put'>;
export type MarginChange = AccountingSummary['marginHistory'][number];
export type CustomerProfile = Ok<'/api/PaymentGateway/getCustomerProfile', 'post'>;
export type InvoiceRequest = BodyOf<'/api/accountingsynchistory/CreateInvoice', 'put'>;
export type InvoiceCreated = Ok<'/api/accountingsynchistory/CreateInvoice', 'put'>;
export type CreditInfo = Ok<'/api/accountingSummary/creditInfo/{organizationId}', 'get'>;
export type InvoicePage = Ok<'/api/accountingSummary/invoices', 'get'>;
export type PaymentGatewayInfo = Ok<'/api/PaymentGateway/getPaymentGateway/{orgId}', 'get'>;
export type NewPaymentProfile = BodyOf<'/api/PaymentGateway/createCustomerPaymentProfile', 'post'>;
export type ChargeRequest = BodyOf<'/api/PaymentGateway/chargeCustomerProfile', 'post'>;
export type SyncPreview = Ok<'/api/accountingsync/preview/invoices', 'get'>;
export type SyncItem = SyncPreview['items'][number];
export type SyncOptions = BodyOf<'/api/accountingsync/runSync', 'post'>;
export type SyncStarted = Ok<'/api/accountingsync/runSync', 'post'>;
export type SyncRun = Ok<'/api/accountingsync/runs/{runId}', 'get'>;
export type ConnectionTest = Ok<'/api/accountingsync/testConnection', 'get'>;
