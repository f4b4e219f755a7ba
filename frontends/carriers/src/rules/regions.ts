// The preview's US map of preferred regions (001 §2) and its editor. Pure: which direction each state is
// drawn in, from the broker carrier's preferred regions (001 §3: regionId, type Inbound/Outbound/Both) over
// the regions' state lists (002 §3.1, from GET /api/brokerCarrier/getMasterStateRegions).
import { PreferredRegionType, type PreferredRegionTypeValue } from '@loadline/contracts';
import type { MasterStateRegions } from '../api/types.ts';

/** A region and the direction it is preferred in (001 §3 brokerCarrierPreferredRegions: regionId, type). */
export interface RegionChoice {
  regionId: number;
  type: number;
}

/** Colours of the directions on the map and in its legend (ours). */
export const directionColours: Readonly<Record<PreferredRegionTypeValue, string>> = Object.freeze({
  [PreferredRegionType.values.Inbound]: '#1c7ed6',
  [PreferredRegionType.values.Outbound]: '#e8590c',
  [PreferredRegionType.values.Both]: '#2f9e44',
});
export const unpreferredColour = '#f1f3f5';
/** The same directions as theme colours, for text on a light badge (the theme keeps those readable). */
export const directionBadgeColours: Readonly<Record<PreferredRegionTypeValue, string>> = Object.freeze({
  [PreferredRegionType.values.Inbound]: 'blue',
  [PreferredRegionType.values.Outbound]: 'orange',
  [PreferredRegionType.values.Both]: 'green',
});

/** State code → the direction its region is preferred in (states of regions not preferred are absent). */
export function stateDirections(
  master: MasterStateRegions,
  preferred: readonly RegionChoice[],
): Map<string, PreferredRegionTypeValue> {
  const byRegion = new Map(preferred.map((p) => [p.regionId, p.type as PreferredRegionTypeValue]));
  const states = new Map<string, PreferredRegionTypeValue>();
  for (const region of master.regions) {
    const type = byRegion.get(region.regionId);
    if (type === undefined) continue;
    for (const state of region.states) states.set(state.code, type);
  }
  return states;
}

/**
 * The preferred regions after one region's choice changes in the editor (null: not preferred), as
 * PUT /api/brokerCarrier/preferredRegions takes them: the whole list, by region.
 */
export function withRegionChoice(
  preferred: readonly RegionChoice[],
  regionId: number,
  type: PreferredRegionTypeValue | null,
): RegionChoice[] {
  const rest = preferred
    .filter((p) => p.regionId !== regionId)
    .map((p) => ({ regionId: p.regionId, type: p.type }));
  return (type === null ? rest : [...rest, { regionId, type }]).sort((a, b) => a.regionId - b.regionId);
}
