// Quick quote (000 §2 item 13): opens the front-office order page with originzip and destinationzip.

/** The front-office order page (our route under the front office's mount). */
export const FRONT_OFFICE_ORDER_PATH = '/front-office/order';

/**
 * The back office's new-shipment page (ours, decision 0093): staff order for any customer of their broker there,
 * since the front office's shell sends staff back to the back office.
 */
export const BACK_OFFICE_NEW_SHIPMENT_PATH = '/back-office/shipment/new';

export function quickQuoteUrl(
  originZip: string,
  destinationZip: string,
  orderPath: string = FRONT_OFFICE_ORDER_PATH,
): string {
  const query = new URLSearchParams({ originzip: originZip.trim(), destinationzip: destinationZip.trim() });
  return `${orderPath}?${query.toString()}`;
}
