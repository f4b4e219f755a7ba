// The broker's carrier list (decision 0118): the page of a broker's carriers the carrier desk works from,
// searched by the start of the name, SCAC, MC or DOT number, filtered by status and by "out of compliance
// only", paged by the platform's pager, in a stable order (name, then carrier id). Pure.
//
// Ours, where the spec is silent:
// - The search is a prefix, any case, LIKE wildcards escaped: the name, the SCAC and the MC number as
//   written ("MC-612"); a query that is an MC or DOT number ("612407", "MC 612407") also matches the start
//   of the MC or DOT number's digits.
// - Sorting (CARRIER_LIST_SORTS): by name, status (its number, 002 §3.7), insurance expiry (the date the
//   insurance status turns on: the earliest of the coverages' latest expiry dates, so the most urgent first;
//   no insurance on file counts as the earliest) or city then state (no city last either way); ties by name
//   then carrier master id.
// - Each row's compliance and insurance status are worked out for the day asked, with the reasons
//   (compliance.ts), as the carrier details page shows them. The "out of compliance only" filter reads what
//   the service last published for the carrier (brokercarrier.changed, kept by every change and by the
//   daily insurance watch), so SQL can page by it.
import {
  BrokerCarrierStatus,
  type BrokerCarrierStatusValue,
  CarrierInsuranceStatus,
  pageOf,
} from '@loadline/contracts/catalogue';
import {
  CARRIER_LIST_DEFAULT_DIRECTION,
  CARRIER_LIST_DEFAULT_SORT,
  CARRIER_LIST_MAX_PAGE_SIZE,
  type CarrierListDirection,
  type CarrierListSort,
} from '@loadline/contracts/rules/carriers';
import { type ComplianceReason, complianceOn } from './compliance.ts';
import { type InsuranceOnFile, type InsuranceStatusCode, insuranceStateOf } from './insurance.ts';

export interface CarrierListCriteria {
  search?: string | undefined;
  status?: number | undefined;
  outOfCompliance?: boolean | undefined;
  sort?: CarrierListSort | undefined;
  direction?: CarrierListDirection | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * The order the store lists in: the column asked (default name, A to Z), then ties by name and carrier
 * master id, A to Z, so a page stays the same page. By name, the id follows the direction too: descending
 * is then the exact reverse of ascending.
 */
export interface CarrierListOrder {
  sort: CarrierListSort;
  direction: CarrierListDirection;
}

export const carrierListOrder = (
  criteria: Pick<CarrierListCriteria, 'sort' | 'direction'>,
): CarrierListOrder => ({
  sort: criteria.sort ?? CARRIER_LIST_DEFAULT_SORT,
  direction: criteria.direction ?? CARRIER_LIST_DEFAULT_DIRECTION,
});

/** What the store filters by: the broker's carriers matching all of these. */
export interface CarrierListFilter {
  /** lower case, wildcards escaped, ending in % (null: no search) */
  prefix: string | null;
  /** the digits of a query that is an MC or DOT number, ending in % */
  digitsPrefix: string | null;
  status: number | null;
  outOfComplianceOnly: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter of the criteria: an empty or blank search searches nothing. */
export function carrierListFilter(criteria: CarrierListCriteria): CarrierListFilter {
  const text = (criteria.search ?? '').trim().toLowerCase();
  const number = /^(?:(?:mc|dot)[\s#-]*)?(\d+)$/.exec(text);
  return {
    prefix: text ? `${escapeLike(text)}%` : null,
    digitsPrefix: number ? `${number[1]}%` : null,
    status: criteria.status ?? null,
    outOfComplianceOnly: criteria.outOfCompliance === true,
  };
}

/** The page asked for, clamped by the platform's pager (never refused). */
export const carrierListPage = (criteria: Pick<CarrierListCriteria, 'page' | 'pageSize'>) =>
  pageOf(criteria.page, criteria.pageSize, CARRIER_LIST_MAX_PAGE_SIZE);

/** A broker carrier as the store reads it for the list. */
export interface CarrierListRow {
  brokerCarrierId: string;
  carrierMasterId: string;
  name: string;
  scac: string | null;
  mcNumber: string | null;
  dotNumber: string | null;
  city: string | null;
  state: string | null;
  status: number;
  favorite: boolean;
  inherited: boolean;
  authority: number;
  dotStatus: number;
  carrierRating: string;
  insurances: readonly InsuranceOnFile[];
}

export interface CarrierListItem {
  brokerCarrierId: string;
  carrierMasterId: string;
  name: string;
  scac: string | null;
  mcNumber: string | null;
  dotNumber: string | null;
  city: string | null;
  state: string | null;
  status: BrokerCarrierStatusValue;
  statusName: string;
  favorite: boolean;
  inherited: boolean;
  inCompliance: boolean;
  complianceReasons: ComplianceReason[];
  insuranceStatus: InsuranceStatusCode;
  insuranceStatusName: string;
  insuranceState: ReturnType<typeof insuranceStateOf>;
}

/** One row of the list on `today`: its compliance with the reasons, and its insurance status. */
export function carrierListItem(row: CarrierListRow, today: string): CarrierListItem {
  const compliance = complianceOn(
    {
      authority: row.authority,
      dotStatus: row.dotStatus,
      carrierRating: row.carrierRating,
      brokerCarrierStatus: row.status,
      insurances: row.insurances,
    },
    today,
  );
  return {
    brokerCarrierId: row.brokerCarrierId,
    carrierMasterId: row.carrierMasterId,
    name: row.name,
    scac: row.scac,
    mcNumber: row.mcNumber,
    dotNumber: row.dotNumber,
    city: row.city,
    state: row.state,
    status: row.status as BrokerCarrierStatusValue,
    statusName: BrokerCarrierStatus.nameOf(row.status) ?? String(row.status),
    favorite: row.favorite,
    inherited: row.inherited,
    inCompliance: compliance.inCompliance,
    complianceReasons: compliance.reasons,
    insuranceStatus: compliance.insuranceStatus,
    insuranceStatusName: CarrierInsuranceStatus.nameOf(compliance.insuranceStatus)!,
    insuranceState: insuranceStateOf(compliance.insuranceStatus),
  };
}

/** The CSV export's columns, in order (each row one carrier, as the page shows it). */
export const carrierCsvHeader = [
  'Name',
  'SCAC',
  'MC',
  'DOT',
  'City',
  'State',
  'Status',
  'Compliance',
  'Insurance status',
] as const;

/**
 * One carrier as a CSV row, its compliance with the reasons as the page shows them, each message with its
 * detail ("Out of compliance: The carrier is blocked. The carrier's insurance has expired. Auto Liability
 * expired 11/18/2026.").
 */
export function carrierCsvRow(item: CarrierListItem): (string | null)[] {
  const reasons = item.complianceReasons
    .map((r) => (r.detail ? `${r.message} ${r.detail}` : r.message))
    .join(' ');
  const compliance = item.inCompliance
    ? 'In compliance'
    : reasons
      ? `Out of compliance: ${reasons}`
      : 'Out of compliance';
  return [
    item.name,
    item.scac,
    item.mcNumber,
    item.dotNumber,
    item.city,
    item.state,
    item.statusName,
    compliance,
    item.insuranceStatusName,
  ];
}
