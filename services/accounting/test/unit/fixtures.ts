// Shared pieces of the accounting unit tests.
import type { ChargeLine } from '../../src/domain/model.ts';

/** A charge line of Globex's load 10008 on no invoice and no bill, with the changes given. */
export const line = (over: Partial<ChargeLine>): ChargeLine => ({
  chargeLineId: 'chl_1',
  groupId: 'clg_1',
  shipmentId: 10008,
  brokerId: 'org_demo_broker',
  payerOrganizationId: 'org_demo_globex',
  chargeLineType: 'Linehaul',
  description: 'Linehaul',
  buyCents: 80000,
  sellCents: 100000,
  billingStatus: 'Ready',
  invoiceStatus: 3,
  invoiceId: null,
  billId: null,
  carrierMasterId: 'car_demo_oldline',
  carrierMasterName: 'Old Line Freight',
  vendorOrganizationId: null,
  vendorName: null,
  version: 1,
  ...over,
});
