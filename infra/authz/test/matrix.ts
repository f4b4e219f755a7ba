// The authorization matrix's table (decision 0013): every operation of the OpenAPI documents, keyed by
// `METHOD path` as documented, says who may use it and which resource its request names, and builds that
// request for a tenant's resources. The test fails when an operation has no entry here and when an entry
// names an operation that no longer exists, so a new route cannot escape the matrix.
//
// Access classes (who gets a 2xx):
// - public: no sign-in (signing in and out, the shells' configuration, the driver's one-use link);
// - anyone: every signed-in user, about itself or its own tenant (its lists, its settings, lookups);
// - customersAndStaff: a customer user for its own organization's resources, broker staff for their broker's;
// - staff: broker staff of the resource's broker (customers 403);
// - a permission: staff of the resource's broker holding it (staff without it and customers 403).
// Anything else answers 401 (anonymous), 403 (a role the route is not for) or 404 (another's resource, like
// one that does not exist: decisions 0005, 0020), unless the entry says otherwise and why.
import type { StaffPermission } from '@loadline/contracts/catalogue';
import { demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import { matrixPassword, type Request, rivalBroker, type SignedIn, type TenantIds } from './world.ts';

export type PermissionCode = Parameters<typeof StaffPermission.has>[1] & string;

export type Access =
  | 'public'
  | 'anyone'
  | 'customersAndStaff'
  | 'staff'
  | {
      permission:
        | 'CustomerAddEdit'
        | 'TMSSiteAdmin'
        | 'LSPCarrierAddEdit'
        | 'CommissionsAdmin'
        | 'AccountingARInvoicing'
        | 'AccountingARRevisions'
        | 'AccountingARPayments'
        | 'AccountingAPPayments'
        | 'AccountingSync';
    };

/** What a request names: a tenant's resource, or nothing (the answer is about the caller's own tenant). */
export type Resource =
  | 'shipment'
  | 'organization'
  | 'user'
  | 'attachment'
  | 'message'
  | 'activity'
  | 'email'
  | 'brokerCarrier'
  | 'connection'
  | 'chargeLine'
  | 'chargeLineGroup'
  | 'commission'
  | 'invoice'
  | 'bill'
  | 'paymentProfile'
  | 'tracker'
  | 'syncRun'
  | 'none';

export interface RequestContext {
  /** a live connection of ops (the presence routes) */
  opsConnectionId: string;
  /** a value no other request of the run uses (emails of new users) */
  unique: () => string;
  /** the one-use token of a driver-location text */
  driverToken: string;
}

/** How the refusals of one entry differ from its class's default, and why. */
export interface Refusals {
  /** a customer user of another organization (default: 404 for customersAndStaff, else 403) */
  otherCustomer?: number;
  /** another broker's staff (default 404) */
  otherBroker?: number;
  why: string;
  /** for a refusal answered 2xx: what the answer must show (e.g. nothing done) */
  answer?: (json: unknown) => boolean;
}

export interface MatrixEntry {
  access: Access;
  resource: Resource;
  /** whose resource the allowed call names (default acme) */
  owner?: 'acme' | 'globex';
  /** the request, for one tenant's resources; undefined when that tenant has no such resource */
  request: (t: TenantIds, c: RequestContext) => Request | undefined;
  /** for a write: a read (by the resource's staff) whose answer stays the same when the write is refused */
  readBack?: (t: TenantIds) => Request | undefined;
  refusals?: Refusals;
  /** who makes the allowed call, when not the class's default */
  allowedAs?: SignedIn;
  /** checks an answer a signed-in caller got (the tenant-scoped lists): a problem, or undefined */
  check?: (
    caller: SignedIn,
    json: unknown,
    ids: Record<'acme' | 'globex' | 'rival', TenantIds>,
  ) => string | undefined;
  /** why the allowed call is not made (a 2xx it cannot get here) */
  noAllowedCall?: string;
}

const get = (path: string, query?: Request['query']): Request => ({ method: 'GET', path, query });
const body = (
  method: Request['method'],
  path: string,
  json?: unknown,
  query?: Request['query'],
): Request => ({
  method,
  path,
  body: json,
  query,
});
const log = (t: TenantIds) => get('/api/activitylog', { shipmentId: t.shipmentId });
const attachments = (t: TenantIds) => get(`/api/files/getattachments/${t.shipmentId}/shipment`);
const carrierDetails = (t: TenantIds) => get(`/api/brokerCarrier/${t.carrierMasterId}/0`);
/** A shipment's accounting summary (charge lines, invoices, bills, commissions, margin history). */
const summaryOf = (shipmentId: number) => get(`/api/accountingSummary/${shipmentId}`);
/** The money fixtures (charge lines, commissions) are on `otherShipmentId`, which no invoice reaches. */
const fixturesSummary = (t: TenantIds) => summaryOf(t.otherShipmentId);
const invoiceOf = (t: TenantIds) => get(`/api/accountingSummary/invoices/${t.invoiceId}`);
const gatewayOf = (t: TenantIds) => get(`/api/PaymentGateway/getPaymentGateway/${t.organizationId}`);
/** Customers with pay rights use the payment routes for their own organization (002 §6.3). */
const payerRefusals: Refusals = {
  otherCustomer: 404,
  why: 'customers with pay rights use these routes for their own organization, so another organization is not theirs to see (404, as one that does not exist)',
};

/** A staff user of the tenant's broker (the demo broker's ops, or the rival's one staff user). */
const staffOf = (t: TenantIds) =>
  t.brokerId === rivalBroker.organizationId ? rivalBroker.staffUserId : 'usr_demo_ops';

/** A pro number and carrier of the demo broker's (10017's main leg; the plan's numbers do not depend on the day). */
const demoPro = demoShipmentPlans('2026-01-05').find((p) => p.shipmentId === 10017)!;

/** The demo shipment's driver's cell phone, where the demo data puts a driver on it (not on the rival's). */
const driverOnRecord = (shipmentId: number) =>
  demoShipmentPlans('2026-01-05').find((p) => p.shipmentId === shipmentId)?.driver?.cellPhone;
const carrierOnRecord = (shipmentId: number) =>
  demoShipmentPlans('2026-01-05').find((p) => p.shipmentId === shipmentId)?.carrier?.carrierMasterId;

export const matrix: Record<string, MatrixEntry> = {
  // ——— accounting ———
  // Charge lines, groups and the summary: any staff of the shipment's broker (decision 0050).
  'GET /api/accountingSummary/{shipmentId}': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => summaryOf(t.shipmentId),
  },
  'GET /api/accountingSummary/{shipmentId}/marginHistory': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => get(`/api/accountingSummary/${t.otherShipmentId}/marginHistory`),
  },
  'POST /api/accountingSummary/transitChargeline': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/accountingSummary/transitChargeline', {
        shipmentId: t.shipmentId,
        chargeLineType: 'Lumper',
        description: 'matrix charge line',
        buyCents: 4000,
        sellCents: 6000,
      }),
    readBack: (t) => summaryOf(t.shipmentId),
  },
  'PUT /api/accountingSummary/transitChargeline': {
    access: 'staff',
    resource: 'chargeLine',
    request: (t) =>
      body('PUT', '/api/accountingSummary/transitChargeline', {
        chargeLineId: t.chargeLineId,
        chargeLineType: 'Accessorial',
        description: 'matrix changed charge line',
        buyCents: 1500,
        sellCents: 2500,
      }),
    readBack: fixturesSummary,
  },
  'DELETE /api/accountingSummary/transitChargeline/{id}': {
    access: 'staff',
    resource: 'chargeLine',
    request: (t) => body('DELETE', `/api/accountingSummary/transitChargeline/${t.deletableChargeLineId}`),
    readBack: fixturesSummary,
  },
  // Another payer of the same broker on the load (the rival's own customer stands in on its side).
  'POST /api/accountingSummary/insertChargeLineGroupOrganization': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/accountingSummary/insertChargeLineGroupOrganization', {
        shipmentId: t.shipmentId,
        payerOrganizationId:
          t.tenant === 'acme'
            ? 'org_demo_globex'
            : t.tenant === 'globex'
              ? 'org_demo_acme'
              : t.organizationId,
        transitOrganizationType: 1,
      }),
    readBack: (t) => summaryOf(t.shipmentId),
  },
  // The same payer, another transit organization type (Factor): a refused call that went through would show.
  'PUT /api/accountingSummary/updateChargeLineGroupOrganization': {
    access: 'staff',
    resource: 'chargeLineGroup',
    request: (t) =>
      body('PUT', '/api/accountingSummary/updateChargeLineGroupOrganization', {
        groupId: t.chargeLineGroupId,
        payerOrganizationId: t.organizationId,
        transitOrganizationType: 3,
      }),
    readBack: fixturesSummary,
  },
  'POST /api/accountingSummary/commission': {
    access: { permission: 'CommissionsAdmin' },
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/accountingSummary/commission', {
        shipmentId: t.shipmentId,
        payeeName: 'Matrix Payee',
        calculationType: 0,
        rate: 1000,
      }),
    readBack: (t) => summaryOf(t.shipmentId),
  },
  'PUT /api/accountingSummary/commission': {
    access: { permission: 'CommissionsAdmin' },
    resource: 'commission',
    request: (t) =>
      body('PUT', '/api/accountingSummary/commission', {
        commissionId: t.commissionId,
        payeeName: 'Matrix Payee',
        calculationType: 0,
        rate: 2000,
      }),
    readBack: fixturesSummary,
  },
  'DELETE /api/accountingSummary/commission/{id}': {
    access: { permission: 'CommissionsAdmin' },
    resource: 'commission',
    request: (t) => body('DELETE', `/api/accountingSummary/commission/${t.deletableCommissionId}`),
    readBack: fixturesSummary,
  },
  'PUT /api/accountingsynchistory/CreateInvoice': {
    access: { permission: 'AccountingARInvoicing' },
    resource: 'shipment',
    request: (t) => body('PUT', '/api/accountingsynchistory/CreateInvoice', { shipmentId: t.shipmentId }),
    readBack: (t) => summaryOf(t.shipmentId),
  },
  // Invoices: staff their broker's, a customer user its own organization's (the list is the caller's own).
  'GET /api/accountingSummary/invoices': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/accountingSummary/invoices'),
  },
  'GET /api/accountingSummary/invoices/{invoiceId}': {
    access: 'customersAndStaff',
    resource: 'invoice',
    request: invoiceOf,
  },
  'GET /api/accountingSummary/creditInfo/{organizationId}': {
    access: 'customersAndStaff',
    resource: 'organization',
    request: (t) => get(`/api/accountingSummary/creditInfo/${t.organizationId}`),
  },
  'GET /api/accountingSummary/customerAccount/{organizationId}': {
    access: 'staff',
    resource: 'organization',
    request: (t) => get(`/api/accountingSummary/customerAccount/${t.organizationId}`),
  },
  'PUT /api/accountingSummary/customerAccount/{organizationId}': {
    access: { permission: 'AccountingARRevisions' },
    resource: 'organization',
    request: (t) =>
      body('PUT', `/api/accountingSummary/customerAccount/${t.organizationId}`, { paymentTermsDays: 31 }),
    readBack: (t) => get(`/api/accountingSummary/customerAccount/${t.organizationId}`),
  },
  'POST /api/accountingSummary/invoicePayment': {
    access: { permission: 'AccountingARPayments' },
    resource: 'invoice',
    request: (t, c) =>
      body('POST', '/api/accountingSummary/invoicePayment', {
        payerOrganizationId: t.organizationId,
        invoiceIds: [t.invoiceId],
        paymentType: 'Check',
        amountCents: 100,
        reference: 'matrix check',
        idempotencyKey: `matrix-${c.unique()}`,
      }),
    readBack: invoiceOf,
  },
  'POST /api/accountingSummary/billPayment': {
    access: { permission: 'AccountingAPPayments' },
    resource: 'bill',
    request: (t, c) =>
      t.billId
        ? body('POST', '/api/accountingSummary/billPayment', {
            billIds: [t.billId],
            paymentType: 'ACH',
            amountCents: 100,
            reference: 'matrix ACH',
            idempotencyKey: `matrix-${c.unique()}`,
          })
        : undefined,
    readBack: (t) => (t.billShipmentId ? summaryOf(t.billShipmentId) : undefined),
  },
  'GET /api/customerorder/defaultCreditCardProcessingFee/{orgId}': {
    access: 'customersAndStaff',
    resource: 'organization',
    request: (t) => get(`/api/customerorder/defaultCreditCardProcessingFee/${t.organizationId}`),
  },
  'GET /api/PaymentGateway/getPaymentGateway/{orgId}': {
    access: 'customersAndStaff',
    resource: 'organization',
    request: gatewayOf,
  },
  // Paying: staff with AR Payments, or the organization's own users with pay rights (Acme's have none).
  'POST /api/PaymentGateway/createCustomerProfile': {
    access: { permission: 'AccountingARPayments' },
    resource: 'organization',
    request: (t) =>
      body('POST', '/api/PaymentGateway/createCustomerProfile', { payerOrganizationId: t.organizationId }),
    readBack: gatewayOf,
    refusals: payerRefusals,
  },
  'POST /api/PaymentGateway/getCustomerProfile': {
    access: 'customersAndStaff',
    resource: 'organization',
    request: (t) =>
      body('POST', '/api/PaymentGateway/getCustomerProfile', { payerOrganizationId: t.organizationId }),
  },
  'POST /api/PaymentGateway/createCustomerPaymentProfile': {
    access: { permission: 'AccountingARPayments' },
    resource: 'organization',
    request: (t) =>
      body('POST', '/api/PaymentGateway/createCustomerPaymentProfile', {
        payerOrganizationId: t.organizationId,
        creditCard: {
          cardNumber: '4111111111111111',
          expMonth: 11,
          expYear: new Date().getUTCFullYear() + 3,
          cardCode: '321',
        },
      }),
    readBack: gatewayOf,
    refusals: payerRefusals,
  },
  'POST /api/PaymentGateway/deleteCustomerPaymentProfile': {
    access: { permission: 'AccountingARPayments' },
    resource: 'paymentProfile',
    request: (t) =>
      body('POST', '/api/PaymentGateway/deleteCustomerPaymentProfile', {
        payerOrganizationId: t.organizationId,
        creditCardGatewayPaymentProfileId: t.paymentProfileId,
      }),
    readBack: gatewayOf,
    refusals: payerRefusals,
  },
  'POST /api/PaymentGateway/chargeCustomerProfile': {
    access: { permission: 'AccountingARPayments' },
    resource: 'invoice',
    request: (t, c) =>
      body('POST', '/api/PaymentGateway/chargeCustomerProfile', {
        payerOrganizationId: t.organizationId,
        creditCardGatewayPaymentProfileId: t.chargeProfileId,
        amountToChargeCents: 100,
        invoiceIds: [t.invoiceId],
        idempotencyKey: `matrix-${c.unique()}`,
      }),
    readBack: invoiceOf,
    refusals: payerRefusals,
  },
  // The sync: Accounting Sync, each broker its own items and runs.
  'GET /api/accountingsync/preview/invoices': {
    access: { permission: 'AccountingSync' },
    resource: 'none',
    request: () => get('/api/accountingsync/preview/invoices'),
  },
  'GET /api/accountingsync/preview/invoicepayments': {
    access: { permission: 'AccountingSync' },
    resource: 'none',
    request: () => get('/api/accountingsync/preview/invoicepayments'),
  },
  'GET /api/accountingsync/preview/bills': {
    access: { permission: 'AccountingSync' },
    resource: 'none',
    request: () => get('/api/accountingsync/preview/bills'),
  },
  'GET /api/accountingsync/preview/billpayments': {
    access: { permission: 'AccountingSync' },
    resource: 'none',
    request: () => get('/api/accountingsync/preview/billpayments'),
  },
  // A test run (it writes nothing to the ledger); the rival's must leave the demo broker's waiting items.
  'POST /api/accountingsync/runSync': {
    access: { permission: 'AccountingSync' },
    resource: 'none',
    request: () => body('POST', '/api/accountingsync/runSync', { doInvoices: true, isTestRun: true }),
    readBack: () => get('/api/accountingsync/preview/invoices'),
  },
  'GET /api/accountingsync/runs/{runId}': {
    access: { permission: 'AccountingSync' },
    resource: 'syncRun',
    request: (t) => get(`/api/accountingsync/runs/${t.syncRunId}`),
  },
  'GET /api/accountingsync/testConnection': {
    access: { permission: 'AccountingSync' },
    resource: 'none',
    request: () => get('/api/accountingsync/testConnection'),
  },
  'GET /api/accountingsync/CreateTracker': {
    access: { permission: 'AccountingSync' },
    resource: 'none',
    request: () => get('/api/accountingsync/CreateTracker'),
  },
  // The progress tracker (decision 0051): staff read their broker's, a customer user its own.
  'GET /api/progressTracker/CreateTracker': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/progressTracker/CreateTracker'),
  },
  'GET /api/progressTracker/GetProgress': {
    access: 'customersAndStaff',
    resource: 'tracker',
    request: (t) => get('/api/progressTracker/GetProgress', { traceLogId: t.trackerId }),
  },
  // The shipment importer (issue 17, decision 0095): TMS site admins (and IT support admins) of the broker.
  'GET /api/bulkProcessQueue/getDefaultUserEmail': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'none',
    request: () => get('/api/bulkProcessQueue/getDefaultUserEmail'),
  },
  'GET /api/bulkProcessQueue/template/{processType}': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'none',
    request: () => get('/api/bulkProcessQueue/template/70'),
  },
  'GET /api/bulkProcessQueue': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'none',
    request: () => get('/api/bulkProcessQueue'),
  },
  'POST /api/bulkProcessQueue/upload': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'organization',
    request: (t) => ({
      method: 'POST',
      path: '/api/bulkProcessQueue/upload',
      query: { processType: 70, customerOrganizationId: t.organizationId },
      form: {
        fields: {},
        file: { name: 'matrix.csv', content: 'Shipment Type,Origin Zip\r\nLTL,45414\r\n', type: 'text/csv' },
      },
    }),
    refusals: {
      otherBroker: 400,
      why: "the customer is named in the query: another broker's organization is 'not a customer of your broker', a field error",
    },
  },
  'GET /api/bulkProcessQueue/{bulkProcessId}': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'organization',
    request: (t) => get(`/api/bulkProcessQueue/${t.bulkProcessId}`),
  },
  'GET /api/bulkProcessQueue/{bulkProcessId}/review': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'organization',
    request: (t) => get(`/api/bulkProcessQueue/${t.bulkProcessId}/review`),
  },
  'POST /api/bulkProcessQueue/{bulkProcessId}/start': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'organization',
    request: (t) => body('POST', `/api/bulkProcessQueue/${t.bulkProcessId}/start`),
    readBack: (t) => get(`/api/bulkProcessQueue/${t.bulkProcessId}/review`),
  },
  'POST /api/bulkProcessQueue/{bulkProcessId}/confirm': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'organization',
    request: (t) => body('POST', `/api/bulkProcessQueue/${t.bulkProcessId}/confirm`),
  },
  'PUT /api/bulkProcessQueue/{bulkProcessId}/mapping': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'organization',
    request: (t) => body('PUT', `/api/bulkProcessQueue/${t.mappableBulkProcessId}/mapping`, { mapping: {} }),
    readBack: (t) => get(`/api/bulkProcessQueue/${t.mappableBulkProcessId}/review`),
  },
  'POST /api/bulkProcessQueue/{bulkProcessId}/cancel': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'organization',
    request: (t) => body('POST', `/api/bulkProcessQueue/${t.cancelableBulkProcessId}/cancel`),
    readBack: (t) => get(`/api/bulkProcessQueue/${t.cancelableBulkProcessId}/review`),
  },
  'GET /api/organization/billToOrganizations': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/organization/billToOrganizations'),
  },
  'GET /api/organization/openInvoiceOrganizations': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/organization/openInvoiceOrganizations'),
  },

  // ——— activity ———
  'GET /api/activitylog': { access: 'customersAndStaff', resource: 'shipment', request: log },
  'POST /api/activitylog': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/activitylog', { shipmentId: t.shipmentId, description: 'matrix note' }),
    readBack: log,
  },
  'POST /api/activitylog/setaccesslevel/{id}/{accessLevel}': {
    access: 'staff',
    resource: 'activity',
    request: (t) => body('POST', `/api/activitylog/setaccesslevel/${t.activityId}/1`),
    readBack: log,
  },
  'PUT /api/shipmentActivityLog/togglePinned': {
    access: 'staff',
    resource: 'activity',
    request: (t) =>
      body('PUT', '/api/shipmentActivityLog/togglePinned', {
        shipmentActivityLogId: t.activityId,
        shipmentId: t.shipmentId,
        pinned: true,
      }),
    readBack: log,
  },
  'GET /api/ShipmentUpdateStatus/getOperationNotes/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/ShipmentUpdateStatus/getOperationNotes/${t.shipmentId}`),
  },
  'GET /api/shipmentActivityLogArchive/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/shipmentActivityLogArchive/${t.shipmentId}`),
  },
  'GET /api/consolidation/activity/{shipmentId}': {
    access: 'staff',
    resource: 'shipment',
    owner: 'globex',
    request: (t) =>
      t.consolidationParentId === undefined
        ? undefined
        : get(`/api/consolidation/activity/${t.consolidationParentId}`),
    readBack: (t) =>
      t.consolidationChildId === undefined
        ? undefined
        : get('/api/activitylog', { shipmentId: t.consolidationChildId }),
  },
  'GET /api/staffFavorites/{shipmentId}': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => get(`/api/staffFavorites/${t.shipmentId}`),
  },
  'POST /api/staffFavorites': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => body('POST', '/api/staffFavorites', { shipmentId: t.shipmentId }),
    readBack: (t) => get(`/api/staffFavorites/${t.shipmentId}`),
  },
  'GET /api/organizationactivityLog': {
    access: 'staff',
    resource: 'organization',
    request: (t) => get('/api/organizationactivityLog', { organizationId: t.organizationId }),
  },
  'POST /api/organizationactivityLog': {
    access: 'staff',
    resource: 'organization',
    request: (t) =>
      body('POST', '/api/organizationactivityLog', {
        organizationId: t.organizationId,
        activityDescription: 'matrix organization note',
      }),
    readBack: (t) => get('/api/organizationactivityLog', { organizationId: t.organizationId }),
  },
  // A carrier's notes are each broker's own (decision 0020): the rival reads and writes its own.
  'GET /api/brokercarrieractivityLog': {
    access: 'staff',
    resource: 'none',
    request: (t) => get('/api/brokercarrieractivityLog', { carrierMasterId: t.carrierMasterId }),
  },
  'POST /api/brokercarrieractivityLog': {
    access: 'staff',
    resource: 'none',
    request: (t) =>
      body('POST', '/api/brokercarrieractivityLog', {
        carrierMasterId: t.carrierMasterId,
        activityDescription: 'matrix carrier note',
      }),
    readBack: (t) => get('/api/brokercarrieractivityLog', { carrierMasterId: t.carrierMasterId }),
  },
  'POST /api/emailautomationlog': {
    access: 'staff',
    resource: 'shipment',
    request: (t, c) =>
      body('POST', '/api/emailautomationlog', {
        shipmentId: t.shipmentId,
        emailAutomationDetailId: `eml_matrix_${c.unique()}`,
        type: 'Operations',
        name: 'Matrix',
        body: 'matrix email',
        date: new Date(Date.now() - 60_000).toISOString(),
      }),
    readBack: log,
  },
  'PUT /api/emailautomationlog/{emailAutomationDetailId}/reassign': {
    access: 'staff',
    resource: 'email',
    request: (t) =>
      body('PUT', `/api/emailautomationlog/${t.emailId}/reassign`, { shipmentId: t.otherShipmentId }),
    readBack: log,
  },
  'PUT /api/emailautomationlog/{emailAutomationDetailId}/dismiss': {
    access: 'staff',
    resource: 'email',
    request: (t) => body('PUT', `/api/emailautomationlog/${t.dismissableEmailId}/dismiss`),
    readBack: log,
  },

  'GET /api/emailautomationlog/replies/{id}': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => get(`/api/emailautomationlog/replies/${t.shipmentId}`),
  },

  // ——— attachments ———
  'POST /api/truckloadTrackingStatusRequest': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => body('POST', '/api/truckloadTrackingStatusRequest', { shipmentIds: [t.shipmentId] }),
    // Another broker's shipment ids are not found: a 400 naming shipmentIds.
    refusals: { otherBroker: 400, why: "another broker's shipments are not found among the caller's" },
  },
  'GET /api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate'),
    refusals: {
      otherBroker: 404,
      why: "the other broker has no template: 'Content template for tracking status request was not found.'",
    },
  },
  // Sending really mails the carrier; the matrix checks only the refusals (tracking-requests.test.ts sends).
  'POST /api/shipmentmanagement/emailTrackingStatusRequest': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/shipmentmanagement/emailTrackingStatusRequest', {
        emails: [{ email: 'dispatch@carrier.test', shipmentIds: [t.shipmentId] }],
      }),
    refusals: { otherBroker: 400, why: "another broker's shipments are not found among the caller's" },
    noAllowedCall: 'a request mails the carrier: tracking-requests.test.ts sends one for real',
  },
  'GET /api/inboundemail': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/inboundemail'),
  },
  // No message was read from a mailbox in this system: the refusals are checked on an id no one has (the
  // read-mail integration test assigns and dismisses real ones, and refuses another broker's staff).
  'PUT /api/inboundemail/{id}/assign': {
    access: 'staff',
    resource: 'email',
    request: (t) => body('PUT', '/api/inboundemail/eml_matrix_unread/assign', { shipmentId: t.shipmentId }),
    noAllowedCall: 'no unmatched email exists in the matrix system',
  },
  'PUT /api/inboundemail/{id}/dismiss': {
    access: 'staff',
    resource: 'email',
    request: () => body('PUT', '/api/inboundemail/eml_matrix_unread/dismiss'),
    noAllowedCall: 'no unmatched email exists in the matrix system',
  },
  // Content templates (decision 0075): every staff member reads; TMS Site Admin (and IT Support Admin) write.
  'GET /api/contenttemplates/{type}': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/contenttemplates/317'),
  },
  'PUT /api/contenttemplates/{type}': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'none',
    request: () =>
      body('PUT', '/api/contenttemplates/318', { subject: 'Claim {{shipmentId}}', body: 'Matrix' }),
  },
  'GET /api/contenttemplates/permissions': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/contenttemplates/permissions'),
  },
  'GET /api/contenttemplates/custom': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/contenttemplates/custom'),
  },
  'PUT /api/contenttemplates/custom/{number}': {
    access: { permission: 'TMSSiteAdmin' },
    resource: 'none',
    request: () =>
      body('PUT', '/api/contenttemplates/custom/9', { name: 'Matrix', subject: 'Matrix', body: 'Matrix' }),
  },
  'GET /api/getByContentTemplateTypeDefaultMaster/{shipmentId}/{type}': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => get(`/api/getByContentTemplateTypeDefaultMaster/${t.shipmentId}/313`),
  },
  // Suggestions, a staff member's read mail, external documents (decision 0076).
  'POST /api/emailai/getsuggestion': {
    access: 'staff',
    resource: 'none',
    request: () => body('POST', '/api/emailai/getsuggestion', { subject: 'Quote for 10001', body: 'Rates?' }),
  },
  'GET /api/staff/emails/{id}': {
    access: 'staff',
    resource: 'user',
    request: (t) => get(`/api/staff/emails/${staffOf(t)}`),
  },
  'GET /api/externaldocumentlist': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/externaldocumentlist'),
  },
  'PUT /api/addexternaldocumenttoshipment/{documentId}/{shipmentId}': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => body('PUT', `/api/addexternaldocumenttoshipment/eml_matrix_unread.0/${t.shipmentId}`),
    noAllowedCall:
      'no email with files was read in the matrix system (templates-and-suggestions.test.ts attaches one)',
  },
  'POST /api/files/fileUpload': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => ({
      method: 'POST',
      path: '/api/files/fileUpload',
      form: {
        fields: { sourceType: 'shipment', shipmentId: String(t.shipmentId), accessLevel: '0' },
        file: { name: 'matrix.txt', content: 'matrix upload', type: 'text/plain' },
      },
    }),
    readBack: attachments,
  },
  'GET /api/files/getattachments/{id}/{sourceType}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: attachments,
  },
  'DELETE /api/files/deletedocument/{a}/{b}/{attachmentId}': {
    access: 'staff',
    resource: 'attachment',
    request: (t) =>
      body('DELETE', `/api/files/deletedocument/shipment/${t.shipmentId}/${t.deletableAttachmentId}`),
    readBack: attachments,
  },
  'POST /api/files/changeAttachmentAccessLevel/{x}/{attachmentId}/{accessLevel}': {
    access: 'staff',
    resource: 'attachment',
    request: (t) =>
      body('POST', `/api/files/changeAttachmentAccessLevel/${t.shipmentId}/${t.levelAttachmentId}/1`),
    readBack: attachments,
  },
  'GET /api/invoicedelivery/attachmentcount/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/invoicedelivery/attachmentcount/${t.shipmentId}`),
  },
  'GET /files/Attachment': {
    access: 'customersAndStaff',
    resource: 'attachment',
    request: (t) => get('/files/Attachment', { i: t.attachmentId }),
  },
  'GET /Files/Download': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get('/Files/Download', { s: t.shipmentId, t: t.attachmentType, z: 'shipment' }),
  },
  'GET /Files/Print': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get('/Files/Print', { s: t.shipmentId, t: 'BOL' }),
  },
  'GET /Files/AutoPrint': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get('/Files/AutoPrint', { s: t.shipmentId, t: 'BOL' }),
  },
  'POST /api/documentsender/sendshipmentdocuments': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/documentsender/sendshipmentdocuments', {
        shipmentId: t.shipmentId,
        recipients: 'matrix@example.test',
        attachmentIds: [t.attachmentId],
      }),
    readBack: (t) => get('/api/documentsender/messages', { shipmentId: t.shipmentId }),
  },
  'POST /api/documentsender/senddocuments': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/documentsender/senddocuments', {
        shipmentId: t.shipmentId,
        recipients: 'matrix@example.test',
        attachmentIds: [t.attachmentId],
      }),
    readBack: (t) => get('/api/documentsender/messages', { shipmentId: t.shipmentId }),
  },
  'GET /api/documentsender/getavailabledocumentsforshipment/{id}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/documentsender/getavailabledocumentsforshipment/${t.shipmentId}`),
  },
  'GET /api/documentsender/contacts': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get('/api/documentsender/contacts', { shipmentid: t.shipmentId }),
  },
  'GET /api/documentsender/messages': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get('/api/documentsender/messages', { shipmentId: t.shipmentId }),
  },
  'GET /api/documentsender/messages/{messageId}': {
    access: 'customersAndStaff',
    resource: 'message',
    request: (t) => get(`/api/documentsender/messages/${t.messageId}`),
  },
  'POST /api/documentsender/getBulkShipmentDocument': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/documentsender/getBulkShipmentDocument', {
        shipmentIds: [t.shipmentId],
        documentTypes: ['BOL'],
        customRecipientEmail: 'matrix@example.test',
      }),
    readBack: (t) => get('/api/documentsender/messages', { shipmentId: t.shipmentId }),
    refusals: {
      otherBroker: 200,
      why: 'a bulk send reports each shipment it cannot see as skipped ("was not found") and sends nothing for it',
      answer: (json) => (json as { queued: unknown[] }).queued.length === 0,
    },
  },
  'POST /api/organization/invoiceNotification': {
    access: 'staff',
    resource: 'organization',
    request: (t) =>
      body('POST', '/api/organization/invoiceNotification', {
        organizationId: t.organizationId,
        invoiceIds: [t.invoiceId],
      }),
  },

  'POST /api/documentsender/deliverywarnings': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/documentsender/deliverywarnings', {
        shipmentId: t.shipmentId,
        recipients: 'matrix@example.test',
        attachmentIds: [t.attachmentId],
      }),
  },

  // ——— carriers ———
  'GET /api/brokerCarrier/getMasterStateRegions': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/brokerCarrier/getMasterStateRegions'),
  },
  // The score is the caller's broker's audits of a carrier (decision 0040): another broker gets its own.
  'GET /api/brokercarrier/carrierScore/{carrierMasterId}': {
    access: 'staff',
    resource: 'none',
    request: (t) => get(`/api/brokercarrier/carrierScore/${t.carrierMasterId}`),
  },
  'GET /api/brokerCarrier/compliance/{carrierMasterId}/{brokerId}': {
    access: 'staff',
    resource: 'brokerCarrier',
    request: (t) => get(`/api/brokerCarrier/compliance/${t.carrierMasterId}/${t.brokerId}`),
  },
  'GET /api/brokerCarrier/{carrierMasterId}/{brokerId}': {
    access: 'staff',
    resource: 'brokerCarrier',
    request: (t) => get(`/api/brokerCarrier/${t.carrierMasterId}/${t.brokerId}`),
  },
  'PUT /api/brokerCarrier/favorite': {
    access: 'staff',
    resource: 'brokerCarrier',
    request: (t) =>
      t.brokerCarrierId
        ? body('PUT', '/api/brokerCarrier/favorite', { brokerCarrierId: t.brokerCarrierId, favorite: true })
        : undefined,
    readBack: carrierDetails,
  },
  'PUT /api/brokerCarrier/status': {
    access: { permission: 'LSPCarrierAddEdit' },
    resource: 'brokerCarrier',
    // Disabled (3): a refused call that went through would show in the details.
    request: (t) =>
      t.brokerCarrierId
        ? body('PUT', '/api/brokerCarrier/status', { brokerCarrierId: t.brokerCarrierId, status: 3 })
        : undefined,
    readBack: carrierDetails,
  },
  'PUT /api/brokerCarrier/preferredRegions': {
    access: { permission: 'LSPCarrierAddEdit' },
    resource: 'brokerCarrier',
    request: (t) =>
      t.brokerCarrierId
        ? body('PUT', '/api/brokerCarrier/preferredRegions', {
            brokerCarrierId: t.brokerCarrierId,
            regions: [{ regionId: 1, type: 1 }],
          })
        : undefined,
    readBack: carrierDetails,
  },
  'PUT /api/brokerCarrier/insurance': {
    access: { permission: 'LSPCarrierAddEdit' },
    resource: 'brokerCarrier',
    request: (t) =>
      t.brokerCarrierId
        ? body('PUT', '/api/brokerCarrier/insurance', {
            brokerCarrierId: t.brokerCarrierId,
            insuranceType: 'Cargo',
            insurerName: 'Matrix Mutual',
            expirationDate: '2031-01-31',
          })
        : undefined,
    readBack: carrierDetails,
  },
  'GET /api/brokerCarrierPortalLink/{id}': {
    access: 'staff',
    resource: 'brokerCarrier',
    request: (t) =>
      t.brokerCarrierId ? get(`/api/brokerCarrierPortalLink/${t.brokerCarrierId}`) : undefined,
  },
  'GET /api/carrierCompliance/{shipmentId}': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => get(`/api/carrierCompliance/${t.shipmentId}`),
  },
  'GET /api/brokerCarrier/auditQuestions': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/brokerCarrier/auditQuestions'),
  },
  'GET /api/brokerCarrier/audits/{shipmentId}': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => get(`/api/brokerCarrier/audits/${t.shipmentId}`),
  },
  'POST /api/brokerCarrier/audit': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      t.auditLegId
        ? body('POST', '/api/brokerCarrier/audit', {
            shipmentId: t.shipmentId,
            transitLegId: t.auditLegId,
            category: 'Pickup',
            answers: { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
          })
        : // The rival's shipment has no carrier: a leg id of the demo broker's stands in (refused all the same).
          body('POST', '/api/brokerCarrier/audit', {
            shipmentId: t.shipmentId,
            transitLegId: 'leg_none',
            category: 'Pickup',
            answers: { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
          }),
    readBack: (t) => get(`/api/brokerCarrier/audits/${t.shipmentId}`),
  },
  // The demo broker's carrier by name: another broker, which keeps no relation with it, must not find it.
  'GET /api/universalSearch/carriers': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/universalSearch/carriers', { query: 'MC-612407' }),
    check: (caller, json) => {
      const found = JSON.stringify(json).includes('car_demo_oldline');
      if (caller === 'rival' && found) return "finds the demo broker's carrier for another broker";
      if (caller === 'ops' && !found)
        return 'does not find the demo broker’s own carrier (so the rival’s empty answer proves nothing)';
      return undefined;
    },
  },
  // The broker's carrier list (decision 0118): each broker its own carriers; the rival keeps none of the demo's.
  'GET /api/brokerCarrier/list': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/brokerCarrier/list', { search: 'old line' }),
    check: (caller, json) => {
      const found = JSON.stringify(json).includes('car_demo_oldline');
      if (caller === 'rival' && found) return "lists the demo broker's carrier for another broker";
      if (caller === 'ops' && !found)
        return 'does not list the demo broker’s own carrier (so the rival’s empty answer proves nothing)';
      return undefined;
    },
  },
  // The same list as a CSV file (decision 0118's addendum): staff's; each broker's own rows are held by the
  // carriers service's integration tests (the file is not JSON, so no check reads it here).
  'GET /api/brokerCarrier/list.csv': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/brokerCarrier/list.csv', { search: 'old line' }),
  },
  // The terminal page: staff, and a customer for its own shipments (decision 0040).
  'GET /Order/Terminals': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get('/Order/Terminals', { shipmentId: t.shipmentId }),
  },

  // ——— directory ———
  'GET /api/organizations': { access: 'anyone', resource: 'none', request: () => get('/api/organizations') },
  'POST /api/organizations': {
    access: { permission: 'CustomerAddEdit' },
    resource: 'none',
    request: (_t, c) =>
      body('POST', '/api/organizations', { name: `Matrix Customer ${c.unique()}`, organizationType: 70 }),
    readBack: () => get('/api/organizations'),
  },
  'GET /api/organizations/{organizationId}': {
    access: 'customersAndStaff',
    resource: 'organization',
    request: (t) => get(`/api/organizations/${t.organizationId}`),
  },
  'PUT /api/organizations/{organizationId}': {
    access: { permission: 'CustomerAddEdit' },
    resource: 'organization',
    request: (t) => body('PUT', `/api/organizations/${t.organizationId}`, { creditLimit: 12345 }),
    readBack: (t) => get(`/api/organizations/${t.organizationId}`),
  },
  'GET /api/featureFlags': { access: 'anyone', resource: 'none', request: () => get('/api/featureFlags') },
  'GET /api/brokerStaff/typeahead': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/brokerStaff/typeahead', { query: '' }),
  },
  // "Manufacturing" names Acme and the rival's customer alike: each broker must find its own only.
  'GET /api/universalSearch/organizations': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/universalSearch/organizations', { query: 'Manufacturing' }),
  },
  'GET /api/universalSearch/staff': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/universalSearch/staff', { query: '.test' }),
  },
  'GET /api/systemalerts': { access: 'anyone', resource: 'none', request: () => get('/api/systemalerts') },
  'POST /api/support/create': {
    access: 'anyone',
    resource: 'none',
    request: () => body('POST', '/api/support/create', { supportRequestType: 0, currentURL: '/matrix' }),
  },
  // A staff member's own mailbox and signature (issue 18): each staff user reads and changes only their own.
  'GET /api/staff/mailbox': { access: 'staff', resource: 'none', request: () => get('/api/staff/mailbox') },
  'PUT /api/staff/mailbox': {
    access: 'staff',
    resource: 'none',
    request: () => body('PUT', '/api/staff/mailbox', { mailboxType: 1, postProcessingAction: 'Archive' }),
    readBack: () => get('/api/staff/mailbox'),
  },
  // Nothing listens on port 9: the test answers 200 saying the servers cannot be reached, saving nothing.
  'POST /api/email/imapconfig/test': {
    access: 'staff',
    resource: 'none',
    request: () =>
      body('POST', '/api/email/imapconfig/test', {
        username: 'matrix@demo.test',
        password: 'matrix',
        outgoingMailServer: '127.0.0.1:9',
      }),
  },
  // Signing the caller's own mailbox in at Google, Microsoft or Front (decision 0036): the system's local
  // OAuth server stands in for the providers, so a sign-in starts; finishing needs the code the provider's
  // popup brings back.
  'POST /api/staff/mailbox/{provider}/validate': {
    access: 'staff',
    resource: 'none',
    request: () => body('POST', '/api/staff/mailbox/google/validate', {}),
  },
  'POST /api/staff/mailbox/{provider}/token': {
    access: 'staff',
    resource: 'none',
    request: () => body('POST', '/api/staff/mailbox/google/token', { code: 'matrix', state: 'matrix' }),
    readBack: () => get('/api/staff/mailbox'),
    noAllowedCall:
      "a code comes only from the provider's popup: services/directory/test/int/mailbox-sign-in.test.ts signs in for real, with two staff members and two brokers",
  },
  'POST /api/email/mailbox/unauthorize': {
    access: 'staff',
    resource: 'none',
    request: () => body('POST', '/api/email/mailbox/unauthorize'),
    readBack: () => get('/api/staff/mailbox'),
  },
  'POST /api/email/mailbox/reset': {
    access: 'staff',
    resource: 'none',
    request: () => body('POST', '/api/email/mailbox/reset'),
    readBack: () => get('/api/staff/mailbox'),
  },
  'GET /api/staff/signature': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/staff/signature'),
  },
  'PUT /api/staff/signature': {
    access: 'staff',
    resource: 'none',
    request: () => body('PUT', '/api/staff/signature', { signature: '<p>Matrix</p>' }),
    readBack: () => get('/api/staff/signature'),
  },
  // Another staff member's address and signature: within their broker only.
  'GET /api/email/address/{staffId}': {
    access: 'staff',
    resource: 'user',
    request: (t) => get(`/api/email/address/${staffOf(t)}`),
  },
  'GET /api/staff/signature/{staffId}': {
    access: 'staff',
    resource: 'user',
    request: (t) => get(`/api/staff/signature/${staffOf(t)}`),
  },
  'GET /api/users': { access: 'anyone', resource: 'none', request: () => get('/api/users') },
  'POST /api/users': {
    access: { permission: 'CustomerAddEdit' },
    resource: 'organization',
    request: (t, c) =>
      body('POST', '/api/users', {
        organizationId: t.organizationId,
        email: `matrix-${c.unique()}@example.test`,
        firstName: 'Matrix',
        lastName: 'User',
      }),
    readBack: (t) => get('/api/users', { organizationId: t.organizationId }),
  },
  'GET /api/users/{userId}': {
    access: 'customersAndStaff',
    resource: 'user',
    request: (t) => get(`/api/users/${t.userId}`),
  },
  'PUT /api/users/{userId}': {
    access: { permission: 'CustomerAddEdit' },
    resource: 'user',
    request: (t) => body('PUT', `/api/users/${t.userId}`, { lastName: 'Matrix' }),
    readBack: (t) => get(`/api/users/${t.userId}`),
  },

  // ——— gateway ———
  'POST /api/auth/login': {
    access: 'public',
    resource: 'none',
    request: () => body('POST', '/api/auth/login', { email: 'clerk@demo.test', password: matrixPassword }),
  },
  'POST /api/auth/logout': {
    access: 'public',
    resource: 'none',
    request: () => body('POST', '/api/auth/logout'),
  },
  // Customers use this route for their own password: another organization's user answers as one that
  // does not exist (decision 0009); staff without the permission see the user and get 403.
  'PUT /api/auth/credentials/{userId}': {
    access: { permission: 'CustomerAddEdit' },
    resource: 'user',
    request: (t) => body('PUT', `/api/auth/credentials/${t.userId}`, { password: 'matrix-password-2' }),
    refusals: {
      otherCustomer: 404,
      why: 'customers may call it for their own password, so another organization’s user is not theirs to see',
    },
  },
  'GET /api/auth/me': { access: 'anyone', resource: 'none', request: () => get('/api/auth/me') },
  // Presence: the resource is a live connection, which only its own user may name (another's answers as
  // one that does not exist: 400 naming connectionId, the route's answer for an unknown id).
  'POST /api/PageViewing/JoinGroup': {
    access: 'staff',
    resource: 'connection',
    request: (_t, c) =>
      body('POST', '/api/PageViewing/JoinGroup', {
        connectionId: c.opsConnectionId,
        groupName: 'matrix',
        pageTitle: 'Matrix',
      }),
    refusals: {
      otherBroker: 400,
      why: 'an unknown or another user’s connection id answers 400 naming connectionId',
    },
  },
  'POST /api/PageViewing/LeaveGroup': {
    access: 'staff',
    resource: 'connection',
    request: (_t, c) =>
      body('POST', '/api/PageViewing/LeaveGroup', { connectionId: c.opsConnectionId, groupName: 'matrix' }),
    refusals: {
      otherBroker: 400,
      why: 'an unknown or another user’s connection id answers 400 naming connectionId',
    },
  },
  'GET /api/config': { access: 'public', resource: 'none', request: () => get('/api/config') },

  // ——— shipments ———
  // A customer names only its own organization: another is refused before any lookup, so nothing leaks.
  'POST /api/shipments': {
    access: 'customersAndStaff',
    resource: 'organization',
    request: (t) =>
      body('POST', '/api/shipments', {
        customerOrganizationId: t.organizationId,
        shipmentType: 1,
        stops: [
          { stopType: 'FirstPick', city: 'Toledo', state: 'OH', zipCode: '43604' },
          { stopType: 'LastDrop', city: 'Nashville', state: 'TN', zipCode: '37210' },
        ],
      }),
    // Columns named, so that the reader's saved choice (which the matrix changes too) does not matter.
    readBack: (t) =>
      get('/api/shipments', {
        customerOrganizationId: t.organizationId,
        pageSize: 100,
        columns: 'ShipmentId,CustomerName,Status',
      }),
    refusals: {
      otherCustomer: 403,
      otherBroker: 400,
      why:
        'a customer user may create shipments for its own organization only (any other id is refused before it is looked up); ' +
        "staff naming an organization that is not one of their broker's customers get 400 on customerOrganizationId, as for one that does not exist",
    },
  },
  'GET /api/shipments': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/shipments', { pageSize: 100 }),
  },
  'GET /api/shipments/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/shipments/${t.shipmentId}`),
  },
  'GET /api/shipments/export.csv': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/shipments/export.csv'),
  },
  'GET /api/shipments/accessorials': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/shipments/accessorials', { originZip: '45414', destinationZip: '60632' }),
  },
  'GET /api/shipments/customerTrends/{organizationId}': {
    access: 'customersAndStaff',
    resource: 'organization',
    request: (t) => get(`/api/shipments/customerTrends/${t.organizationId}`),
  },
  'GET /api/shipments/gridColumns': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/shipments/gridColumns'),
  },
  'PUT /api/shipments/gridColumns': {
    access: 'anyone',
    resource: 'none',
    request: () =>
      body('PUT', '/api/shipments/gridColumns', { columns: ['ShipmentId', 'Status', 'ShipDate'] }),
  },
  'DELETE /api/shipments/gridColumns': {
    access: 'anyone',
    resource: 'none',
    request: () => body('DELETE', '/api/shipments/gridColumns'),
  },
  'GET /api/ShipmentUpdateStatus/shipmentdetails/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/ShipmentUpdateStatus/shipmentdetails/${t.shipmentId}`),
  },
  'PUT /api/ShipmentUpdateStatus/updatestatus': {
    access: 'staff',
    resource: 'shipment',
    // The load's own status with a note and a pro number: a refused call that went through would show both.
    request: (t) =>
      body('PUT', '/api/ShipmentUpdateStatus/updatestatus', {
        shipmentId: t.shipmentId,
        status: t.tenant === 'rival' ? 5 : t.tenant === 'acme' ? 420 : 410,
        activity: 'matrix status note',
        proNumber: 'MATRIX123',
      }),
    readBack: (t) => get(`/api/shipments/${t.shipmentId}`),
  },
  // Whether another of the caller's broker's loads has this pro number: the rival asking about the demo
  // broker's numbers must learn nothing.
  'GET /api/ShipmentUpdateStatus/proNumberHasDuplicates': {
    access: 'staff',
    resource: 'none',
    request: () =>
      get('/api/ShipmentUpdateStatus/proNumberHasDuplicates', {
        carrierId: demoPro.carrier!.carrierMasterId,
        proNumber: demoPro.proNumber!,
      }),
    check: (caller, json) =>
      caller === 'rival' && json !== false
        ? 'tells another broker that the demo broker uses a pro number'
        : (caller === 'ops' || caller === 'admin') && json !== true
          ? "does not find the demo broker's own pro number (so the rival's false proves nothing)"
          : undefined,
  },
  'GET /api/ShipmentUpdateStatus/getTrackingLink/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/ShipmentUpdateStatus/getTrackingLink/${t.shipmentId}`),
  },
  'POST /api/creditHoldShipment/canUpdateTransitLegStatus': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/creditHoldShipment/canUpdateTransitLegStatus', {
        shipmentId: t.shipmentId,
        newtransitLegStatus: 300,
      }),
  },
  'GET /api/shipmentDomestic/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/shipmentDomestic/${t.shipmentId}`),
  },
  'GET /api/shipmentdomestic/shipmentbillto': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get('/api/shipmentdomestic/shipmentbillto', { shipmentId: t.shipmentId }),
  },
  'PUT /api/shipmentdomestic/shipmentbillto': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('PUT', '/api/shipmentdomestic/shipmentbillto', {
        shipmentId: t.shipmentId,
        companyName: 'Matrix Billing',
        streetAddress: '1 Matrix Way',
        city: 'Dayton',
        state: 'OH',
        zipCode: '45414',
        country: 'USA',
      }),
    readBack: (t) => get('/api/shipmentdomestic/shipmentbillto', { shipmentId: t.shipmentId }),
  },
  'DELETE /api/shipmentdomestic/shipmentBillTo/{shipmentId}': {
    access: 'staff',
    resource: 'shipment',
    request: (t) => body('DELETE', `/api/shipmentdomestic/shipmentBillTo/${t.shipmentId}`),
    readBack: (t) => get('/api/shipmentdomestic/shipmentbillto', { shipmentId: t.shipmentId }),
  },
  // A shipment's carrier (decision 0117). The allowed call names the carrier the load already has, so it
  // changes nothing the other entries read; the int test (carrier-assignment.test.ts) covers the change.
  'PUT /api/shipments/{shipmentId}/carrier': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('PUT', `/api/shipments/${t.shipmentId}/carrier`, {
        carrierMasterId: carrierOnRecord(t.shipmentId) ?? t.carrierMasterId,
      }),
    readBack: (t) => get(`/api/shipments/${t.shipmentId}`),
  },
  'GET /api/shipments/carrierChoices': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/shipments/carrierChoices', { search: 'old' }),
    check: (caller, json) => {
      const found = JSON.stringify(json).includes('car_demo_oldline');
      if (caller === 'rival' && found) return "offers the demo broker's carrier to another broker";
      if (caller === 'ops' && !found)
        return 'does not offer the demo broker’s own carrier (so the rival’s empty answer proves nothing)';
      return undefined;
    },
  },
  'GET /api/shipmentsearch/details/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/shipmentsearch/details/${t.shipmentId}`),
  },
  // A shipment number as the query: another broker's staff must not find it.
  'GET /api/universalSearch/shipments': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/universalSearch/shipments', { query: '10017' }),
    check: (caller, json) => {
      const found = JSON.stringify(json).includes('"shipmentId":"10017"');
      if (caller === 'rival' && found) return "finds the demo broker's shipment 10017 for another broker";
      if (caller === 'ops' && !found)
        return 'does not find the demo broker’s own shipment (so the rival’s empty answer proves nothing)';
      return undefined;
    },
  },
  'GET /api/shipmentAlerts/search': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/shipmentAlerts/search'),
  },
  'GET /api/shipmentAlerts/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/shipmentAlerts/${t.shipmentId}`),
  },

  // ——— tracking ———
  'GET /api/location': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/location', { zipCode: '45414' }),
  },
  'POST /api/location': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/location', { shipmentId: t.shipmentId, locationType: 10, zipCode: '43604' }),
    readBack: (t) => get(`/api/location/${t.shipmentId}`),
  },
  'GET /api/location/zipCodes': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/location/zipCodes', { zipCode: '45414' }),
  },
  'GET /api/location/searchZipCodes': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/location/searchZipCodes', { query: '4541' }),
  },
  'GET /api/location/validateZipCodes': {
    access: 'anyone',
    resource: 'none',
    request: () => get('/api/location/validateZipCodes', { originZip: '45414', destinationZip: '60632' }),
  },
  'GET /api/location/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/location/${t.shipmentId}`),
  },
  'GET /api/Lastlocation/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/Lastlocation/${t.shipmentId}`),
  },
  'GET /api/shipmentLocationsArchive/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/shipmentLocationsArchive/${t.shipmentId}`),
  },
  // A batch names each shipment it cannot find field by field (400), for one that does not exist too.
  'POST /api/location/checkCalls': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/location/checkCalls', {
        locations: [{ shipmentId: t.shipmentId, locationType: 10, zipCode: '43604' }],
      }),
    readBack: (t) => get(`/api/location/${t.shipmentId}`),
    refusals: {
      otherBroker: 400,
      why: 'a batch answers 400 naming `locations.N.shipmentId` "was not found", as for a shipment that does not exist',
    },
  },
  'GET /api/requestDriverLocation/getRequestDriverLocationModel/{shipmentId}': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) => get(`/api/requestDriverLocation/getRequestDriverLocationModel/${t.shipmentId}`),
  },
  'POST /api/requestDriverLocation': {
    access: 'customersAndStaff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/requestDriverLocation', {
        shipmentId: t.shipmentId,
        // a customer may text only the driver on record (000 §6); staff could name another number
        driverCellPhoneNumber: driverOnRecord(t.shipmentId) ?? '(555) 020-3999',
      }),
    readBack: () => get('/api/requestDriverLocation/textMessages'),
  },
  // The local text-message sink (development): each broker's staff see the texts about their own loads.
  'GET /api/requestDriverLocation/textMessages': {
    access: 'staff',
    resource: 'none',
    request: () => get('/api/requestDriverLocation/textMessages'),
    check: (caller, json) =>
      caller === 'rival' && Array.isArray(json) && json.length > 0
        ? `shows another broker ${json.length} text message(s) to the demo broker's drivers, one-use links included`
        : undefined,
  },
  // The driver's one-use link: public, the token is the key.
  'POST /driver-location/{token}': {
    access: 'public',
    resource: 'none',
    request: (_t, c) =>
      body('POST', `/driver-location/${c.driverToken}`, { latitude: 41.6, longitude: -83.5 }),
  },
  'POST /api/integrationsource/testtrackingfull': {
    access: 'staff',
    resource: 'shipment',
    request: (t) =>
      body('POST', '/api/integrationsource/testtrackingfull', {
        integrationSourceId: 1,
        shipmentId: t.shipmentId,
        proNumber: 'MATRIX123',
      }),
    readBack: (t) => get(`/api/location/${t.shipmentId}`),
  },
};
