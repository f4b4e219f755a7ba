// Preferred regions of a broker's carrier (001 §3 brokerCarrierPreferredRegions: regionId and type
// None/Inbound/Outbound/Both; 002 §3.1 regions as bit flags with their states, broker-carrier
// preferred region Inbound 1, Outbound 2, Both 3) and the master list of states per region that the
// preview's US map draws (001 §2, 001 §7 getMasterStateRegions). Pure.
//
// Ours: a region the carrier does not prefer is simply absent (None has no number in the spec, so it is
// never stored); a region appears once; regionId is the region's flag value.
import { CanadianProvince, PreferredRegionType, Region, UsState } from '@loadline/contracts/catalogue';

export interface PreferredRegion {
  regionId: number;
  type: number;
}

export interface MasterStateRegion {
  regionId: number;
  code: string;
  name: string;
  states: { code: string; name: string }[];
}

/** Every region of 002 §3.1 with its states (AllCanada: the provinces; AllMexico: none listed). */
export function masterStateRegions(): MasterStateRegion[] {
  return Region.entries.map((region) => {
    const codes: readonly string[] =
      region.code === 'AllCanada' ? CanadianProvince.codes : (region.states as readonly string[]);
    return {
      regionId: region.value,
      code: region.code,
      name: region.name,
      states: codes.map((code) => ({
        code,
        name: UsState.nameOf(code) ?? CanadianProvince.nameOf(code) ?? code,
      })),
    };
  });
}

export type RegionsCheck =
  | { ok: true; regions: PreferredRegion[] }
  | { ok: false; errors: Record<string, string> };

/** Checks a carrier's preferred regions as a whole (each a known region and type, each region once). */
export function checkPreferredRegions(regions: readonly PreferredRegion[]): RegionsCheck {
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  regions.forEach((r, i) => {
    if (!Region.isKnown(r.regionId))
      errors[`regions.${i}.regionId`] = `${r.regionId} is not a region (${Region.valueList.join(', ')}).`;
    else if (seen.has(r.regionId))
      errors[`regions.${i}.regionId`] = `${Region.nameOf(r.regionId)} is listed more than once.`;
    if (!PreferredRegionType.has(r.type))
      errors[`regions.${i}.type`] =
        `type must be one of: ${PreferredRegionType.entries.map((t) => `${t.name} ${t.value}`).join(', ')}.`;
    seen.add(r.regionId);
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, regions: [...regions].sort((a, b) => a.regionId - b.regionId) };
}
