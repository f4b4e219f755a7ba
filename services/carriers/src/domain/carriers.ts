// A carrier as one broker sees it: the registry's master facts, the broker's own relation to it (status,
// favorite, insurances, contacts, preferred regions, portal link) and its score's running sums; and who
// changed it. Pure types, read from store/ and presented by views.ts.
import type { Identity } from '@loadline/platform';
import type { ScoreTally } from './audits.ts';
import type { InsuranceStatusCode } from './insurance.ts';

export interface CarrierMaster {
  carrierMasterId: string;
  name: string;
  scac: string | null;
  phone: string | null;
  email: string | null;
  mcNumber: string | null;
  dotNumber: string | null;
  authority: number;
  dotStatus: number;
  tsaCompliance: number;
  carrierRating: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

export interface Insurance {
  brokerCarrierInsuranceId: string;
  insuranceType: string;
  insurerName: string | null;
  policyNumber: string | null;
  coverageAmount: number | null;
  sourceType: number;
  expirationDate: string;
}

export interface Contact {
  contactId: string;
  contactType: string;
  name: string;
  phone: string | null;
  email: string | null;
}

export interface BrokerCarrier {
  brokerCarrierId: string;
  brokerId: string;
  status: number;
  inherited: boolean;
  favorite: boolean;
  portalLink: string | null;
  insuranceStatus: InsuranceStatusCode;
  inCompliance: boolean;
  version: number;
  insurances: Insurance[];
  contacts: Contact[];
  preferredRegions: { regionId: number; type: number }[];
}

/** A carrier as one broker sees it: the master facts, the broker's relation (if any) and its score. */
export interface CarrierView {
  master: CarrierMaster;
  brokerCarrier: BrokerCarrier | null;
  tally: ScoreTally;
}

/** The broker carrier row a change starts from (locked while it changes). */
export interface BrokerCarrierRef {
  brokerCarrierId: string;
  brokerId: string;
  carrierMasterId: string;
  status: number;
  favorite: boolean;
  inherited: boolean;
  portalLink: string | null;
}

/** Who changed something, as the events carry it. */
export interface Actor {
  userId: string;
  name: string;
}

export const actorOf = (caller: Identity): Actor => ({ userId: caller.userId, name: caller.displayName });

/** A certificate added, or changed when it names one of the broker carrier's own (a renewal). */
export interface InsuranceInput {
  brokerCarrierInsuranceId?: string;
  insuranceType: string;
  insurerName: string | null;
  policyNumber: string | null;
  coverageAmount: number | null;
  expirationDate: string;
}
