// The map in a chunk of its own (Leaflet and the US geometry are the remote's heaviest part): loaded when a
// map is first shown, a loader in its place until then.
import { Center, Loader } from '@loadline/ui';
import { lazy, Suspense } from 'react';
import type { MapViewProps } from './MapView.tsx';

const MapView = lazy(() => import(/* webpackChunkName: "tracking-map" */ './MapView.tsx'));

export function LazyMapView(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <Center style={{ height: props.height ?? 360 }}>
          <Loader aria-label="Loading the map" />
        </Center>
      }
    >
      <MapView {...props} />
    </Suspense>
  );
}
