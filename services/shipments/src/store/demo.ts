// The demo shipments: 40 loads with fixed numbers (10001-10040) built from the plan every service
// shares (contracts/demo/shipments.ts: customers, statuses, lanes, dates, carriers, drivers, pro
// numbers), with the legs, stops and reference numbers only the shipments service keeps.
import {
  addCalendarDays,
  LengthUnit,
  ServiceLevel,
  ShipmentAlertType,
  ShipmentReferenceType,
  ShipmentReferenceTypesWithoutKnownValue,
  ShipmentStatus,
  ShipmentStopType,
  ShipmentType,
  TransitLegType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import { demoBroker, demoCustomers, demoUsers } from '@loadline/contracts/demo';
import { demoCarriers, demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import { proNumberTypeForLeg } from '../domain/references.ts';
import type { NewReference, NewShipment, NewTransitLeg } from '../domain/shipment.ts';
import { estimatedDelivery, noStopTimes } from '../domain/stop-times.ts';

export { demoShipmentIds } from '@loadline/contracts/demo/shipments';

const S = ShipmentStatus.values;
const T = ShipmentType.values;
const L = TransitLegType.values;
const R = ShipmentReferenceType.values;
const Unnumbered = ShipmentReferenceTypesWithoutKnownValue.byCode;

const [acme] = demoCustomers;
const ops = demoUsers.find((u) => u.userId === 'usr_demo_ops')!;
const shipper = demoUsers.find((u) => u.userId === 'usr_demo_shipper')!;

/** The demo shipments as they are on the day `today` ('YYYY-MM-DD') of the first seeding. */
export function demoShipments(today: string): NewShipment[] {
  return demoShipmentPlans(today).map((plan) => {
    const { index: i, shipmentId, shipmentType, status, transitDays, pickupDate, pickedUp, delivered } = plan;
    const { origin: from, destination: to, carrier, driver, proNumber } = plan;
    const customer = demoCustomers.find((c) => c.organizationId === plan.customerOrganizationId)!;
    const pickup = {
      ...noStopTimes,
      scheduledReady: `${pickupDate}T08:00:00`,
      scheduledClose: `${pickupDate}T16:00:00`,
    };
    const delivery = { ...noStopTimes, ...estimatedDelivery(pickup.scheduledReady, transitDays) };
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

    const hasCarrier = carrier !== null;
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
    if (proNumber) {
      referenceNumbers.push({
        referenceTypeCode: proNumberTypeForLeg(legType),
        value: proNumber,
        transitLegIndex: mainIndex,
      });
    }
    if (driver) {
      referenceNumbers.push(
        { referenceTypeCode: Unnumbered.DriverName.code, value: driver.name, transitLegIndex: mainIndex },
        {
          referenceTypeCode: ShipmentReferenceType.codeOf(R.DriverCellPhoneNumber)!,
          value: driver.cellPhone,
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
    if (customer.organizationId !== acme.organizationId && i % 10 === 1) {
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
      consolidationParentId: plan.consolidationParentId,
      createdBy: { userId: creator.userId, name: `${creator.firstName} ${creator.lastName}` },
      // three days before pickup, but never after yesterday: a quote picked up next week was entered already
      // (its Last Ops Update, the time of its last status change, is never in the future)
      createdAt: new Date(
        `${minDate(addCalendarDays(pickupDate, -3), addCalendarDays(today, -1))}T15:00:00Z`,
      ),
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

/** The earlier of two 'YYYY-MM-DD' days. */
const minDate = (a: string, b: string) => (a < b ? a : b);
