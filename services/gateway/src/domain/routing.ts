// The one routing table: which service owns each of the spec's paths (DESIGN.md, "Who owns
// what"). Matched case-insensitively, because the spec mixes cases (/api/brokerCarrier and
// /api/brokercarrier are the same route). The longest matching prefix wins, so
// /api/ShipmentUpdateStatus/getOperationNotes goes to activity while the rest of
// /api/ShipmentUpdateStatus goes to shipments.

export type ServiceName =
  | 'directory'
  | 'shipments'
  | 'tracking'
  | 'activity'
  | 'attachments'
  | 'carriers'
  | 'accounting';

export const routingTable: Readonly<Record<string, ServiceName>> = {
  // directory
  '/api/organizations': 'directory',
  '/api/users': 'directory',
  '/api/featureflags': 'directory',
  '/api/brokerstaff': 'directory',
  '/api/systemalerts': 'directory',
  '/api/support': 'directory',
  '/api/universalsearch/organizations': 'directory',
  '/api/universalsearch/staff': 'directory',
  '/api/staff': 'directory',
  '/api/email': 'directory',
  // shipments
  '/api/shipments': 'shipments',
  '/api/shipmentupdatestatus': 'shipments',
  '/api/shipmentdomestic': 'shipments',
  '/api/shipmentsearch': 'shipments',
  '/api/shipmentalerts': 'shipments',
  '/api/universalsearch/shipments': 'shipments',
  // issue 3: the tracking link and the credit-hold check are the shipments service's
  '/api/creditholdshipment': 'shipments',
  // tracking
  '/api/location': 'tracking',
  '/api/lastlocation': 'tracking',
  '/api/shipmentlocationsarchive': 'tracking',
  '/api/requestdriverlocation': 'tracking',
  '/api/integrationsource': 'tracking',
  '/api/truckloadtrackingstatusrequest': 'tracking',
  '/api/shipmentmanagement/emailtrackingstatusrequest': 'tracking',
  // issue 4: the driver's one-time page, public (no session; the link's token is the key)
  '/driver-location': 'tracking',
  // activity
  '/api/activitylog': 'activity',
  '/api/shipmentactivitylog': 'activity',
  '/api/shipmentactivitylogarchive': 'activity',
  '/api/consolidation/activity': 'activity',
  '/api/organizationactivitylog': 'activity',
  '/api/brokercarrieractivitylog': 'activity',
  '/api/stafffavorites': 'activity',
  '/api/shipmentupdatestatus/getoperationnotes': 'activity',
  '/api/emailautomationlog': 'activity',
  // attachments
  '/api/files': 'attachments',
  '/files': 'attachments',
  '/api/documentsender': 'attachments',
  '/api/organization/invoicenotification': 'attachments',
  '/api/invoicedelivery': 'attachments',
  '/api/externaldocumentlist': 'attachments',
  '/api/addexternaldocumenttoshipment': 'attachments',
  '/api/contenttemplates': 'attachments',
  '/api/getbycontenttemplatetypedefaultmaster': 'attachments',
  // carriers
  '/api/brokercarrier': 'carriers',
  '/api/brokercarrierportallink': 'carriers',
  '/api/carriercompliance': 'carriers',
  '/api/universalsearch/carriers': 'carriers',
  '/order': 'carriers',
  // accounting
  '/api/accountingsynchistory': 'accounting',
  '/api/accountingsummary': 'accounting',
  '/api/accountingsync': 'accounting',
  '/api/paymentgateway': 'accounting',
  '/api/customerorder': 'accounting',
  // the organization select's payer lists (001 §7): accounting owns payers and their invoices
  '/api/organization/billtoorganizations': 'accounting',
  '/api/organization/openinvoiceorganizations': 'accounting',
  // the product's one progress tracker (decision 0051): the platform's routes, served by accounting
  '/api/progresstracker': 'accounting',
};

const prefixes = Object.keys(routingTable).sort((a, b) => b.length - a.length);

/** The service that owns a request path, or undefined when no service does. */
export function ownerOf(path: string): ServiceName | undefined {
  const lower = (path.split('?')[0] ?? '').toLowerCase();
  for (const prefix of prefixes) {
    if (lower === prefix || lower.startsWith(`${prefix}/`)) return routingTable[prefix];
  }
  return undefined;
}
