export { RequestDriverLocation, type RequestDriverLocationProps } from './RequestDriverLocation.tsx';
