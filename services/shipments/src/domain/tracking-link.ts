// The tracking link of a shipment's active leg (000 §5 "Tracking URL", 000 §7 getTrackingLink). Pure.
import { TRACKING_URL_DEFAULT_SCHEME } from '@loadline/contracts/catalogue';

/**
 * The pro-number placeholder a carrier's tracking URL may contain (000 §3 names it, the spec does
 * not show its text; ours): `{ProNumber}`, also written `{Pro}`, in any case.
 */
export const proNumberPlaceholder = '{ProNumber}';
const placeholders = /\{pro(?:number)?\}/gi;

/**
 * The link to open: https added when the URL has no scheme, the placeholder replaced with the
 * pro number (URL-encoded). No link without a URL or without a pro number.
 */
export function trackingLink(url: string | null, proNumber: string | null): string | null {
  const template = url?.trim() ?? '';
  const pro = proNumber?.trim() ?? '';
  if (template === '' || pro === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(template)
    ? template
    : `${TRACKING_URL_DEFAULT_SCHEME}${template.replace(/^\/+/, '')}`;
  return withScheme.replace(placeholders, encodeURIComponent(pro));
}
