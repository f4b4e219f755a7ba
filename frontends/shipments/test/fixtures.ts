// Test data in the shapes of the generated contract (contracts/types/shipments.ts), shared by the remote's
// component and page tests.
import {
  DomesticShipmentGridColumn,
  DomesticShipmentGridDefaultColumns,
  ShipmentStatus,
  ShipmentType,
} from '@loadline/contracts';
import { HttpResponse, http } from 'msw';
import type {
  GridColumn,
  Shipment,
  ShipmentListItem,
  StatusDetails,
  StatusUpdateAnswer,
} from '../src/api/types.ts';

const S = ShipmentStatus.values;

export function statusDetails(over: Partial<StatusDetails> = {}): StatusDetails {
  return {
    shipmentId: 10002,
    status: S.Committed,
    shipmentType: ShipmentType.values.Truckload,
    transitDays: 1,
    weightUnit: 0,
    totalWeight: 12_000,
    dimensionUnit: 0,
    brokerId: 'org_demo_broker',
    originBaseUTCOffset: -5,
    lockdownMarketplaceBuyer: false,
    shipmentAlertTypes: [],
    activeTransitLeg: {
      transitLegId: 'leg_1',
      status: S.Committed,
      transitType: 1,
      carrierMasterId: 'car_demo_oldline',
      carrierMasterName: 'Old Line Freight',
      carrierPhone: '(555) 010-2001',
      serviceLevel: null,
      scac: 'OLFT',
      trackingUrl: 'https://track.oldline.example/shipments',
      shipmentTransitlegTariff: {
        integrationEnableAPITracking: false,
        integrationSourceId: null,
        trackingIntegrationEnableAPITracking: false,
        trackingIntegrationSourceId: null,
      },
    },
    shipmentTransitStops: [
      {
        stopId: 'stp_1',
        stopType: 'FirstPick',
        sequence: 1,
        companyName: 'Acme Plant 2',
        streetAddress: '4100 Industrial Pkwy',
        streetAddressTwo: null,
        city: 'Dayton',
        state: 'OH',
        zipCode: '45414',
        country: 'USA',
        scheduledReadyDateTime: '2099-11-24T08:00:00',
        scheduledCloseDateTime: '2099-11-24T16:00:00',
        appointmentReadyDateTime: null,
        appointmentEndDateTime: null,
        actualArrivalDateTime: null,
        actualDepartureDateTime: null,
      },
      {
        stopId: 'stp_2',
        stopType: 'LastDrop',
        sequence: 2,
        companyName: 'Midwest Distribution',
        streetAddress: '880 Commerce Dr',
        streetAddressTwo: null,
        city: 'Chicago',
        state: 'IL',
        zipCode: '60632',
        country: 'USA',
        scheduledReadyDateTime: '2099-11-25T08:00:00',
        scheduledCloseDateTime: '2099-11-25T16:00:00',
        appointmentReadyDateTime: null,
        appointmentEndDateTime: null,
        actualArrivalDateTime: null,
        actualDepartureDateTime: null,
      },
    ],
    shipmentTransitReferenceNumbers: [
      {
        referenceId: 'ref_1',
        referenceType: null,
        referenceTypeCode: 'DriverName',
        transitLegId: 'leg_1',
        value: 'Dana Reyes',
      },
    ],
    suggestedStatuses: { previous: S.Quote, next: S.Ready, other: S.Dispatched },
    manualStatuses: [
      S.Quote,
      S.Committed,
      S.Ready,
      S.Sent,
      S.Dispatched,
      S.InTransit,
      S.OutForDelivery,
      S.Delivered,
    ],
    allowedStatuses: [S.Quote, S.Ready, S.Sent, S.Dispatched, S.InTransit, S.OutForDelivery, S.Delivered],
    canCancel: true,
    ...over,
  };
}

export function updateAnswer(over: Partial<StatusUpdateAnswer> = {}): StatusUpdateAnswer {
  return {
    shipmentStatus: S.Ready,
    transitLegStatus: S.Ready,
    status: S.Ready,
    activityCreatedDate: null,
    activityDescription: null,
    activityCreatedBy: null,
    noAccountingInvoice: false,
    actualArrivalDateTime: null,
    actualDepartureDateTime: null,
    voidedInsuranceCertificate: false,
    shipmentDispatchTried: false,
    shipmentDispatched: false,
    shipmentDispatchErrors: [],
    ...over,
  };
}

