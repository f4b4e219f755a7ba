export { PresenceAvatars, type PresenceAvatarsProps } from './PresenceAvatars.tsx';
