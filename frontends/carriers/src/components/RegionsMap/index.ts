export { LazyRegionsMap as RegionsMap } from './LazyRegionsMap.tsx';
export type { RegionsMapProps } from './RegionsMap.tsx';
