// 001 §2: page titles in the back office get the shipment id appended when a route parameter name
// contains "shipmentid" (any case: shipmentId, parentShipmentId, ...).

const SHIPMENT_ID_PARAM = 'shipmentid';

export function pageTitleWithShipmentId(
  title: string,
  params: Readonly<Record<string, string | undefined>>,
): string {
  for (const [name, value] of Object.entries(params)) {
    if (value && name.toLowerCase().includes(SHIPMENT_ID_PARAM)) return `${title} - ${value}`;
  }
  return title;
}
