export { TrackingPlugin } from './TrackingPlugin.tsx';
