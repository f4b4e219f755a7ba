export { TrackingLinkButton, type TrackingLinkButtonProps } from './TrackingLinkButton.tsx';
