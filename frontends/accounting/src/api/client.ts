// The calls of this remote, through the shell's one gateway client (useApi): same origin, cookies, the
// no-cache headers, 401 handling. Its type is widened to the accounting service's generated paths.
import { type ApiClient, type GatewayPaths, outcomeOf, useRemoteApi } from '@loadline/ui';
import { useMemo } from 'react';
import type {
  ChargeLineUpdate,
  ChargeRequest,
  CommissionUpdate,
  InvoiceRequest,
  NewChargeLine,
  NewCommission,
  NewGroup,
  NewPaymentProfile,
  RemotePaths,
  SyncOptions,
} from './types.ts';

export type AccountingClient = ApiClient<GatewayPaths & RemotePaths>;

/** The four previews of the sync page (001 §7), by the path's last segment. */
export type SyncKind = 'invoices' | 'invoicepayments' | 'bills' | 'billpayments';

/** The calls of 001 §7 this remote makes, each answering an Outcome; the screens pick the catalogue's texts. */
export const accountingCalls = (client: AccountingClient) => ({
  creditInfo: (organizationId: string) =>
    outcomeOf(
      client.GET('/api/accountingSummary/creditInfo/{organizationId}', {
        params: { path: { organizationId } },
      }),
    ),
  summary: (shipmentId: number) =>
    outcomeOf(client.GET('/api/accountingSummary/{shipmentId}', { params: { path: { shipmentId } } })),
  /** 001 §7: the inline editor's PUT of the whole model; the answer replaces the model. */
  saveChargeLine: (body: ChargeLineUpdate) =>
    outcomeOf(client.PUT('/api/accountingSummary/transitChargeline', { body })),
  /** The payer of a group of charge lines (another payer organization: 001 §7's organization select picks it). */
  /** A new charge line in a payer's group (POST transitChargeline): answers the line, with its locks. */
  addChargeLine: (body: NewChargeLine) =>
    outcomeOf(client.POST('/api/accountingSummary/transitChargeline', { body })),
  deleteChargeLine: (id: string) =>
    outcomeOf(client.DELETE('/api/accountingSummary/transitChargeline/{id}', { params: { path: { id } } })),
  /** Another payer on the shipment (a charge line group). */
  addGroup: (body: NewGroup) =>
    outcomeOf(client.POST('/api/accountingSummary/insertChargeLineGroupOrganization', { body })),
  changePayer: (groupId: string, payerOrganizationId: string) =>
    outcomeOf(
      client.PUT('/api/accountingSummary/updateChargeLineGroupOrganization', {
        body: { groupId, payerOrganizationId },
      }),
    ),
  /** Commissions (decision 0057): add (Commissions Admin); the whole commission with a new status (Approve, Decline, Reopen). */
  addCommission: (body: NewCommission) =>
    outcomeOf(client.POST('/api/accountingSummary/commission', { body })),
  saveCommission: (body: CommissionUpdate) =>
    outcomeOf(client.PUT('/api/accountingSummary/commission', { body })),
  deleteCommission: (id: string) =>
    outcomeOf(client.DELETE('/api/accountingSummary/commission/{id}', { params: { path: { id } } })),
  createInvoice: (body: InvoiceRequest) =>
    outcomeOf(client.PUT('/api/accountingsynchistory/CreateInvoice', { body })),
  /** The back office's statement: the attachments service mails the organization its open invoices (001 §7). */
  sendStatement: (organizationId: string, invoiceIds: string[]) =>
    outcomeOf(client.POST('/api/organization/invoiceNotification', { body: { organizationId, invoiceIds } })),
  openInvoices: (organizationId: string) =>
    outcomeOf(
      client.GET('/api/accountingSummary/invoices', {
        params: { query: { organizationId, openOnly: true, pageSize: 200 } },
      }),
    ),
  paymentGateway: (orgId: string) =>
    outcomeOf(client.GET('/api/PaymentGateway/getPaymentGateway/{orgId}', { params: { path: { orgId } } })),
  createPaymentProfile: (body: NewPaymentProfile) =>
    outcomeOf(client.POST('/api/PaymentGateway/createCustomerPaymentProfile', { body })),
  /** The payer's saved cards and bank accounts (404 while it has no profile at the gateway). */
  customerProfile: (payerOrganizationId: string) =>
    outcomeOf(client.POST('/api/PaymentGateway/getCustomerProfile', { body: { payerOrganizationId } })),
  deletePaymentProfile: (payerOrganizationId: string, creditCardGatewayPaymentProfileId: string) =>
    outcomeOf(
      client.POST('/api/PaymentGateway/deleteCustomerPaymentProfile', {
        body: { payerOrganizationId, creditCardGatewayPaymentProfileId },
      }),
    ),
  charge: (body: ChargeRequest) =>
    outcomeOf(client.POST('/api/PaymentGateway/chargeCustomerProfile', { body })),
  preview: (kind: SyncKind, getFailed: boolean) => {
    const query = { params: { query: { getFailed } } };
    switch (kind) {
      case 'invoices':
        return outcomeOf(client.GET('/api/accountingsync/preview/invoices', query));
      case 'invoicepayments':
        return outcomeOf(client.GET('/api/accountingsync/preview/invoicepayments', query));
      case 'bills':
        return outcomeOf(client.GET('/api/accountingsync/preview/bills', query));
      default:
        return outcomeOf(client.GET('/api/accountingsync/preview/billpayments', query));
    }
  },
  createTracker: () => outcomeOf(client.GET('/api/accountingsync/CreateTracker')),
  runSync: (body: SyncOptions) => outcomeOf(client.POST('/api/accountingsync/runSync', { body })),
  testConnection: () => outcomeOf(client.GET('/api/accountingsync/testConnection')),
});

export type AccountingCalls = ReturnType<typeof accountingCalls>;

/** The calls, made once per client (stable across renders, so effects can depend on them). */
export function useAccountingCalls(): AccountingCalls {
  const client = useRemoteApi<RemotePaths>();
  return useMemo(() => accountingCalls(client), [client]);
}
