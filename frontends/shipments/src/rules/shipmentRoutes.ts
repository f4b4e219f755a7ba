// Where opening a shipment goes (000 §2 "Opening a shipment depends on its type"). The routes are the
// spec's, defined once in the catalogue (ShipmentPageRoutes), which the gateway and the back-office shell
// route too. The front office has no such table: a customer opens its shipment's read-only page. Pure.

import {
  FeatureFlag,
  isDomesticShipmentType,
  isInternationalShipmentType,
  ShipmentPageRoutes,
  ShipmentType,
} from '@loadline/contracts';
import type { ShipmentOffice } from '@loadline/ui';

export const shipmentRoutes = Object.freeze({
  domestic: (id: number) => ShipmentPageRoutes.domestic(id),
  international: ShipmentPageRoutes.international,
  internationalOcean: ShipmentPageRoutes.internationalOcean,
  unknown: ShipmentPageRoutes.unknown,
  /** Ours: the front office's read-only shipment page. */
  frontOffice: (id: number) => `/front-office/shipments/${id}`,
  /** Ours: the front office's list of the customer's shipments. */
  frontOfficeList: () => '/front-office/shipments',
  backOfficeList: () => '/back-office/shipment/search',
});

/** The feature flag that turns the international ocean page on (000 §2, §6). */
export const OCEAN_PAGE_FLAG = FeatureFlag.byCode.InternationalOceanPage.code;

const isOcean = (type: number) => ShipmentType.has(type, 'Ocean') || ShipmentType.has(type, 'OceanCombined');

export function shipmentPath(
  shipment: { shipmentId: number; shipmentType: number },
  options: { office: ShipmentOffice; oceanPageEnabled?: boolean },
): string {
  const { shipmentId: id, shipmentType: type } = shipment;
  if (options.office === 'frontOffice') return shipmentRoutes.frontOffice(id);
  if (isInternationalShipmentType(type)) {
    return isOcean(type) && options.oceanPageEnabled
      ? shipmentRoutes.internationalOcean(id)
      : shipmentRoutes.international(id);
  }
  if (isDomesticShipmentType(type)) return shipmentRoutes.domestic(id);
  return shipmentRoutes.unknown(id);
}
