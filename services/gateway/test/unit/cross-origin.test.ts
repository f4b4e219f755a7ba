// Which requests the gateway refuses as made by another site (http/cross-origin.ts; issue 20).
import { describe, expect, it } from 'vitest';
import { isRefusedCrossOrigin, type RequestSignals } from '../../src/http/cross-origin.ts';

const at = (r: Partial<RequestSignals>): RequestSignals => ({
  method: 'POST',
  path: '/api/shipments',
  secFetchSite: undefined,
  origin: undefined,
  host: 'tms.example.com',
  allowedOrigins: [],
  ...r,
});

describe('cross-origin requests', () => {
  it('refuses a state-changing request from another site, by Sec-Fetch-Site or by Origin', () => {
    expect(isRefusedCrossOrigin(at({ secFetchSite: 'cross-site' }))).toBe(true);
    expect(isRefusedCrossOrigin(at({ secFetchSite: 'same-site' }))).toBe(true);
    expect(isRefusedCrossOrigin(at({ origin: 'https://evil.example' }))).toBe(true);
    expect(
      isRefusedCrossOrigin(at({ method: 'DELETE', origin: 'https://tms.example.com.evil.example' })),
    ).toBe(true);
    expect(isRefusedCrossOrigin(at({ origin: 'null' }))).toBe(true);
  });

  it('lets the same origin through, and a request with no browser signal (an integration)', () => {
    expect(isRefusedCrossOrigin(at({ secFetchSite: 'same-origin', origin: 'https://tms.example.com' }))).toBe(
      false,
    );
    expect(isRefusedCrossOrigin(at({ origin: 'https://tms.example.com' }))).toBe(false);
    expect(isRefusedCrossOrigin(at({ origin: 'https://TMS.example.com' }))).toBe(false);
    expect(isRefusedCrossOrigin(at({}))).toBe(false);
  });

  it('refuses any /api/ request from another site, a GET (the consolidation push) and the live hub included', () => {
    expect(
      isRefusedCrossOrigin(
        at({ method: 'GET', path: '/api/consolidation/activity/10038', secFetchSite: 'cross-site' }),
      ),
    ).toBe(true);
    expect(
      isRefusedCrossOrigin(at({ method: 'GET', path: '/api/live', origin: 'https://evil.example' })),
    ).toBe(true);
    // A link typed or opened from a mail program is the user's own doing.
    expect(isRefusedCrossOrigin(at({ method: 'GET', path: '/api/files/f1', secFetchSite: 'none' }))).toBe(
      false,
    );
  });

  it('keeps pages reachable from anywhere: links to them are how people arrive', () => {
    expect(
      isRefusedCrossOrigin(at({ method: 'GET', path: '/back-office/', secFetchSite: 'cross-site' })),
    ).toBe(false);
    expect(
      isRefusedCrossOrigin(at({ method: 'GET', path: '/driver-location/abc', secFetchSite: 'cross-site' })),
    ).toBe(false);
  });

  it('lets the configured other origins call (ALLOWED_ORIGINS)', () => {
    const allowedOrigins = ['https://portal.example.com'];
    expect(
      isRefusedCrossOrigin(
        at({ origin: 'https://portal.example.com', secFetchSite: 'cross-site', allowedOrigins }),
      ),
    ).toBe(false);
    expect(isRefusedCrossOrigin(at({ origin: 'https://other.example.com', allowedOrigins }))).toBe(true);
  });
});
