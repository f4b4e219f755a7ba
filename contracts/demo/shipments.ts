// The demo shipments' plan, defined once so every service seeds around the same loads: the
// shipments service builds the shipments from it (services/shipments/src/store/demo.ts), and
// tracking (location histories), activity (check calls and notes), attachments (BOL, POD) and
// carriers (the carriers on the legs) seed their parts for the same ids, customers, lanes,
// statuses and dates. Built by rule, not at random, so every run makes the same plan; dates are
// placed around the day `today` of the first seeding so the screens look current.
import { addCalendarDays, estimatedDeliveryDate } from '../catalogue/constants.ts';
import { isInternationalShipmentType, ShipmentType } from '../catalogue/shipment.ts';
import { ShipmentStatus, type ShipmentStatusValue } from '../catalogue/shipment-status.ts';
import { demoCustomers } from './index.ts';

const S = ShipmentStatus.values;
const T = ShipmentType.values;

export const demoShipmentCount = 40;
export const firstDemoShipmentId = 10001;
export const demoShipmentIds: readonly number[] = Object.freeze(
  Array.from({ length: demoShipmentCount }, (_, i) => firstDemoShipmentId + i),
);

/** The carriers on the demo shipments' legs; the carriers service holds them as carrier masters. */
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
export type DemoCarrier = (typeof demoCarriers)[number];

/** A pickup or delivery place of a demo lane (real ZIP codes, so geocoding finds them). */
export interface DemoPlace {
  companyName: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  /** hours from UTC at the place (standard time) */
  utcOffset: number;
}

const place = (
  companyName: string,
  streetAddress: string,
  city: string,
  state: string,
  zipCode: string,
  utcOffset: number,
): DemoPlace => ({ companyName, streetAddress, city, state, zipCode, country: 'USA', utcOffset });

/** Origin, destination and the lane's transit days. */
export const demoLanes: readonly (readonly [DemoPlace, DemoPlace, number])[] = [
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

/** True when a live (not canceled) status is at `floor` or beyond in the domestic order. */
export function demoStatusAtLeast(status: number, floor: number): boolean {
  return (
    status !== S.Canceled &&
    statusCycle.indexOf(status as ShipmentStatusValue) >= statusCycle.indexOf(floor as ShipmentStatusValue)
  );
}

/** One demo shipment's plan: what every service needs to agree on. */
export interface DemoShipmentPlan {
  /** position in the demo list (0-based); drives the variations every service applies */
  index: number;
  shipmentId: number;
  customerOrganizationId: string;
  shipmentType: number;
  status: ShipmentStatusValue;
  origin: DemoPlace;
  destination: DemoPlace;
  transitDays: number;
  /** 'YYYY-MM-DD' of the scheduled pickup */
  pickupDate: string;
  /** 'YYYY-MM-DD' of the estimated (and, once delivered, actual) delivery: weekdays only (000 §5) */
  deliveryDate: string;
  /** the load has left its origin (In Transit or beyond, not canceled) */
  pickedUp: boolean;
  /** the load has reached its destination (Delivered or Complete) */
  delivered: boolean;
  /** the carrier on the main leg; null while the load is a quote */
  carrier: DemoCarrier | null;
  /** the driver on the main leg, known from Dispatched on for domestic loads */
  driver: { name: string; cellPhone: string } | null;
  /** the main leg's pro number, once dispatched (and on half the canceled loads) */
  proNumber: string | null;
  /** 10039 rides under 10038 (a consolidation) */
  consolidationParentId: number | null;
}

/** The demo shipments as planned on the day `today` ('YYYY-MM-DD') of the first seeding. */
export function demoShipmentPlans(today: string): DemoShipmentPlan[] {
  const [acme, globex] = demoCustomers;
  return demoShipmentIds.map((shipmentId, i) => {
    const customer = i % 2 === 0 ? acme : globex;
    let shipmentType = typeCycle[i % typeCycle.length]!;
    let status = statusCycle[i % statusCycle.length]!;
    const international = isInternationalShipmentType(shipmentType);
    if (international && (status === S.Ready || status === S.Sent)) status = S.Committed;
    // The last two form a consolidation: 10039 rides under 10040's parent 10038.
    if (shipmentId === 10038 || shipmentId === 10039) shipmentType = T.LTL;

    const [origin, destination, laneDays] = demoLanes[i % demoLanes.length]!;
    const transitDays = shipmentType === T.Ocean ? 12 : shipmentType === T.AirHouse ? 1 : laneDays;
    const pickupDate = addCalendarDays(today, pickupDayOffset[status] - (i % 3));
    const carrier = demoCarriers[shipmentType === T.Drayage ? 4 : i % 4]!;
    const dispatched = demoStatusAtLeast(status, S.Dispatched);
    return {
      index: i,
      shipmentId,
      customerOrganizationId: customer.organizationId,
      shipmentType,
      status,
      origin,
      destination,
      transitDays,
      pickupDate,
      deliveryDate: estimatedDeliveryDate(pickupDate, transitDays),
      pickedUp: demoStatusAtLeast(status, S.InTransit),
      delivered: demoStatusAtLeast(status, S.Delivered),
      carrier: status === S.Quote ? null : carrier,
      driver:
        dispatched && !international
          ? {
              name: ['Dana Reyes', 'Lee Park', 'Sam Ortiz', 'Chris Hall'][i % 4]!,
              cellPhone: `(555) 020-${String(3000 + i).slice(-4)}`,
            }
          : null,
      proNumber:
        dispatched || (status === S.Canceled && i % 2 === 0)
          ? `${carrier.scac}${String(100000 + ((i * 7919) % 900000)).padStart(6, '0')}`
          : null,
      consolidationParentId: shipmentId === 10039 ? 10038 : null,
    };
  });
}
