import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CurrentUser } from '../src/api/types.ts';

/** One msw server per test file; any request without a handler fails the test. */
export function setupMsw(): ReturnType<typeof setupServer> {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export const staffMe: CurrentUser = {
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
