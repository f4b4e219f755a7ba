export { LastKnownLocation, type LastKnownLocationProps } from './LastKnownLocation.tsx';
