// The map in a chunk of its own (Leaflet and the US geometry): loaded when a preview first shows it, a
// loader in its place until then.
import { Center, Loader } from '@loadline/ui';
import { lazy, Suspense } from 'react';
import type { RegionsMapProps } from './RegionsMap.tsx';

const RegionsMap = lazy(() => import(/* webpackChunkName: "carriers-regions-map" */ './RegionsMap.tsx'));

export function LazyRegionsMap(props: RegionsMapProps) {
  return (
    <Suspense
      fallback={
        <Center style={{ height: props.height ?? 300 }}>
          <Loader aria-label="Loading the map" />
        </Center>
      }
    >
      <RegionsMap {...props} />
    </Suspense>
  );
}
