import '../../test/setup.ts';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw, staffMe } from '../../test/msw.ts';
import { createApiClient } from '../api/client.ts';
import type { GatewayPaths } from '../api/types.ts';
import { fetchEarlyOrNow, startEarlyRequests } from './earlyRequests.ts';

const server = setupMsw();

/** Handlers that count what reached the gateway, by path and query. */
function gateway(signedIn: boolean) {
  const asked: string[] = [];
  const seen = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
  };
  server.use(
    http.get('*/api/config', ({ request }) => {
      seen(request);
      return HttpResponse.json({ remotes: {}, ssoEnabled: false });
    }),
    http.get('*/api/auth/me', ({ request }) => {
      seen(request);
      return signedIn ? HttpResponse.json(staffMe) : new HttpResponse(null, { status: 401 });
    }),
    http.get('*/api/systemalerts', ({ request }) => {
      seen(request);
      return HttpResponse.json({ systemAlerts: [], totalCount: 0 });
    }),
  );
  return asked;
}

const clientOf = (onUnauthorized: () => void = () => undefined) =>
  createApiClient<GatewayPaths>({ onUnauthorized, fetch: fetchEarlyOrNow });

describe("a shell's early requests", () => {
  it('answer the client’s first GETs of config, session and alerts, each asked of the gateway once', async () => {
    const asked = gateway(true);
    startEarlyRequests({ alertsArea: 'backoffice' });
    const client = clientOf();
    const [config, me] = await Promise.all([client.GET('/api/config'), client.GET('/api/auth/me')]);
    expect(config.data).toMatchObject({ remotes: {} });
    expect(me.data).toEqual(staffMe);
    const alerts = await client.GET('/api/systemalerts', {
      params: { query: { area: 'backoffice', showall: false } },
    });
    expect(alerts.data).toEqual({ systemAlerts: [], totalCount: 0 });
    expect(asked.sort()).toEqual([
      '/api/auth/me',
      '/api/config',
      '/api/systemalerts?area=backoffice&showall=false',
    ]);
    // Taken once: the next ones go to the gateway.
    await client.GET('/api/auth/me');
    await client.GET('/api/systemalerts', { params: { query: { area: 'backoffice', showall: true } } });
    expect(asked.filter((a) => a === '/api/auth/me')).toHaveLength(2);
    expect(asked).toContain('/api/systemalerts?area=backoffice&showall=true');
  });

  it('ask no alerts for an anonymous visitor, whose refused session still reaches the client’s 401 handling', async () => {
    const asked = gateway(false);
    startEarlyRequests({ alertsArea: 'frontoffice' });
    let unauthorized = 0;
    const client = clientOf(() => {
      unauthorized += 1;
    });
    const me = await client.GET('/api/auth/me');
    expect(me.response.status).toBe(401);
    expect(unauthorized).toBe(1);
    await client.GET('/api/config');
    expect(asked.sort()).toEqual(['/api/auth/me', '/api/config']);
  });
});
