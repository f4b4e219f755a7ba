export { PreferredRegions, type PreferredRegionsProps } from './PreferredRegions.tsx';
