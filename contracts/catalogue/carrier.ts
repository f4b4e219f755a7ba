// Spec 002 §3.1 (contact type, carrier packet query options, TSA compliance, authority, DOT status),
// §3.7 (carrier rating, insurance status and state, rating permission, broker carrier status and activity
// type, insurance source types, broker-carrier parameter types), §9 (insurance expiry warnings);
// 000 §2 item 8 and 001 §9 (star score), 001 §3 (carrier insurance state).

import { defineEnum, defineNamedList, type EnumValue, type ValueRange } from './enum.ts';

/** 002 §3.1. Values not shown. */
export const ContactType = defineNamedList([
  { code: 'Driver', name: 'Driver' },
  { code: 'Terminal', name: 'Terminal' },
  { code: 'Dispatcher', name: 'Dispatcher' },
  { code: 'Airport', name: 'Airport' },
  { code: 'Sales', name: 'Sales' },
  { code: 'Accounting', name: 'Accounting' },
  { code: 'Other', name: 'Other' },
]);

/** 002 §3.1. Values not shown. */
export const CarrierPacketQueryOption = defineNamedList([
  { code: 'None', name: 'None' },
  { code: 'OnFile', name: 'On File' },
  { code: 'InTheLastYear', name: 'In The Last Year' },
  { code: 'OlderThanOneYear', name: 'Older Than One Year' },
]);

export const TsaCompliance = defineEnum([
  { value: 0, code: 'NonCompliant', name: 'Non Compliant' },
  { value: 1, code: 'Compliant', name: 'Compliant' },
  { value: 2, code: 'Partial', name: 'Partial' },
]);

export const CarrierAuthority = defineEnum([
  { value: 0, code: 'None', name: 'None' },
  { value: 1, code: 'Active', name: 'Active' },
  { value: 2, code: 'Inactive', name: 'Inactive' },
]);

export const DotStatus = defineEnum([
  { value: 0, code: 'Inactive', name: 'Inactive' },
  { value: 1, code: 'Active', name: 'Active' },
]);

/** 002 §3.7. Values not shown. */
export const CarrierRating = defineNamedList([
  { code: 'NotRated', name: 'Not Rated' },
  { code: 'Conditional', name: 'Conditional' },
  { code: 'Satisfactory', name: 'Satisfactory' },
  { code: 'Unsatisfactory', name: 'Unsatisfactory' },
]);

/** 002 §3.7 (the 10 and 30 days are the insurance expiry warnings of 000 §9 / 002 §9). Values not shown. */
export const CarrierInsuranceStatus = defineNamedList([
  { code: 'Current', name: 'Current' },
  { code: 'ExpiringIn10Days', name: 'Expiring in 10 Days' },
  { code: 'ExpiringIn30Days', name: 'Expiring in 30 Days' },
  { code: 'Expired', name: 'Expired' },
  { code: 'NotOnFile', name: 'Not on File' },
]);

/** 002 §3.7, 001 §3. Values not shown. */
export const CarrierInsuranceState = defineNamedList([
  { code: 'Pass', name: 'Pass' },
  { code: 'Expiring', name: 'Expiring' },
  { code: 'Expired', name: 'Expired' },
]);

export const CarrierRatingPermission = defineEnum([
  { value: 0, code: 'Include', name: 'Include' },
  { value: 1, code: 'Exclude', name: 'Exclude' },
]);

export const BrokerCarrierStatus = defineEnum([
  { value: 1, code: 'Enabled', name: 'Enabled' },
  { value: 2, code: 'Blocked', name: 'Blocked' },
  { value: 3, code: 'Disabled', name: 'Disabled' },
]);
export type BrokerCarrierStatusValue = EnumValue<typeof BrokerCarrierStatus>;

/**
 * Why a carrier is out of compliance, each with what it says (ours: 000 §2 item 11 names "compliance info"
 * and 002 §3.1, §3.7 the facts, not the rule nor its texts). The carriers service decides compliance
 * (services/carriers/src/domain/compliance.ts); the shipments service refuses to put a carrier out of
 * compliance on a leg with the same words (decision 0117).
 */
export const CarrierComplianceReason = defineNamedList([
  { code: 'NotInCarrierList', name: 'The carrier is not in your carrier list.' },
  { code: 'Blocked', name: 'The carrier is blocked.' },
  { code: 'Disabled', name: 'The carrier is disabled.' },
  { code: 'AuthorityNotActive', name: "The carrier's operating authority is not active." },
  { code: 'DotStatusInactive', name: "The carrier's DOT status is inactive." },
  { code: 'UnsatisfactoryRating', name: "The carrier's safety rating is Unsatisfactory." },
  { code: 'InsuranceExpired', name: "The carrier's insurance has expired." },
  { code: 'InsuranceNotOnFile', name: 'No insurance is on file for the carrier.' },
]);
export type CarrierComplianceReasonCode = (typeof CarrierComplianceReason.codes)[number];

/** 002 §3.7. Values not shown. */
export const BrokerCarrierActivityType = defineNamedList([
  { code: 'General', name: 'General' },
  { code: 'BillPayments', name: 'Bill Payments' },
  { code: 'Variance', name: 'Variance' },
]);

/** 002 §3.7: Manual 1, then five provider kinds numbered 2 to 6 (not named). */
export const InsuranceSourceType = defineEnum([{ value: 1, code: 'Manual', name: 'Manual' }]);
export const InsuranceSourceProviderRange: ValueRange = Object.freeze({ min: 2, max: 6 });

/**
 * 002 §3.7: broker-carrier parameter types 1 to 16 (external ids for book-it-now services, accounting sync,
 * payment or factoring providers, onboarding packet, insurance image ids, alert id, and an ignore flag for a
 * payment sync). Which number is which is not shown.
 */
export const BrokerCarrierParameterTypeRange: ValueRange = Object.freeze({ min: 1, max: 16 });
