import { ShipmentStatus, ShipmentType } from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import { listItem } from '../../test/fixtures.ts';
import { cellText, DEFAULT_GRID_COLUMNS, orderedChoice, sortKeyOf } from './gridColumns.ts';
import { lastLocationLine, trackingEnabled } from './lastLocation.ts';
import { proNumberReferenceCode, referenceValue } from './references.ts';
import { shipmentPath } from './shipmentRoutes.ts';

const T = ShipmentType.values;

describe('opening a shipment (000 §2)', () => {
  const back = { office: 'backOffice' as const };
  it('goes by type in the back office', () => {
    expect(shipmentPath({ shipmentId: 10001, shipmentType: T.LTL }, back)).toBe(
      '/back-office/shipment/shipment-details/10001',
    );
    expect(shipmentPath({ shipmentId: 10006, shipmentType: T.Drayage }, back)).toBe(
      '/back-office/shipment/shipment-details/10006',
    );
    expect(shipmentPath({ shipmentId: 10008, shipmentType: T.AirHouse }, back)).toBe(
      '/Backoffice/ShipmentInternational#/Details/10008',
    );
    expect(shipmentPath({ shipmentId: 1, shipmentType: T.Other }, back)).toBe(
      '/BackOffice/ShipmentSearch#/1',
    );
    expect(shipmentPath({ shipmentId: 1, shipmentType: 0 }, back)).toBe('/BackOffice/ShipmentSearch#/1');
  });

  it('the ocean page only with its feature flag', () => {
    const ocean = { shipmentId: 10007, shipmentType: T.Ocean };
    expect(shipmentPath(ocean, back)).toBe('/Backoffice/ShipmentInternational#/Details/10007');
    expect(shipmentPath(ocean, { ...back, oceanPageEnabled: true })).toBe(
      '/back-office/shipment/international-ocean/details/10007',
    );
    expect(
      shipmentPath({ shipmentId: 9, shipmentType: T.AirHouse }, { ...back, oceanPageEnabled: true }),
    ).toBe('/Backoffice/ShipmentInternational#/Details/9');
  });

  it("a customer opens its shipment's read-only page", () => {
    expect(shipmentPath({ shipmentId: 10001, shipmentType: T.Ocean }, { office: 'frontOffice' })).toBe(
      '/front-office/shipments/10001',
    );
  });
});

describe('grid columns (002 §3.11)', () => {
  it("defaults to the first 14 columns, the pro number in column 9's place", () => {
    expect(DEFAULT_GRID_COLUMNS).toEqual([
      'ShipmentId',
      'CustomerName',
      'ShipDate',
      'DeliveryDate',
      'FromCity',
      'FromState',
      'ToCity',
      'ToState',
      'CarrierName',
      'ProNumber',
      'TariffName',
      'Alerts',
      'Status',
      'LastOpsUpdate',
    ]);
  });

  it('keeps a choice in the grid order, without unknown codes', () => {
    const available = [{ code: 'ShipmentId' }, { code: 'CustomerName' }, { code: 'Status' }];
    expect(orderedChoice(available, ['Status', 'ShipmentId', 'Nope'])).toEqual(['ShipmentId', 'Status']);
  });

  it('sorts by the columns the service can sort by', () => {
    expect(sortKeyOf({ code: 'ShipmentId', sortable: true })).toBe('ShipmentId');
    expect(sortKeyOf({ code: 'TariffName', sortable: false })).toBeUndefined();
  });

  it('formats cells', () => {
    const item = listItem({
      status: ShipmentStatus.values.Ready,
      alerts: [265],
      shipDate: '2026-11-24T08:00:00',
      deliveryDate: null,
      proNumber: 'OLFT100001',
      totalWeight: 12500,
      cells: {
        ServiceLevel: 100,
        OriginZip: '45414',
        PickupReady: '2026-11-24T08:05:00',
        TotalStopCount: 2,
        DriverCellPhoneNumber: '5550203004x2',
      },
    });
    expect(cellText(item, 'ShipmentId')).toBe('10001');
    expect(cellText(item, 'ShipDate')).toBe('11/24/2026');
    expect(cellText(item, 'DeliveryDate')).toBe('');
    expect(cellText(item, 'ProNumber')).toBe('OLFT100001');
    expect(cellText(item, 'Alerts')).toBe('Hold');
    expect(cellText(item, 'Status')).toBe('Ready');
    expect(cellText(item, 'TotalWeight')).toBe('12,500 lbs');
    expect(cellText(item, 'OriginZip')).toBe('45414');
    expect(cellText(item, 'ServiceLevel')).toBe('Standard Truckload');
    expect(cellText(item, 'PickupReady')).toBe('11/24/2026 08:05');
    expect(cellText(item, 'TotalStopCount')).toBe('2');
    expect(cellText(item, 'QuoteDueDate')).toBe('');
    // 001 §5 phone display (issue 14 item 13)
    expect(cellText(item, 'DriverCellPhoneNumber')).toBe('(555) 020-3004 ext 2');
  });
});

describe('last known location (000 §3)', () => {
  it('shows the location with its time, else a fallback by whether tracking is on', () => {
    expect(
      lastLocationLine({ locationStringFull: 'Dayton, OH', locationDateTime: '2026-11-24T14:30:00' }, false),
    ).toEqual({
      text: 'Dayton, OH',
      time: '11/24 14:30 PM',
      known: true,
    });
    expect(lastLocationLine(null, true).text).toBe('No Location Data Available');
    expect(lastLocationLine({ locationStringFull: '', locationDateTime: null }, false).text).toBe(
      'No Location Tracking Available',
    );
    const tariff = {
      integrationEnableAPITracking: false,
      integrationSourceId: null,
      trackingIntegrationEnableAPITracking: true,
      trackingIntegrationSourceId: 3,
    };
    expect(trackingEnabled({ shipmentTransitlegTariff: tariff })).toBe(true);
    expect(trackingEnabled(null)).toBe(false);
  });
});

describe('references (000 §3)', () => {
  it('the pro number of a leg by its type; values by leg, else the shipment', () => {
    expect(proNumberReferenceCode(0)).toBe('PickupCarrierProNumber');
    expect(proNumberReferenceCode(2)).toBe('DeliveryCarrierProNumber');
    expect(proNumberReferenceCode(1)).toBe('LinehaulCarrierProNumber');
    expect(proNumberReferenceCode(3)).toBe('LinehaulCarrierProNumber');
    const refs = [
      {
        referenceId: 'r1',
        referenceType: null,
        referenceTypeCode: 'DriverName',
        transitLegId: 'leg_0',
        value: 'Pat',
      },
      {
        referenceId: 'r2',
        referenceType: null,
        referenceTypeCode: 'DriverName',
        transitLegId: 'leg_1',
        value: 'Dana',
      },
      {
        referenceId: 'r3',
        referenceType: 2,
        referenceTypeCode: 'PONumber',
        transitLegId: null,
        value: 'PO-1',
      },
    ];
    expect(referenceValue(refs, 'DriverName', 'leg_1')).toBe('Dana');
    expect(referenceValue(refs, 'DriverName', 'leg_9')).toBe('');
    expect(referenceValue(refs, 'PONumber', 'leg_1')).toBe('PO-1');
    expect(referenceValue(refs, 'DriverName')).toBe('Pat');
  });
});
