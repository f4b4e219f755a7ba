// Quick quote (000 §2 item 13): opens the front-office order page with originzip and destinationzip.

/** The front-office order page (our route under the front office's mount). */
export const FRONT_OFFICE_ORDER_PATH = '/front-office/order';

export function quickQuoteUrl(originZip: string, destinationZip: string): string {
  const query = new URLSearchParams({ originzip: originZip.trim(), destinationzip: destinationZip.trim() });
  return `${FRONT_OFFICE_ORDER_PATH}?${query.toString()}`;
}
