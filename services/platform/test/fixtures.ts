// Events the platform's tests send: a customer user of a broker, as the directory announces one.
import type { UserChangedV1 } from '@loadline/contracts/events';

export const userChanged = (overrides: Partial<UserChangedV1> = {}): UserChangedV1 => ({
  userId: 'usr_1',
  version: 1,
  organizationId: 'org_1',
  organizationType: 70,
  brokerId: 'org_b',
  kind: 'customer',
  email: 'a@b.test',
  firstName: 'Ann',
  lastName: 'Lee',
  permissions: 0,
  customerSettings: 0,
  active: true,
  ...overrides,
});
