// The payment gateway, an outside party (001 §3 payment: gateway, creditCardGatewayProfileId,
// creditCardGatewayPaymentProfileId). Customer profiles and payment profiles live at the gateway; this
// service keeps only their ids and the last four digits. A card number and its security code pass through
// to the gateway and are never stored or logged here (decision 0052). The default is the local test
// gateway (local-test-gateway.ts); a real provider implements the same interface and is chosen by
// PAYMENT_GATEWAY.

export interface BillToAddress {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
  fax?: string | null;
}

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cardCode: string;
}

export interface BankDetails {
  accountNumber: string;
  routingNumber: string;
  nameOnAccount: string;
  bankName: string;
}

/** A payment profile as the gateway shows it: masked. */
export interface PaymentProfileView {
  paymentProfileId: string;
  /** 002 §3.6 account type: ACH 1, CreditCard 2 */
  accountType: 1 | 2;
  cardType: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  nameOnAccount: string | null;
  bankName: string | null;
}

export interface CustomerProfileView {
  profileId: string;
  customerRef: string;
  email: string | null;
  paymentProfiles: PaymentProfileView[];
}

export type GatewayRefusal = { ok: false; messages: string[]; field?: string };

export interface ChargeRequest {
  merchantId: string;
  profileId: string;
  paymentProfileId: string;
  amountCents: number;
  invoiceNumber: string | null;
  /** the same key again answers the first charge's outcome, and charges nothing */
  idempotencyKey: string;
}

export interface ChargeOutcome {
  approved: boolean;
  transactionId: string;
  responseCode: string;
  /** the gateway's messages, shown to the user after 'Error: Unable to charge customer profile' (001 §8) */
  messages: string[];
  /** true when this answer repeats an earlier charge of the same idempotency key */
  replayed: boolean;
}

export interface PaymentGateway {
  /** the gateway's name, as 001 §3's `gateway` field */
  readonly name: string;
  createCustomerProfile(input: {
    merchantId: string;
    customerRef: string;
    email: string | null;
  }): Promise<{ profileId: string }>;
  getCustomerProfile(merchantId: string, profileId: string): Promise<CustomerProfileView | null>;
  /**
   * Saves a card or bank account under a customer profile. The same card or account again (as the gateway
   * knows it: by a fingerprint of its number, not by its last four digits) under the same customer profile
   * answers the one saved, refreshed with this save's expiry and billing details, and `alreadySaved` (as
   * Authorize.net answers a duplicate payment profile with the existing one): a customer keeps a card once,
   * even when two saves of it cross. Another customer profile's card is never answered.
   */
  createPaymentProfile(input: {
    merchantId: string;
    profileId: string;
    card?: CardDetails;
    bankAccount?: BankDetails;
    billTo: BillToAddress;
  }): Promise<{ ok: true; paymentProfile: PaymentProfileView; alreadySaved: boolean } | GatewayRefusal>;
  deletePaymentProfile(merchantId: string, profileId: string, paymentProfileId: string): Promise<boolean>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}