export function shipment(over: Partial<Shipment> = {}): Shipment {
  const details = statusDetails();
  const leg = details.activeTransitLeg;
  return {
    shipmentId: 10001,
    status: S.Ready,
    shipmentType: ShipmentType.values.LTL,
    transitDays: 1,
    weightUnit: 0,
    totalWeight: 12_500,
    dimensionUnit: 0,
    totalHandlingUnits: 4,
    brokerId: 'org_demo_broker',
    customerOrganizationId: 'org_demo_acme',
    customerName: 'Acme Manufacturing',
    originBaseUTCOffset: -5,
    lockdownMarketplaceBuyer: false,
    lostQuote: false,
    noAccountingInvoice: false,
    shipmentAlertTypes: [],
    carrierChangeRefusal: null,
    alerts: [],
    commodities: [],
    accessorials: [],
    specialInstructions: null,
    consolidationParentId: null,
    consolidationChildIds: [],
    createdBy: 'Olivia Ops',
    createdDate: '2026-11-20T15:00:00.000Z',
    lastOpsUpdate: '2026-11-22T15:00:00.000Z',
    version: 3,
    transitLegs: leg
      ? [
          {
            transitLegId: leg.transitLegId,
            active: true,
            sequence: 1,
            status: S.Ready,
            transitType: leg.transitType,
            carrierMasterId: leg.carrierMasterId,
            carrierMasterName: leg.carrierMasterName,
            carrierPhone: leg.carrierPhone,
            serviceLevel: null,
            scac: leg.scac,
            trackingUrl: leg.trackingUrl,
            integrationEnableAPITracking: false,
            integrationSourceId: null,
            trackingIntegrationEnableAPITracking: false,
            trackingIntegrationSourceId: null,
          },
        ]
      : [],
    stops: details.shipmentTransitStops,
    referenceNumbers: [
      ...details.shipmentTransitReferenceNumbers,
      {
        referenceId: 'ref_2',
        referenceType: 2,
        referenceTypeCode: 'PONumber',
        transitLegId: null,
        value: 'PO-70000',
      },
    ],
    billTo: {
      shipmentId: 10001,
      transitLegId: null,
      companyName: 'Acme Manufacturing — Accounts Payable',
      streetAddress: '1 Acme Way',
      streetAddressTwo: null,
      city: 'Kansas City',
      state: 'MO',
      zipCode: '64120',
      country: 'USA',
    },
    ...over,
  };
}

/** A grid column as the service describes it (names from the catalogue; ProNumber is the service's). */
export function gridColumn(code: string): GridColumn {
  const entry = DomesticShipmentGridColumn.fromCode(code);
  return {
    code,
    name: entry?.name ?? 'Pro Number',
    value: entry?.value ?? null,
    sortable: code !== 'TariffName' && code !== 'Alerts',
    filled: code !== 'TariffName',
  };
}

export const defaultGridColumns: GridColumn[] = DomesticShipmentGridDefaultColumns.map(gridColumn);
export const allGridColumns: GridColumn[] = [...DomesticShipmentGridColumn.codes, 'ProNumber'].map(
  gridColumn,
);

export function listItem(over: Partial<ShipmentListItem> = {}): ShipmentListItem {
  const item = {
    shipmentId: 10001,
    shipmentType: ShipmentType.values.LTL,
    status: S.Quote as number,
    alerts: [] as number[],
    carrierName: null as string | null,
    customerName: 'Acme Manufacturing',
    customerOrganizationId: 'org_demo_acme',
    shipDate: '2026-11-28' as string | null,
    deliveryDate: '2026-11-30' as string | null,
    fromCity: 'Dayton',
    fromState: 'OH',
    toCity: 'Chicago',
    toState: 'IL',
    lastOpsUpdate: '2026-11-22T15:00:00.000Z',
    proNumber: null as string | null,
    totalWeight: 400 as number | null,
    transitDays: 1 as number | null,
    weightUnit: 0,
    ...over,
  };
  return {
    ...item,
    cells: {
      ShipmentId: item.shipmentId,
      CustomerName: item.customerName,
      ShipDate: item.shipDate,
      DeliveryDate: item.deliveryDate,
      FromCity: item.fromCity,
      FromState: item.fromState,
      ToCity: item.toCity,
      ToState: item.toState,
      CarrierName: item.carrierName,
      ProNumber: item.proNumber,
      TariffName: null,
      Alerts: item.alerts,
      Status: item.status,
      LastOpsUpdate: item.lastOpsUpdate,
      TotalWeight: item.totalWeight,
      ...over.cells,
    },
  };
}

export const notFound = () =>
  HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not found.' }, { status: 404 });

/** The edit-status modal's calls with ordinary answers; a test overrides what it is about. */
export function editStatusHandlers(details: StatusDetails = statusDetails()) {
  return [
    http.get('*/api/ShipmentUpdateStatus/shipmentdetails/:id', () => HttpResponse.json(details)),
    http.get('*/api/Lastlocation/:id', notFound),
    http.post('*/api/creditHoldShipment/canUpdateTransitLegStatus', () => HttpResponse.json(true)),
    http.put('*/api/ShipmentUpdateStatus/updatestatus', () => HttpResponse.json(updateAnswer())),
  ];
}
