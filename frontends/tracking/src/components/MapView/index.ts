export { LazyMapView as MapView } from './LazyMapView.tsx';
export type { MapMarker, MapViewProps } from './MapView.tsx';
