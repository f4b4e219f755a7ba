import '../../test/setup.ts';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { errorToastText, modelErrors, serverMessages } from './errors.ts';
import type { GatewayPaths } from './types.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const me = {
  userId: 'usr_1',
  kind: 'staff',
  email: 'ana@broker.test',
  displayName: 'Ana Diaz',
  firstName: 'Ana',
  lastName: 'Diaz',
  organizationId: 'org_1',
  organizationName: 'Broker One',
  organizationType: 60,
  brokerId: 'org_1',
  permissions: 0,
  customerSettings: 0,
};

describe('createApiClient', () => {
  it('sends the no-cache header and the session cookie on every request (000 §7, 001 §9)', async () => {
    const seen: Request[] = [];
    server.use(
      http.get('*/api/auth/me', ({ request }) => {
        seen.push(request);
        return HttpResponse.json(me);
      }),
      http.post('*/api/support/create', ({ request }) => {
        seen.push(request);
        return HttpResponse.json({ supportRequestId: 'sup_1' }, { status: 201 });
      }),
    );
    const client = createApiClient<GatewayPaths>();
    const { data } = await client.GET('/api/auth/me');
    await client.POST('/api/support/create', { body: { supportRequestType: 0, currentURL: 'http://x/' } });

    expect(data?.email).toBe('ana@broker.test');
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers.get('cache-control')).toBe('no-cache');
      expect(request.headers.get('pragma')).toBe('no-cache');
      expect(request.credentials).toBe('include');
      // Same origin: everything goes through the gateway.
      expect(new URL(request.url).origin).toBe(window.location.origin);
    }
  });

  it('calls onUnauthorized on a 401 and not otherwise', async () => {
    server.use(
      http.get('*/api/auth/me', () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Please log in to continue.' },
          { status: 401 },
        ),
      ),
      http.get('*/api/config', () =>
        HttpResponse.json({ remotes: {}, ssoEnabled: false, ssoLoginUrl: null, environment: 'test' }),
      ),
    );
    const onUnauthorized = vi.fn();
    const client = createApiClient<GatewayPaths>({ onUnauthorized });
    await client.GET('/api/config');
    expect(onUnauthorized).not.toHaveBeenCalled();
    const { error } = await client.GET('/api/auth/me');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error?.message).toBe('Please log in to continue.');
  });
});

describe('model errors (000 §5)', () => {
  const body = {
    statusCode: 400,
    error: 'Bad Request',
    message: 'status: invalid',
    errors: {
      'model.status': ['Status is not allowed.'],
      pickupDate: ['Not a model error.'],
      'shipment.model.proNumber': ['Pro number is taken.', 'Pro number is too short.'],
    },
  };

  it('keeps only the entries whose key contains "model."', () => {
    expect(modelErrors(body)).toEqual([
      'Status is not allowed.',
      'Pro number is taken.',
      'Pro number is too short.',
    ]);
  });

  it('reads nothing from bodies of another shape', () => {
    expect(modelErrors(undefined)).toEqual([]);
    expect(modelErrors('<html>Bad gateway</html>')).toEqual([]);
    expect(modelErrors({ statusCode: 400, error: 'Bad Request', message: 'x' })).toEqual([]);
  });

  it("forms 'Error: ' + the model errors, else the fallback (000 §8)", () => {
    const fallback = 'Error: An error occured updating shipment information. Please try again.';
    expect(errorToastText(body, fallback)).toBe(
      'Error: Status is not allowed. Pro number is taken. Pro number is too short.',
    );
    expect(
      errorToastText({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, fallback),
    ).toBe(fallback);
  });

  it('lists the server messages: model errors first, else the message', () => {
    expect(serverMessages(body)).toEqual([
      'Status is not allowed.',
      'Pro number is taken.',
      'Pro number is too short.',
    ]);
    expect(
      serverMessages({ statusCode: 409, error: 'Conflict', message: 'The shipment changed meanwhile.' }),
    ).toEqual(['The shipment changed meanwhile.']);
  });
});
