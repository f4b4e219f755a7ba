// The map of the location history and the address map (000 §2 items 1 and 3): Leaflet drawing the US
// states bundled from us-atlas (Census Bureau geometry, topojson-client turns it into GeoJSON), so it
// works with no network; tiles are added only when the gateway names a tile server (MAP_TILE_URL in
// /api/config). Loaded lazily (LazyMapView) so the remote's first load stays small.
import 'leaflet/dist/leaflet.css';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@loadline/contracts';
import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';

export interface MapMarker {
  id: number | string;
  latitude: number;
  longitude: number;
  label: string;
  /** the newest location, drawn larger */
  highlighted?: boolean;
  color?: string;
}

export interface MapViewProps {
  markers: readonly MapMarker[];
  /** where to look when there are no markers; default the middle of the US at zoom 4 (000 §9) */
  center?: { latitude: number; longitude: number; zoom: number };
  /** a tile server URL template; none: bundled geometry only */
  tileUrl?: string | null;
  /** draw a line through the markers in order (the route taken) */
  route?: boolean;
  height?: number | string;
  label?: string;
}

let usStates: FeatureCollection | undefined;
function statesGeometry(): FeatureCollection {
  if (!usStates) {
    const topology = states as unknown as Topology;
    usStates = feature(topology, topology.objects.states!) as unknown as FeatureCollection;
  }
  return usStates;
}

export function MapView({
  markers,
  center,
  tileUrl,
  route = false,
  height = 360,
  label = 'Map',
}: MapViewProps) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const m = L.map(element.current, {
      zoomControl: true,
      attributionControl: Boolean(tileUrl),
      worldCopyJump: true,
    });
    map.current = m;
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(m);
    L.geoJSON(statesGeometry(), {
      style: { color: '#868e96', weight: 1, fillColor: '#f1f3f5', fillOpacity: tileUrl ? 0 : 1 },
      interactive: false,
    }).addTo(m);
    layer.current = L.layerGroup().addTo(m);
    m.setView([MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude], MAP_DEFAULT_ZOOM);
    return () => {
      m.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    for (const marker of markers) {
      L.circleMarker([marker.latitude, marker.longitude], {
        radius: marker.highlighted ? 9 : 6,
        color: '#fff',
        weight: 2,
        fillColor: marker.color ?? (marker.highlighted ? '#e8590c' : '#1c7ed6'),
        fillOpacity: 1,
      })
        .bindTooltip(marker.label)
        .addTo(group);
    }
    if (route && markers.length > 1)
      L.polyline(
        markers.map((p) => [p.latitude, p.longitude] as [number, number]),
        { color: '#1c7ed6', weight: 2, dashArray: '4 6' },
      ).addTo(group);
    if (center) m.setView([center.latitude, center.longitude], center.zoom);
    else if (markers.length === 1) m.setView([markers[0]!.latitude, markers[0]!.longitude], 7);
    else if (markers.length > 1)
      m.fitBounds(L.latLngBounds(markers.map((p) => [p.latitude, p.longitude] as [number, number])), {
        padding: [30, 30],
        maxZoom: 9,
      });
    else m.setView([MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude], MAP_DEFAULT_ZOOM);
  }, [markers, center, route]);

  useEffect(() => {
    // A map drawn inside a modal that was still animating has the wrong size until told.
    const timer = setTimeout(() => map.current?.invalidateSize(), 250);
    return () => clearTimeout(timer);
  }, []);

  return (
    // An interactive map (zoom buttons, keyboard, markers that take the focus): a region named by what it
    // shows, not an image (an image may hold nothing focusable, axe nested-interactive).
    <section
      ref={element}
      aria-roledescription="map"
      aria-label={`${label}: ${markers.length === 0 ? 'no located points' : `${markers.length} located point${markers.length === 1 ? '' : 's'}`}`}
      data-center={center ? `${center.latitude},${center.longitude},${center.zoom}` : undefined}
      style={{ height, width: '100%', borderRadius: 4, background: '#dbe4ea' }}
    ></section>
  );
}

export default MapView;
