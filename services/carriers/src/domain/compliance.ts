// Carrier compliance (000 §2 item 11 "compliance info", 001 §5: "The carrier confirmation sheet is
// blocked when the carrier is out of compliance"). Pure.
//
// The spec names the facts (authority, DOT status, TSA compliance, carrier rating, insurance status,
// broker carrier status: 002 §3.1, §3.7) but not the rule. Ours, as a broker's carrier desk vets a
// carrier before tendering a load: a carrier is in compliance when all of these hold, and each one that
// fails is a reason shown to the user:
//   - it is in the broker's carrier list and Enabled (not Blocked, not Disabled);
//   - its operating authority is Active and its DOT status is Active;
//   - its safety rating is not Unsatisfactory;
//   - its insurance is on file and not expired (Expiring in 10 or 30 Days still complies: it is a
//     warning, the carrier is still covered).
// The reason's message is the catalogue's (CarrierComplianceReason: other services refuse with the same
// words). InsuranceExpired also carries a detail naming each expired coverage with its expiration date
// (000 §5: MM/DD/YYYY), e.g. "Auto Liability expired 11/18/2026.", since the details show only insurances
// not yet expired (000 §2 item 11) and staff must know which policy to chase (decision 0040).
// TSA compliance is shown but does not decide: it matters only for air cargo security screening.
import {
  BrokerCarrierStatus,
  CarrierAuthority,
  CarrierComplianceReason,
  type CarrierComplianceReasonCode,
  CarrierInsuranceStatus,
  DotStatus,
  formatUsDate,
} from '@loadline/contracts/catalogue';
import {
  expiredCoveragesOn,
  type InsuranceOnFile,
  type InsuranceStatusCode,
  insuranceSummaryOn,
} from './insurance.ts';

export interface ComplianceFacts {
  authority: number;
  dotStatus: number;
  carrierRating: string;
  /** null: the carrier is not in the broker's carrier list */
  brokerCarrierStatus: number | null;
  insurances: readonly InsuranceOnFile[];
}

export type ComplianceReasonCode = CarrierComplianceReasonCode;

export interface ComplianceReason {
  code: ComplianceReasonCode;
  /** the catalogue's text of the code */
  message: string;
  /** what the message leaves out: for InsuranceExpired, which coverages expired and when */
  detail?: string;
}

export interface Compliance {
  inCompliance: boolean;
  insuranceStatus: InsuranceStatusCode;
  reasons: ComplianceReason[];
}

const reason = (code: ComplianceReasonCode, detail?: string): ComplianceReason => ({
  code,
  message: CarrierComplianceReason.nameOf(code)!,
  ...(detail ? { detail } : {}),
});

/** "Auto Liability expired 11/18/2026. Cargo expired 11/20/2026.": each coverage expired on `today`. */
export function expiredInsuranceDetail(insurances: readonly InsuranceOnFile[], today: string): string {
  return expiredCoveragesOn(insurances, today)
    .map((i) => `${i.insuranceType} expired ${formatUsDate(i.expirationDate)}.`)
    .join(' ');
}

export function complianceOn(facts: ComplianceFacts, today: string): Compliance {
  const reasons: ComplianceReason[] = [];
  const status = facts.brokerCarrierStatus;
  if (status === null) reasons.push(reason('NotInCarrierList'));
  else if (status === BrokerCarrierStatus.values.Blocked) reasons.push(reason('Blocked'));
  else if (status === BrokerCarrierStatus.values.Disabled) reasons.push(reason('Disabled'));
  if (facts.authority !== CarrierAuthority.values.Active) reasons.push(reason('AuthorityNotActive'));
  if (facts.dotStatus !== DotStatus.values.Active) reasons.push(reason('DotStatusInactive'));
  if (facts.carrierRating === 'Unsatisfactory') reasons.push(reason('UnsatisfactoryRating'));
  const insuranceStatus = insuranceSummaryOn(facts.insurances, today);
  if (insuranceStatus === CarrierInsuranceStatus.byCode.Expired.code)
    reasons.push(reason('InsuranceExpired', expiredInsuranceDetail(facts.insurances, today)));
  if (insuranceStatus === CarrierInsuranceStatus.byCode.NotOnFile.code)
    reasons.push(reason('InsuranceNotOnFile'));
  return { inCompliance: reasons.length === 0, insuranceStatus, reasons };
}
