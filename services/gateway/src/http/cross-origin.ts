// Requests another site makes a browser send (cross-site request forgery): SameSite=Lax keeps the session
// cookie off cross-site POSTs, but not off top-level GETs, and the spec has a GET that changes data (the
// consolidation push, 000 §6); a WebSocket handshake carries the cookie from any site. So the gateway
// refuses, by the browser's own signals (Fetch Metadata's Sec-Fetch-Site, else Origin against the Host):
// - every state-changing request (POST, PUT, PATCH, DELETE) from another site;
// - every request under /api/ from another site, whatever its method (the live hub included).
// A request with neither signal does not come from a browser (an integration, a script): it is let through,
// as it cannot carry a victim's cookie without the victim's browser. Pages (the shells, the remotes, the
// driver's page) stay reachable from anywhere: links to them are how people arrive. The approach of Go's
// net/http CrossOriginProtection.

export const crossOriginMessage = 'This request came from another site and was refused.';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestSignals {
  method: string;
  path: string;
  /** the Sec-Fetch-Site header: same-origin, same-site, cross-site or none (typed, bookmarked) */
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** the host the request was made to (host:port), as the gateway sees it */
  host: string;
  /** other origins allowed to call (ALLOWED_ORIGINS), e.g. https://tms.example.com */
  allowedOrigins: readonly string[];
}

export function isRefusedCrossOrigin(r: RequestSignals): boolean {
  if (safeMethods.has(r.method.toUpperCase()) && !r.path.toLowerCase().startsWith('/api/')) return false;
  if (r.origin !== undefined && r.allowedOrigins.includes(r.origin)) return false;
  if (r.secFetchSite !== undefined) return r.secFetchSite !== 'same-origin' && r.secFetchSite !== 'none';
  if (r.origin === undefined) return false;
  try {
    return new URL(r.origin).host.toLowerCase() !== r.host.toLowerCase();
  } catch {
    // "null" (a sandboxed frame, a file) or anything unreadable is no origin of ours.
    return true;
  }
}
