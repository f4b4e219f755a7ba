// The US map of a carrier's preferred regions (001 §2 "Carrier preview, with a US map of preferred
// regions"): Leaflet drawing the US states bundled from us-atlas (Census Bureau geometry; topojson-client
// turns it into GeoJSON), so it needs no network and no tile server. Each state is filled with the
// direction its region is preferred in (Inbound, Outbound, Both). Loaded lazily (LazyRegionsMap): Leaflet
// and the geometry are the remote's heaviest part.
import 'leaflet/dist/leaflet.css';
import { PreferredRegionType, type PreferredRegionTypeValue, UsState } from '@loadline/contracts';
import type { Feature, FeatureCollection } from 'geojson';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';
import { directionColours, unpreferredColour } from '../../rules/regions.ts';

export interface RegionsMapProps {
  /** state code → the direction its region is preferred in */
  directions: ReadonlyMap<string, PreferredRegionTypeValue>;
  height?: number;
}

/** The lower 48 states: what a carrier's lanes mostly cover. */
const contiguousUs: L.LatLngBoundsExpression = [
  [24.4, -124.8],
  [49.4, -66.9],
];

const codeByName = new Map(UsState.entries.map((s) => [s.name.toLowerCase(), s.code]));
let usStates: FeatureCollection | undefined;
function statesGeometry(): FeatureCollection {
  if (!usStates) {
    const topology = states as unknown as Topology;
    usStates = feature(topology, topology.objects.states!) as unknown as FeatureCollection;
  }
  return usStates;
}
const stateCodeOf = (f: Feature | undefined) =>
  codeByName.get(String(f?.properties?.name ?? '').toLowerCase()) ?? null;

export function RegionsMap({ directions, height = 300 }: RegionsMapProps) {
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    // A picture of the regions (role img; the table beside it lists them): nothing in it takes the focus,
    // so no zoom buttons and no keyboard handler (axe nested-interactive).
    const map = L.map(element.current, {
      attributionControl: false,
      zoomControl: false,
      keyboard: false,
      zoomSnap: 0.25,
      scrollWheelZoom: false,
    });
    L.geoJSON(statesGeometry(), {
      style: (f) => {
        const code = stateCodeOf(f);
        const type = code ? directions.get(code) : undefined;
        return {
          color: '#868e96',
          weight: 0.8,
          fillOpacity: 1,
          fillColor: type ? directionColours[type] : unpreferredColour,
          className: `state state-${code ?? 'other'} direction-${type ? PreferredRegionType.codeOf(type) : 'none'}`,
        };
      },
      onEachFeature: (f, layer) => {
        const code = stateCodeOf(f);
        const type = code ? directions.get(code) : undefined;
        layer.bindTooltip(
          `${f.properties?.name ?? ''}${type ? `: ${PreferredRegionType.nameOf(type)}` : ''}`,
          {
            sticky: true,
          },
        );
      },
    }).addTo(map);
    map.fitBounds(contiguousUs);
    // A map drawn inside a modal that was still opening has the wrong size until told.
    const timer = setTimeout(() => {
      map.invalidateSize();
      map.fitBounds(contiguousUs);
    }, 250);
    return () => {
      clearTimeout(timer);
      map.remove();
    };
  }, [directions]);

  const counts = PreferredRegionType.entries.map((t) => {
    const n = [...directions.values()].filter((d) => d === t.value).length;
    return `${t.name} ${n} state${n === 1 ? '' : 's'}`;
  });
  return (
    <div
      ref={element}
      role="img"
      aria-label={`Map of preferred regions: ${counts.join(', ')}`}
      style={{ height, width: '100%', borderRadius: 4, background: '#ffffff' }}
    />
  );
}

export default RegionsMap;
