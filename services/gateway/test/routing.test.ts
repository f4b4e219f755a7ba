// The one routing table: the spec's paths to their owners, case-insensitive, longest prefix wins.
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../src/domain/routing.ts';

describe('routing table', () => {
  const cases: [string, string | undefined][] = [
    ['/api/organizations', 'directory'],
    ['/api/users/usr_1', 'directory'],
    ['/api/brokerStaff/typeahead?query=om', 'directory'],
    ['/api/universalSearch/staff?query=omar', 'directory'],
    ['/api/universalSearch/shipments?query=10001', 'shipments'],
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
    ['/api/creditHoldShipment/canUpdateTransitLegStatus', 'shipments'],
    ['/api/organizationsX', undefined],
    ['/api/nothing', undefined],
  ];
  for (const [path, owner] of cases) {
    it(`${path} → ${owner ?? 'nobody'}`, () => {
      expect(ownerOf(path)).toBe(owner);
    });
  }
});
