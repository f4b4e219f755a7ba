// A shipment's type as the screens read it (000 §7 shipmentDomestic, shipmentsearch/details: which
// page opens a shipment, 000 §2) and the year-old check (000 §4, §9). Pure.
import {
  DOMESTIC_SHIPMENT_TYPE_MASK,
  isInternationalShipmentType,
  ShipmentType,
} from '@loadline/contracts/catalogue';

export function typeData(shipmentType: number) {
  return {
    shipmentType,
    shipmentTypeCodes: ShipmentType.codesIn(shipmentType) as string[],
    isInternational: isInternationalShipmentType(shipmentType),
    isDomestic: (shipmentType & DOMESTIC_SHIPMENT_TYPE_MASK) !== 0,
    isOcean: ShipmentType.has(shipmentType, 'Ocean') || ShipmentType.has(shipmentType, 'OceanCombined'),
  };
}

/** 000 §4: created at least one year ago (the archive options are offered); the rule the screens use too. */
export { isYearOld } from '@loadline/contracts/rules/shipments';
