// Test data in the shapes of the generated contract (contracts/types/carriers.ts), shared by the remote's
// component tests, and msw handlers answering like the carriers service.
import { HttpResponse, http } from 'msw';
import type {
  AuditQuestion,
  CarrierCompliance,
  CarrierDetails,
  CarrierScore,
  MasterStateRegions,
  ShipmentAudits,
} from '../src/api/types.ts';

export function compliance(over: Partial<CarrierCompliance> = {}): CarrierCompliance {
  return {
    carrierMasterId: 'car_demo_summit',
    brokerCarrierId: 'bcr_demo_summit',
    inCompliance: false,
    reasons: [{ code: 'InsuranceExpired', message: "The carrier's insurance has expired." }],
    insuranceStatus: 'Expired',
    insuranceStatusName: 'Expired',
    insuranceState: 'Expired',
    brokerCarrierStatus: 1,
    brokerCarrierStatusName: 'Enabled',
    authority: 1,
    authorityName: 'Active',
    dotStatus: 1,
    dotStatusName: 'Active',
    tsaCompliance: 0,
    tsaComplianceName: 'Non Compliant',
    carrierRating: 'Conditional',
    carrierRatingName: 'Conditional',
    mcNumber: 'MC-590264',
    dotNumber: '1987342',
    asOf: '2026-11-23',
    ...over,
  };
}

export function details(over: Partial<CarrierDetails> = {}): CarrierDetails {
  return {
    carrierMasterId: 'car_demo_summit',
    carrierMasterName: 'Summit Carriers',
    scac: 'SMCR',
    phone: null,
    email: 'dispatch@summit-carriers.example',
    mcNumber: 'MC-590264',
    dotNumber: '1987342',
    city: 'Denver',
    state: 'CO',
    zipCode: '80216',
    brokerId: 'org_demo_broker',
    brokerCarrierId: 'bcr_demo_summit',
    status: 1,
    statusName: 'Enabled',
    favorite: false,
    inherited: false,
    hasPortalLink: false,
    starScore: 2.5,
    totalAuditCount: 16,
    brokerCarrierInsurances: [
      {
        brokerCarrierInsuranceId: 'ins_demo_summit_cargo',
        insuranceType: 'Cargo',
        insurerName: 'Front Range Insurance',
        policyNumber: 'FR-55103',
        coverageAmount: 100000,
        expirationDate: '2027-03-23',
        insuranceStatus: 'Current',
        insuranceStatusName: 'Current',
        insuranceState: 'Pass',
      },
    ],
    contacts: [
      {
        contactId: 'cct_1',
        contactType: 'Dispatcher',
        contactTypeName: 'Dispatcher',
        name: 'Owen Bright',
        phone: null,
        email: 'dispatch@summit-carriers.example',
      },
    ],
    brokerCarrierPreferredRegions: [
      { regionId: 256, regionName: 'Rocky Mountain', type: 3, typeName: 'Both' },
      { regionId: 512, regionName: 'Pacific Coast', type: 1, typeName: 'Inbound' },
    ],
    complianceInfo: compliance(),
    canEdit: false,
    ...over,
  };
}

export function score(over: Partial<CarrierScore> = {}): CarrierScore {
  return {
    carrierMasterId: 'car_demo_summit',
    totalAuditCount: 3,
    pickupAuditCount: 2,
    deliveryAuditCount: 1,
    starScore: 4,
    actualScore: 3.83,
    pickupStarScore: 3.5,
    actualPickupScore: 3.25,
    deliveryStarScore: 5,
    actualDeliveryScore: 5,
    ...over,
  };
}

export const masterRegions: MasterStateRegions = {
  regions: [
    { regionId: 1, code: 'NewEngland', name: 'New England', states: [{ code: 'ME', name: 'Maine' }] },
    {
      regionId: 256,
      code: 'RockyMountain',
      name: 'Rocky Mountain',
      states: [
        { code: 'CO', name: 'Colorado' },
        { code: 'UT', name: 'Utah' },
      ],
    },
    {
      regionId: 512,
      code: 'PacificCoast',
      name: 'Pacific Coast',
      states: [{ code: 'CA', name: 'California' }],
    },
  ],
  preferredRegionTypes: [
    { value: 1, code: 'Inbound', name: 'Inbound' },
    { value: 2, code: 'Outbound', name: 'Outbound' },
    { value: 3, code: 'Both', name: 'Both' },
  ],
};

export const questions: AuditQuestion[] = [
  { questionId: 'pickup-on-time', category: 'Pickup', type: 'Bool', text: 'Arrived on time for pickup' },
  {
    questionId: 'pickup-driver',
    category: 'Pickup',
    type: 'StarRating',
    text: 'Driver courtesy and professionalism',
  },
  {
    questionId: 'pickup-equipment',
    category: 'Pickup',
    type: 'Select',
    text: 'Equipment condition',
    options: [
      { value: 'Good', points: 10 },
      { value: 'Acceptable', points: 5 },
      { value: 'Poor', points: 0 },
    ],
  },
  { questionId: 'delivery-on-time', category: 'Delivery', type: 'Bool', text: 'Delivered on time' },
];

export function audits(over: Partial<ShipmentAudits['legs'][number]> = {}): ShipmentAudits {
  return {
    shipmentId: 10006,
    legs: [
      {
        transitLegId: 'leg_1',
        status: 410,
        serviceLevel: 0,
        transitType: 1,
        carrierMasterName: 'Summit Carriers',
        carrierMasterId: 'car_demo_summit',
        weightUnit: 0,
        pickupAuditShown: true,
        deliveryAuditShown: false,
        pickupAudit: null,
        deliveryAudit: null,
        ...over,
      },
    ],
  };
}

export const notFound = (message: string) =>
  HttpResponse.json({ statusCode: 404, error: 'Not Found', message }, { status: 404 });

/** The carriers service as the preview calls it. */
export function previewHandlers(d: CarrierDetails = details()) {
  return [
    http.get('*/api/brokerCarrier/compliance/:carrierMasterId/:brokerId', () =>
      HttpResponse.json(d.complianceInfo),
    ),
    http.get('*/api/brokerCarrier/getMasterStateRegions', () => HttpResponse.json(masterRegions)),
    http.get('*/api/brokercarrier/carrierScore/:carrierMasterId', () => HttpResponse.json(score())),
    http.get('*/api/brokerCarrier/:carrierMasterId/:brokerId', () => HttpResponse.json(d)),
  ];
}
