export { LoadlineProvider, type LoadlineProviderProps } from './LoadlineProvider.tsx';
