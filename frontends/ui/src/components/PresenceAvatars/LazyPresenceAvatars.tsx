import { lazy, Suspense } from 'react';
import type { PresenceAvatarsProps } from './PresenceAvatars.tsx';

// Its own chunk (avatars with tooltips): loaded only once someone else is viewing the page.
const Avatars = lazy(() =>
  import(/* webpackChunkName: "ui-presence" */ './PresenceAvatars.tsx').then((m) => ({
    default: m.PresenceAvatars,
  })),
);

/** Who else is viewing the page; nothing (and nothing loaded) while nobody else is. */
export function LazyPresenceAvatars(props: PresenceAvatarsProps) {
  if (props.users.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Avatars {...props} />
    </Suspense>
  );
}
