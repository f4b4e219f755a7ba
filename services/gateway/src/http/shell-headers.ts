// The security headers of the shells' pages (issue 20): a Content-Security-Policy that lets the page run only
// its own scripts and the remotes' (their origins, when a remote is deployed elsewhere), draw map tiles from
// the configured tile server, and never be framed by another site; HSTS where the origin is HTTPS.

export interface ShellHeaderOptions {
  /** remote name → the manifest URL of a remote deployed elsewhere (its origin may serve scripts) */
  remoteUrls: Record<string, string>;
  /** a map tile server URL template (its origin may serve images) */
  mapTileUrl?: string | undefined;
  /** served over HTTPS (production): browsers are told to keep to it */
  hsts: boolean;
}

const originOf = (url: string): string | null => {
  try {
    const u = new URL(url.replace(/\{[a-z]\}/g, '0'));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
};

export function shellHeaders(options: ShellHeaderOptions): Record<string, string> {
  const remotes = [...new Set(Object.values(options.remoteUrls).flatMap((u) => originOf(u) ?? []))];
  const tiles = options.mapTileUrl ? originOf(options.mapTileUrl) : null;
  const policy = [
    "default-src 'self'",
    `script-src ${["'self'", ...remotes].join(' ')}`,
    // Components and the map library set styles at run time.
    `style-src ${["'self'", "'unsafe-inline'", ...remotes].join(' ')}`,
    `img-src ${["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])].join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${["'self'", ...remotes].join(' ')}`,
    // The terminal page (000 §2 item 7) and documents open in frames of our own origin.
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
