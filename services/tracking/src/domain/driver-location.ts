// Requesting a driver's location by text message (000 §3 "Driver location request", §6, §7; issue 4
// item 3). The spec shows the calls and toasts; the rules below are ours (docs/decisions/0010). Pure.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ShipmentStatus } from '@loadline/contracts/catalogue';
import { formatPhone, northAmericanDigits } from '@loadline/contracts/rules/phone';

const S = ShipmentStatus.values;

/**
 * isValidStatus: a driver is on the load from dispatch until delivery (Dispatched, In Transit, Out for
 * Delivery). Before, there is no truck to find; after, the location no longer matters.
 */
export function isValidDriverLocationStatus(status: number): boolean {
  return status === S.Dispatched || status === S.InTransit || status === S.OutForDelivery;
}

/** How long the one-time link works. */
export const DRIVER_LINK_LIFETIME_MINUTES = 240;

/**
 * A North American cell phone as 10 digits (a leading 1 dropped), or undefined: the phone rules every
 * phone input and server share (001 §5), limited to the numbers a text message reaches here.
 */
export const normalizeCellPhone = (input: string | null | undefined): string | undefined =>
  northAmericanDigits(input);

/**
 * Whom a caller may text. Staff may correct the number in the back office's dialog (000 §6); a customer's
 * request goes "directly" to the driver on the shipment (000 §6), so a customer may not name another number:
 * the service would otherwise text any phone a customer typed.
 */
export function customerPhoneProblem(requested: string, driverOnRecord: string | null): string | undefined {
  const onRecord = normalizeCellPhone(driverOnRecord);
  if (onRecord === requested) return undefined;
  return onRecord
    ? "driverCellPhoneNumber must be the driver's cell phone number on the shipment."
    : 'The shipment has no driver cell phone number to text.';
}

/** E.164 for a provider: +1 and the 10 digits. */
export const e164 = (tenDigits: string) => `+1${tenDigits}`;

/** (555) 020-3004 (001 §5 phone display) */
export const displayPhone = (tenDigits: string) => formatPhone(tenDigits);

const signatureOf = (requestId: string, secret: string) =>
  createHmac('sha256', secret).update(requestId).digest('base64url').slice(0, 32);

/**
 * The link's token: the request id and its signature. Nothing about the shipment is in it, and
 * only the holder of the secret can make one; the request row says whether it was used or expired.
 */
export function driverLinkToken(requestId: string, secret: string): string {
  return `${requestId}.${signatureOf(requestId, secret)}`;
}

/** The request id a token was made for, or undefined when the signature does not match. */
export function requestIdOfToken(token: string, secret: string): string | undefined {
  const [requestId, signature, extra] = token.split('.');
  if (!requestId || !signature || extra !== undefined || !/^drq_[A-Za-z0-9_-]{1,64}$/.test(requestId))
    return undefined;
  const expected = Buffer.from(signatureOf(requestId, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? requestId : undefined;
}

export type LinkState = 'open' | 'used' | 'expired';

export function linkState(request: { usedAt: Date | null; expiresAt: Date }, now: Date): LinkState {
  if (request.usedAt) return 'used';
  if (request.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/** The text the driver gets: the ask and the link, no detail of the shipment. */
export function driverLocationMessage(link: string): string {
  return `Loadline: your dispatcher asks for your truck's location on your current load. Tap ${link} to share it (one use, expires in ${DRIVER_LINK_LIFETIME_MINUTES / 60} hours).`;
}
