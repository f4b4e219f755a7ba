import { useSyncExternalStore } from 'react';
import type { SessionState, SessionStore } from '../api/session.ts';

export function useSession(store: SessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
