// What every request to the gateway carries. A file of its own, importing nothing, so that a shell's entry
// script (frontends/ui/src/shell/earlyRequests.ts) takes it without the catalogue's tables and messages.

/** 000 §7, 001 §9: HTTP requests carry the no-cache header (header names ours: the usual pair). */
export const NO_CACHE_HEADERS = Object.freeze({ 'Cache-Control': 'no-cache', Pragma: 'no-cache' });
