// The demo shipments: 40 loads with fixed numbers (10001-10040) spread over the two demo customers
// of contracts/demo, in every domestic status and several modes, with carriers on their legs,
// stops, reference numbers and pro numbers. Built by rule, not at random, so every run makes the
// same shipments; dates are placed around the day of the first seeding so the screens look current.
import {
  LengthUnit,
  ServiceLevel,
  ShipmentAlertType,
  ShipmentReferenceType,
  ShipmentReferenceTypesWithoutKnownValue,
  ShipmentStatus,
  type ShipmentStatusValue,
  ShipmentStopType,
  ShipmentType,
  TransitLegType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import { demoBroker, demoCustomers, demoUsers } from '@loadline/contracts/demo';
import { proNumberTypeForLeg } from '../domain/references.ts';
import { isInternational } from '../domain/shipment-rules.ts';
import { estimatedDelivery, noStopTimes } from '../domain/stop-times.ts';
import type { NewReference, NewShipment, NewTransitLeg } from './shipments.ts';

const S = ShipmentStatus.values;
const T = ShipmentType.values;
const L = TransitLegType.values;
const R = ShipmentReferenceType.values;
const Unnumbered = ShipmentReferenceTypesWithoutKnownValue.byCode;

export const demoShipmentCount = 40;
export const firstDemoShipmentId = 10001;
export const demoShipmentIds: readonly number[] = Object.freeze(
  Array.from({ length: demoShipmentCount }, (_, i) => firstDemoShipmentId + i),
);

const [acme, globex] = demoCustomers;
const ops = demoUsers.find((u) => u.userId === 'usr_demo_ops')!;
const shipper = demoUsers.find((u) => u.userId === 'usr_demo_shipper')!;

/** Carrier master ids the carriers service will hold; they move to contracts/demo when it arrives. */
export const demoCarriers = [
  {
    carrierMasterId: 'car_demo_oldline',
    carrierMasterName: 'Old Line Freight',
    carrierPhone: '(555) 010-2001',
    scac: 'OLFT',
    trackingUrl: 'https://track.oldline.example/shipments?pro={ProNumber}',
  },
  {
    carrierMasterId: 'car_demo_prairie',
    carrierMasterName: 'Prairie Express',
    carrierPhone: '(555) 010-2002',
    scac: 'PRXP',
    trackingUrl: 'https://prairie-express.example/tracking/{ProNumber}',
  },
  {
    carrierMasterId: 'car_demo_bluewater',
    carrierMasterName: 'Bluewater Logistics',
    carrierPhone: '(555) 010-2003',
    scac: 'BLWL',
    trackingUrl: null,
  },
  {
    carrierMasterId: 'car_demo_summit',
    carrierMasterName: 'Summit Carriers',
    carrierPhone: null,
    scac: 'SMCR',
    trackingUrl: 'summit-carriers.example/track?pro={ProNumber}',
  },
  {
    carrierMasterId: 'car_demo_coastal',
    carrierMasterName: 'Coastal Drayage',
    carrierPhone: '(555) 010-2005',
    scac: 'CSDR',
    trackingUrl: null,
  },
] as const;

interface Place {
  companyName: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  utcOffset: number;
}

const place = (
  companyName: string,
  streetAddress: string,
  city: string,
  state: string,
  zipCode: string,
  utcOffset: number,
): Place => ({
  companyName,
  streetAddress,
  city,
  state,
  zipCode,
  country: 'USA',
  utcOffset,
});

const lanes: readonly [Place, Place, number][] = [
  [
    place('Acme Plant 2', '4100 Industrial Pkwy', 'Dayton', 'OH', '45414', -5),
    place('Midwest Distribution', '880 Commerce Dr', 'Chicago', 'IL', '60632', -6),
    1,
  ],
  [
    place('Globex Cold Storage', '12 Harbor Rd', 'Savannah', 'GA', '31408', -5),
    place('Globex DC East', '300 Logistics Way', 'Charlotte', 'NC', '28208', -5),
    1,
  ],
  [
    place('Acme Plant 1', '2200 Foundry St', 'Pittsburgh', 'PA', '15201', -5),
    place('Lone Star Supply', '5600 Freeport Blvd', 'Dallas', 'TX', '75212', -6),
    3,
  ],
  [
    place('Valley Growers', '19 Orchard Ln', 'Fresno', 'CA', '93706', -8),
    place('Globex Foods West', '77 Market St', 'Phoenix', 'AZ', '85043', -7),
    2,
  ],
  [
    place('Rocky Mountain Metals', '450 Smelter Rd', 'Denver', 'CO', '80216', -7),
    place('Acme Assembly', '1 Acme Way', 'Kansas City', 'MO', '64120', -6),
    2,
  ],
  [
    place('Port Terminal 5', '1000 Pier Ave', 'Long Beach', 'CA', '90802', -8),
    place('Inland Empire DC', '2500 Warehouse Blvd', 'Ontario', 'CA', '91761', -8),
    1,
  ],
  [
    place('Great Lakes Packaging', '60 Lakeshore Dr', 'Detroit', 'MI', '48209', -5),
    place('Southern Retail Hub', '900 Peachtree Ind', 'Atlanta', 'GA', '30318', -5),
    2,
  ],
  [
    place('Northwest Timber', '3 Mill Rd', 'Portland', 'OR', '97217', -8),
    place('Bay Area Builders', '450 Bayshore Blvd', 'Oakland', 'CA', '94607', -8),
    2,
  ],
];

/** Every domestic status, four times over. */
const statusCycle: readonly ShipmentStatusValue[] = [
  S.Quote,
  S.Committed,
  S.Ready,
  S.Sent,
  S.Dispatched,
  S.InTransit,
  S.OutForDelivery,
  S.Delivered,
  S.Complete,
  S.Canceled,
];
const typeCycle: readonly number[] = [
  T.LTL,
  T.Truckload,
  T.LTL,
  T.SmallPackage,
  T.Truckload,
  T.Drayage,
  T.Ocean,
  T.AirHouse,
];

/** Days from the seeding day to the pickup, by status: planned loads ahead, moving ones behind. */
const pickupDayOffset: Readonly<Record<ShipmentStatusValue, number>> = {
  [S.Quote]: 6,
  [S.Committed]: 4,
  [S.Ready]: 2,
  [S.Sent]: 1,
  [S.Dispatched]: 1,
  [S.InTransit]: -1,
  [S.OutForDelivery]: -2,
  [S.Delivered]: -6,
  [S.Complete]: -15,
  [S.Canceled]: -3,
};

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const atLeast = (status: number, floor: number) =>
  status !== S.Canceled &&
  statusCycle.indexOf(status as ShipmentStatusValue) >= statusCycle.indexOf(floor as ShipmentStatusValue);

/** The demo shipments as they are on the day `today` ('YYYY-MM-DD') of the first seeding. */
export function demoShipments(today: string): NewShipment[] {
  return demoShipmentIds.map((shipmentId, i) => {
    const customer = i % 2 === 0 ? acme : globex;
    let shipmentType = typeCycle[i % typeCycle.length]!;
    let status = statusCycle[i % statusCycle.length]!;
    const international = isInternational(shipmentType);
    if (international && (status === S.Ready || status === S.Sent)) status = S.Committed;
    // The last two form a consolidation: 10039 rides under 10040's parent 10038.
    if (shipmentId === 10038 || shipmentId === 10039) shipmentType = T.LTL;

    const [from, to, laneDays] = lanes[i % lanes.length]!;
    const transitDays = shipmentType === T.Ocean ? 12 : shipmentType === T.AirHouse ? 1 : laneDays;
    const pickupDate = addDays(today, pickupDayOffset[status] - (i % 3));
    const pickup = {
      ...noStopTimes,
      scheduledReady: `${pickupDate}T08:00:00`,
      scheduledClose: `${pickupDate}T16:00:00`,
    };
    const delivery = { ...noStopTimes, ...estimatedDelivery(pickup.scheduledReady, transitDays) };
    const pickedUp = atLeast(status, S.InTransit);
    const delivered = atLeast(status, S.Delivered);
    if (pickedUp) {
      pickup.actualArrival = `${pickupDate}T08:30:00`;
      pickup.actualDeparture = `${pickupDate}T09:15:00`;
    }
    if (status === S.OutForDelivery) {
      delivery.appointmentReady = delivery.scheduledReady;
      delivery.appointmentEnd = delivery.scheduledReady.replace('T08:00', 'T10:00');
    }
    if (delivered) {
      const day = delivery.scheduledReady.slice(0, 10);
      delivery.actualArrival = `${day}T09:00:00`;
      delivery.actualDeparture = `${day}T09:40:00`;
    }

    const carrier = demoCarriers[shipmentType === T.Drayage ? 4 : i % 4]!;
    const hasCarrier = status !== S.Quote;
    const legType = shipmentType === T.Ocean ? L.Ocean : shipmentType === T.AirHouse ? L.Air : L.Linehaul;
    const serviceLevel =
      shipmentType === T.AirHouse
        ? ServiceLevel.values.AirInternationalGeneral
        : shipmentType === T.Truckload
          ? ServiceLevel.values.StandardTruckload
          : ServiceLevel.values.Normal;
    const mainLeg: NewTransitLeg = {
      transitType: legType,
      status,
      active: true,
      ...(hasCarrier ? carrier : {}),
      serviceLevel,
      integrationEnableAPITracking: hasCarrier && shipmentType === T.LTL,
    };
    // Every fourth LTL load moves through local pickup and delivery legs around its linehaul.
    const multiLeg = shipmentType === T.LTL && i % 4 === 0;
    const transitLegs: NewTransitLeg[] = multiLeg
      ? [
          { transitType: L.PickupLocal, status, active: false, ...(hasCarrier ? demoCarriers[3] : {}) },
          mainLeg,
          { transitType: L.DeliveryLocal, status, active: false, ...(hasCarrier ? demoCarriers[1] : {}) },
        ]
      : [mainLeg];
    const mainIndex = multiLeg ? 1 : 0;

    const referenceNumbers: NewReference[] = [
      {
        referenceTypeCode: ShipmentReferenceType.codeOf(R.PONumber)!,
        value: `PO-${70000 + i * 37}`,
        transitLegIndex: null,
      },
      {
        referenceTypeCode: ShipmentReferenceType.codeOf(R.ShipperReferenceNumber)!,
        value: `${customer.name.split(' ')[0]!.toUpperCase()}-${4000 + i}`,
        transitLegIndex: null,
      },
    ];
    if (atLeast(status, S.Dispatched) || (status === S.Canceled && i % 2 === 0)) {
      referenceNumbers.push({
        referenceTypeCode: proNumberTypeForLeg(legType),
        value: `${carrier.scac}${String(100000 + ((i * 7919) % 900000)).padStart(6, '0')}`,
        transitLegIndex: mainIndex,
      });
    }
    if (atLeast(status, S.Dispatched) && !international) {
      referenceNumbers.push(
        {
          referenceTypeCode: Unnumbered.DriverName.code,
          value: ['Dana Reyes', 'Lee Park', 'Sam Ortiz', 'Chris Hall'][i % 4]!,
          transitLegIndex: mainIndex,
        },
        {
          referenceTypeCode: ShipmentReferenceType.codeOf(R.DriverCellPhoneNumber)!,
          value: `(555) 020-${String(3000 + i).slice(-4)}`,
          transitLegIndex: mainIndex,
        },
        {
          referenceTypeCode: ShipmentReferenceType.codeOf(R.TruckNumber)!,
          value: `T${210 + i}`,
          transitLegIndex: mainIndex,
        },
        {
          referenceTypeCode: ShipmentReferenceType.codeOf(R.TrailerNumber)!,
          value: `TR${5300 + i}`,
          transitLegIndex: mainIndex,
        },
      );
    }
    if (delivered) {
      referenceNumbers.push({
        referenceTypeCode: Unnumbered.ProofOfDeliverySignedBy.code,
        value: 'J. Receiving',
        transitLegIndex: null,
      });
    }

    const alertTypes: number[] = [];
    if (i === 7) alertTypes.push(ShipmentAlertType.values.Hold);
    if (customer.organizationId === globex.organizationId && i % 10 === 1) {
      alertTypes.push(ShipmentAlertType.values.CreditLimitExceeded);
    }
    if (shipmentId === 10038) alertTypes.push(ShipmentAlertType.values.ConsolidationParent);
    if (shipmentId === 10039) alertTypes.push(ShipmentAlertType.values.ConsolidationChild);

    const byCustomer = status === S.Quote && customer.organizationId === acme.organizationId;
    const creator = byCustomer ? shipper : ops;
    return {
      shipmentId,
      brokerId: demoBroker.organizationId,
      customerOrganizationId: customer.organizationId,
      shipmentType,
      status,
      transitDays,
      weightUnit: WeightUnit.values.Pounds,
      totalWeight: 400 + ((i * 1373) % 38000),
      dimensionUnit: LengthUnit.values.Inch,
      totalHandlingUnits: 1 + (i % 26),
      originBaseUTCOffset: from.utcOffset,
      lockdownMarketplaceBuyer: false,
      consolidationParentId: shipmentId === 10039 ? 10038 : null,
      createdBy: { userId: creator.userId, name: `${creator.firstName} ${creator.lastName}` },
      createdAt: new Date(`${addDays(pickupDate, -3)}T15:00:00Z`),
      transitLegs,
      stops: [
        { stopType: ShipmentStopType.byCode.FirstPick.code, ...from, times: pickup },
        { stopType: ShipmentStopType.byCode.LastDrop.code, ...to, times: delivery },
      ],
      referenceNumbers,
      billTo:
        customer.organizationId === acme.organizationId
          ? {
              companyName: 'Acme Manufacturing — Accounts Payable',
              streetAddress: '1 Acme Way',
              city: 'Kansas City',
              state: 'MO',
              zipCode: '64120',
              country: 'USA',
            }
          : null,
      alertTypes,
    };
  });
}
