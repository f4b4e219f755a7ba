// The signed-in user of a shell: loaded from GET /api/auth/me, cleared on any 401 (the client's
// onUnauthorized) and on logout. A tiny external store, read with `useSession`.

import type { GatewayClient } from './ApiContext.tsx';
import type { CurrentUser } from './types.ts';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'authenticated'; user: CurrentUser };

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  signIn(user: CurrentUser): void;
  /** Called by the API client on a 401: the session is gone. */
  expire(): void;
  /** GET /api/auth/me: authenticated on 200, anonymous on 401 (or any failure). */
  load(client: GatewayClient): Promise<SessionState>;
  /** POST /api/auth/logout, then anonymous whatever the answer. */
  logout(client: GatewayClient): Promise<void>;
}

export function createSessionStore(): SessionStore {
  let state: SessionState = { status: 'loading', user: null };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const anonymous: SessionState = { status: 'anonymous', user: null };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (user) => set({ status: 'authenticated', user }),
    expire: () => {
      if (state.status !== 'anonymous') set(anonymous);
    },
    async load(client) {
      try {
        const { data } = await client.GET('/api/auth/me');
        set(data ? { status: 'authenticated', user: data } : anonymous);
      } catch {
        set(anonymous);
      }
      return state;
    },
    async logout(client) {
      try {
        await client.POST('/api/auth/logout');
      } finally {
        set(anonymous);
      }
    },
  };
}
