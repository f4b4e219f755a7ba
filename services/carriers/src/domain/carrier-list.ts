// The broker's carrier list (decision 0118): the page of a broker's carriers the carrier desk works from,
// searched by the start of the name, SCAC, MC or DOT number, filtered by status and by "out of compliance
// only", paged by the platform's pager, in a stable order (name, then carrier id). Pure.
//
// Ours, where the spec is silent:
// - The search is a prefix, any case, LIKE wildcards escaped: the name, the SCAC and the MC number as
//   written ("MC-612"); a query that is an MC or DOT number ("612407", "MC 612407") also matches the start
//   of the MC or DOT number's digits.
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
import { CARRIER_LIST_MAX_PAGE_SIZE } from '@loadline/contracts/rules/carriers';
import { type ComplianceReason, complianceOn } from './compliance.ts';
import { type InsuranceOnFile, type InsuranceStatusCode, insuranceStateOf } from './insurance.ts';

export interface CarrierListCriteria {
  search?: string | undefined;
  status?: number | undefined;
  outOfCompliance?: boolean | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

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
