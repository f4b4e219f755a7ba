// A shell's first GETs, started by its entry script while the bootstrap's chunks download and run (issue 19
// target 5; decision 0063): /api/config and /api/auth/me at once, and the system alerts of the shell's area
// as soon as /api/auth/me says someone is signed in. The shell's API client (startShell) takes each answer
// once, in place of its own request, so the session, the remotes and the alerts banner no longer wait for
// React and the design system to have loaded before asking. The entry runs before Module Federation's async
// boundary: this file imports nothing shared, and the answers are handed over on a global, which the entry's
// copy of this module and @loadline/ui's both read.
import { NO_CACHE_HEADERS } from '@loadline/contracts/catalogue/http';

const KEY = '__loadlineEarlyRequests';

/**
 * How long an early answer may wait to be taken: one taken later (a page that asks only after a login form,
 * say) is asked again, fresh.
 */
export const EARLY_ANSWER_FRESH_MS = 10_000;

interface Early {
  started: number;
  response: Promise<Response>;
}

const early = (): Map<string, Early> => {
  const global = globalThis as { [KEY]?: Map<string, Early> };
  global[KEY] ??= new Map();
  return global[KEY];
};

function get(path: string): Promise<Response> {
  const url = new URL(path, globalThis.location.origin).href;
  // The same request the shell's client sends: the session cookie and the no-cache header (000 §7, 001 §9).
  const response = fetch(url, { credentials: 'include', headers: { ...NO_CACHE_HEADERS } });
  // A failure is the taker's to handle, as it would be for its own request; none is reported before.
  response.catch(() => undefined);
  early().set(url, { started: performance.now(), response });
  return response;
}

/** Starts a shell's first GETs; the shell's entry script calls it before importing its bootstrap. */
export function startEarlyRequests(options: { alertsArea: 'backoffice' | 'frontoffice' }): void {
  if (typeof fetch !== 'function' || !globalThis.location?.origin?.startsWith('http')) return;
  get('/api/config');
  const me = get('/api/auth/me');
  // Not for an anonymous visitor: the alerts would be refused (401), and nothing would read them.
  me.then(
    (answer) => {
      if (answer.ok) get(`/api/systemalerts?area=${options.alertsArea}&showall=false`);
    },
    () => undefined,
  );
}

/**
 * The shell's client's fetch: a GET started early for the same address is answered by that request, once
 * and while fresh; everything else goes out now.
 */
export function fetchEarlyOrNow(request: Request): Promise<Response> {
  const started = request.method === 'GET' ? early().get(request.url) : undefined;
  if (started) {
    early().delete(request.url);
    if (performance.now() - started.started <= EARLY_ANSWER_FRESH_MS) return started.response;
  }
  return fetch(request);
}
