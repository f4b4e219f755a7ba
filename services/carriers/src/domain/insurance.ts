// Insurance status by expiration date (000 §9 and 002 §9: "Insurance expiry warnings at 10 and 30
// days"; 002 §3.7 carrier insurance status Current, Expiring in 10 Days, Expiring in 30 Days, Expired,
// Not on File, and insurance state Pass, Expiring, Expired). Pure.
//
// Ours, where the spec is silent:
// - Days are calendar days between `today` and the expiration date (both 'YYYY-MM-DD'; the service uses
//   the UTC date). An insurance expires ON its expiration date: from that day it is Expired (the
//   watch moves it "at expiry"), so "not yet expired" (000 §2 item 11) means the date is still ahead.
// - 10 days or fewer left: Expiring in 10 Days; 30 or fewer: Expiring in 30 Days; else Current.
// - A broker carrier's insurance status is the worst of its coverages, each coverage (insurance type)
//   judged by its latest certificate (a renewed policy replaces the old one); Not on File without any.
import {
  type CarrierInsuranceState,
  CarrierInsuranceStatus,
  INSURANCE_EXPIRY_WARNING_DAYS,
} from '@loadline/contracts/catalogue';

export type InsuranceStatusCode = (typeof CarrierInsuranceStatus.codes)[number];
export type InsuranceStateCode = (typeof CarrierInsuranceState.codes)[number];

const [soonDays, laterDays] = [...INSURANCE_EXPIRY_WARNING_DAYS].sort((a, b) => a - b) as [number, number];

const S = CarrierInsuranceStatus.byCode;

/** Whole days from `today` to `date` (negative when the date is past). */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The status of one insurance on `today`. */
export function insuranceStatusOn(expirationDate: string, today: string): InsuranceStatusCode {
  const left = daysUntil(expirationDate, today);
  if (left <= 0) return S.Expired.code;
  if (left <= soonDays) return S.ExpiringIn10Days.code;
  if (left <= laterDays) return S.ExpiringIn30Days.code;
  return S.Current.code;
}

/** 000 §2 item 11: the preview shows an insurance only while it is not yet expired. */
export const isNotYetExpired = (expirationDate: string, today: string): boolean =>
  insuranceStatusOn(expirationDate, today) !== S.Expired.code;

/** 002 §3.7 insurance state of a status: Pass, Expiring or Expired (Not on File does not pass). */
export function insuranceStateOf(status: InsuranceStatusCode): InsuranceStateCode {
  switch (status) {
    case 'Current':
      return 'Pass';
    case 'ExpiringIn10Days':
    case 'ExpiringIn30Days':
      return 'Expiring';
    default:
      return 'Expired';
  }
}

/** Worst first: the order a summary picks from. */
const severity: Readonly<Record<InsuranceStatusCode, number>> = {
  NotOnFile: 4,
  Expired: 3,
  ExpiringIn10Days: 2,
  ExpiringIn30Days: 1,
  Current: 0,
};

export interface InsuranceOnFile {
  insuranceType: string;
  expirationDate: string;
}

/** Each coverage's latest certificate: one per insurance type (trimmed, any case), the latest expiration. */
function latestPerCoverage<T extends InsuranceOnFile>(insurances: readonly T[]): T[] {
  const latestByType = new Map<string, T>();
  for (const i of insurances) {
    const type = i.insuranceType.trim().toLowerCase();
    const known = latestByType.get(type);
    if (!known || i.expirationDate > known.expirationDate) latestByType.set(type, i);
  }
  return [...latestByType.values()];
}

/** A broker carrier's insurance status on `today` (see the rules at the top). */
export function insuranceSummaryOn(
  insurances: readonly InsuranceOnFile[],
  today: string,
): InsuranceStatusCode {
  if (insurances.length === 0) return S.NotOnFile.code;
  let worst: InsuranceStatusCode = S.Current.code;
  for (const { expirationDate } of latestPerCoverage(insurances)) {
    const status = insuranceStatusOn(expirationDate, today);
    if (severity[status] > severity[worst]) worst = status;
  }
  return worst;
}

/**
 * The coverages expired on `today`, judged as the summary judges them (each by its latest certificate, so
 * a renewed one is not among them): earliest expiration first, ties by type A to Z. Empty exactly when the
 * summary is not Expired (or there are no insurances).
 */
export function expiredCoveragesOn(insurances: readonly InsuranceOnFile[], today: string): InsuranceOnFile[] {
  return latestPerCoverage(insurances)
    .filter((i) => insuranceStatusOn(i.expirationDate, today) === S.Expired.code)
    .map((i) => ({ insuranceType: i.insuranceType.trim(), expirationDate: i.expirationDate }))
    .sort(
      (a, b) =>
        a.expirationDate.localeCompare(b.expirationDate) ||
        a.insuranceType.toLowerCase().localeCompare(b.insuranceType.toLowerCase(), 'en-US'),
    );
}

/** A change the daily watch found: the status an insurance had and the one it has on `today`. */
export interface InsuranceMove {
  previousStatus: InsuranceStatusCode | null;
  status: InsuranceStatusCode;
}

/** The move of one insurance on `today`, or null when its status stays (each change is published once). */
export function insuranceMoveOn(
  recorded: InsuranceStatusCode | null,
  expirationDate: string,
  today: string,
): InsuranceMove | null {
  const status = insuranceStatusOn(expirationDate, today);
  return status === recorded ? null : { previousStatus: recorded, status };
}

/** The UTC date of an instant, 'YYYY-MM-DD': the day the service works insurance statuses out for. */
export const utcDate = (instant: Date): string => instant.toISOString().slice(0, 10);

/** What a pass of the daily insurance watch moved. */
export interface WatchResult {
  /** insurances whose status moved (one insurance.status.changed each) */
  moved: number;
  /** broker carriers whose insurance status or compliance moved (one brokercarrier.changed each) */
  brokerCarriers: number;
}
