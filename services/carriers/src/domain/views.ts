// How a carrier is shown: its view turned into the answers of the details, compliance and score calls,
// with the catalogue's names beside each number. Pure; the rules come from the other domain modules.
import {
  BrokerCarrierStatus,
  type BrokerCarrierStatusValue,
  CarrierAuthority,
  CarrierInsuranceStatus,
  CarrierRating,
  ContactType,
  DotStatus,
  PreferredRegionType,
  type PreferredRegionTypeValue,
  Region,
  TsaCompliance,
} from '@loadline/contracts/catalogue';
import { carrierScore } from './audits.ts';
import type { CarrierView } from './carriers.ts';
import { complianceOn } from './compliance.ts';
import {
  type InsuranceStatusCode,
  insuranceStateOf,
  insuranceStatusOn,
  isNotYetExpired,
} from './insurance.ts';

export function complianceView(view: CarrierView, today: string) {
  const { master, brokerCarrier } = view;
  const compliance = complianceOn(
    {
      authority: master.authority,
      dotStatus: master.dotStatus,
      carrierRating: master.carrierRating,
      brokerCarrierStatus: brokerCarrier?.status ?? null,
      insurances: brokerCarrier?.insurances ?? [],
    },
    today,
  );
  return {
    carrierMasterId: master.carrierMasterId,
    brokerCarrierId: brokerCarrier?.brokerCarrierId ?? null,
    inCompliance: compliance.inCompliance,
    reasons: compliance.reasons,
    insuranceStatus: compliance.insuranceStatus,
    insuranceStatusName: CarrierInsuranceStatus.nameOf(compliance.insuranceStatus)!,
    insuranceState: insuranceStateOf(compliance.insuranceStatus),
    brokerCarrierStatus: (brokerCarrier?.status ?? null) as BrokerCarrierStatusValue | null,
    brokerCarrierStatusName: brokerCarrier
      ? (BrokerCarrierStatus.nameOf(brokerCarrier.status) ?? null)
      : null,
    authority: master.authority,
    authorityName: CarrierAuthority.nameOf(master.authority) ?? String(master.authority),
    dotStatus: master.dotStatus,
    dotStatusName: DotStatus.nameOf(master.dotStatus) ?? String(master.dotStatus),
    tsaCompliance: master.tsaCompliance,
    tsaComplianceName: TsaCompliance.nameOf(master.tsaCompliance) ?? String(master.tsaCompliance),
    carrierRating: master.carrierRating,
    carrierRatingName: CarrierRating.nameOf(master.carrierRating) ?? master.carrierRating,
    mcNumber: master.mcNumber,
    dotNumber: master.dotNumber,
    asOf: today,
  };
}

export function scoreView(view: Pick<CarrierView, 'tally'>, carrierMasterId: string) {
  return { carrierMasterId, ...carrierScore(view.tally) };
}

export function detailsView(view: CarrierView, brokerId: string, today: string, canEdit: boolean) {
  const { master, brokerCarrier } = view;
  const score = carrierScore(view.tally);
  return {
    carrierMasterId: master.carrierMasterId,
    carrierMasterName: master.name,
    scac: master.scac,
    phone: master.phone,
    email: master.email,
    mcNumber: master.mcNumber,
    dotNumber: master.dotNumber,
    city: master.city,
    state: master.state,
    zipCode: master.zipCode,
    brokerId,
    brokerCarrierId: brokerCarrier?.brokerCarrierId ?? null,
    status: (brokerCarrier?.status ?? null) as BrokerCarrierStatusValue | null,
    statusName: brokerCarrier ? (BrokerCarrierStatus.nameOf(brokerCarrier.status) ?? null) : null,
    favorite: brokerCarrier?.favorite ?? false,
    inherited: brokerCarrier?.inherited ?? false,
    hasPortalLink: Boolean(brokerCarrier?.portalLink),
    starScore: score.starScore,
    totalAuditCount: score.totalAuditCount,
    // 000 §2 item 11: insurances only while not yet expired.
    brokerCarrierInsurances: (brokerCarrier?.insurances ?? [])
      .filter((i) => isNotYetExpired(i.expirationDate, today))
      .map((i) => {
        const status: InsuranceStatusCode = insuranceStatusOn(i.expirationDate, today);
        return {
          brokerCarrierInsuranceId: i.brokerCarrierInsuranceId,
          insuranceType: i.insuranceType,
          insurerName: i.insurerName,
          policyNumber: i.policyNumber,
          coverageAmount: i.coverageAmount,
          expirationDate: i.expirationDate,
          insuranceStatus: status,
          insuranceStatusName: CarrierInsuranceStatus.nameOf(status)!,
          insuranceState: insuranceStateOf(status),
        };
      }),
    contacts: (brokerCarrier?.contacts ?? []).map((c) => ({
      ...c,
      contactType: c.contactType as (typeof ContactType.codes)[number],
      contactTypeName: ContactType.nameOf(c.contactType) ?? c.contactType,
    })),
    brokerCarrierPreferredRegions: (brokerCarrier?.preferredRegions ?? []).map((r) => ({
      regionId: r.regionId,
      regionName: Region.nameOf(r.regionId) ?? String(r.regionId),
      type: r.type as PreferredRegionTypeValue,
      typeName: PreferredRegionType.nameOf(r.type) ?? String(r.type),
    })),
    complianceInfo: complianceView(view, today),
    canEdit,
  };
}
