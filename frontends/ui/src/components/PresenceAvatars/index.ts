export { LazyPresenceAvatars as PresenceAvatars } from './LazyPresenceAvatars.tsx';
export type { PresenceAvatarsProps } from './PresenceAvatars.tsx';
