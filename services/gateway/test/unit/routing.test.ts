// The one routing table: the spec's paths to their owners, case-insensitive, longest prefix wins.

import { subjects } from '@loadline/contracts/events';
import { describe, expect, it } from 'vitest';
import { liveDeliveries, liveDelivery } from '../../src/domain/live-events.ts';
import { ownerOf } from '../../src/domain/routing.ts';

describe('routing table', () => {
  const cases: [string, string | undefined][] = [
    ['/api/organizations', 'directory'],
    ['/api/users/usr_1', 'directory'],
    ['/api/brokerStaff/typeahead?query=om', 'directory'],
    ['/api/universalSearch/staff?query=omar', 'directory'],
    ['/api/universalSearch/shipments?query=10001', 'shipments'],
    ['/api/universalSearch/carriers?query=old line', 'carriers'],
    ['/api/ShipmentUpdateStatus/updatestatus', 'shipments'],
    ['/api/shipmentupdatestatus/UPDATESTATUS', 'shipments'],
    ['/api/ShipmentUpdateStatus/getOperationNotes/10001', 'activity'],
    ['/api/ShipmentUpdateStatus/getTrackingLink/10001', 'shipments'],
    ['/api/brokerCarrier/12/0', 'carriers'],
    ['/api/brokercarrier/carrierScore/12', 'carriers'],
    ['/api/brokercarrieractivityLog', 'activity'],
    ['/Files/Download?s=1', 'attachments'],
    ['/files/Attachment?i=1', 'attachments'],
    ['/Order/Terminals?shipment=1', 'carriers'],
    ['/api/location/zipCodes?zipCode=60601', 'tracking'],
    ['/api/Lastlocation/10001', 'tracking'],
    ['/api/location/searchZipCodes?query=606', 'tracking'],
    ['/driver-location/drq_1.abc', 'tracking'],
    ['/Driver-Location/drq_1.abc', 'tracking'],
    ['/api/creditHoldShipment/canUpdateTransitLegStatus', 'shipments'],
    // accounting (issue 16)
    ['/api/accountingsynchistory/CreateInvoice', 'accounting'],
    ['/api/accountingSummary/transitChargeline/chl_1', 'accounting'],
    ['/api/accountingsync/preview/invoices?getFailed=true', 'accounting'],
    ['/api/PaymentGateway/chargeCustomerProfile', 'accounting'],
    ['/api/customerorder/defaultCreditCardProcessingFee/org_demo_globex', 'accounting'],
    ['/api/organization/billToOrganizations', 'accounting'],
    ['/api/organization/openInvoiceOrganizations', 'accounting'],
    ['/api/organization/invoiceNotification', 'attachments'],
    ['/api/progressTracker/GetProgress/?traceLogId=trc_1&trackerType=AccountingSync', 'accounting'],
    ['/api/organizationsX', undefined],
    ['/api/nothing', undefined],
  ];
  for (const [path, owner] of cases) {
    it(`${path} → ${owner ?? 'nobody'}`, () => {
      expect(ownerOf(path)).toBe(owner);
    });
  }
});

describe("live events (the hub's allow-list)", () => {
  it("pushes a location added to the shipment's group within its broker and its customer, ids kept out of the data", () => {
    const delivery = liveDelivery(subjects.locationAdded, {
      locationId: 7,
      shipmentId: 10017,
      brokerId: 'org_demo_broker',
      customerOrganizationId: 'org_demo_acme',
      locationStringFull: 'Joliet, IL 60435',
    });
    expect(delivery).toEqual({
      brokerId: 'org_demo_broker',
      groups: ['10017'],
      customerOrganizationId: 'org_demo_acme',
      data: { locationId: 7, shipmentId: 10017, locationStringFull: 'Joliet, IL 60435' },
    });
    expect(liveDelivery(subjects.locationAdded, { shipmentId: 10017 })).toBeUndefined();
    expect(
      liveDelivery(subjects.shipmentStatusChanged, { shipmentId: 10017, brokerId: 'b' }),
    ).toBeUndefined();
  });

  it('pushes each location of a batch (locations.added) as its own location.added, each to its shipment', () => {
    const location = (locationId: number, shipmentId: number, customerOrganizationId: string) => ({
      locationId,
      shipmentId,
      brokerId: 'org_demo_broker',
      customerOrganizationId,
      locationStringFull: `place ${locationId}`,
    });
    const deliveries = liveDeliveries(subjects.locationsAdded, {
      locations: [
        location(1, 10017, 'org_demo_acme'),
        { shipmentId: 10017 },
        location(2, 10002, 'org_demo_globex'),
      ],
    });
    expect(deliveries).toEqual([
      {
        subject: subjects.locationAdded,
        brokerId: 'org_demo_broker',
        groups: ['10017'],
        customerOrganizationId: 'org_demo_acme',
        data: { locationId: 1, shipmentId: 10017, locationStringFull: 'place 1' },
      },
      {
        subject: subjects.locationAdded,
        brokerId: 'org_demo_broker',
        groups: ['10002'],
        customerOrganizationId: 'org_demo_globex',
        data: { locationId: 2, shipmentId: 10002, locationStringFull: 'place 2' },
      },
    ]);
    expect(liveDeliveries(subjects.locationsAdded, { locations: 'none' })).toEqual([]);
  });
});
