// A session: a random id (in an HTTP-only, SameSite cookie: http/caller.ts), kept in Redis; each request
// slides it forward.

/** A working day and a bit; each request slides it forward. */
export const sessionLifetimeSeconds = 12 * 3600;

export interface Session {
  sessionId: string;
  userId: string;
  createdAt: string;
}
