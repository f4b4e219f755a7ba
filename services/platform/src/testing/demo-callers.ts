// The demo users as the services' tests send them as the caller (`t.as(demoCallers.ops)`): ids, names,
// e-mail addresses and organizations come from contracts/demo, so a test's caller is the user the
// demo data seeds. Permissions are the least each kind of test needs, not the seeded ones: a test that
// relies on more says so where it builds its caller (`{ ...demoCallers.ops, permissions: ... }`).
import { StaffPermission } from '@loadline/contracts/catalogue';
import { demoBroker, demoOrganizations, demoUsers } from '@loadline/contracts/demo';
import type { Identity } from '../identity.ts';

/** What a test overrides of `testIdentity()` to call as a demo user (the session and settings stay the test's). */
export type DemoCaller = Omit<Identity, 'customerSettings' | 'sessionId'>;

function demoCaller(userId: string, permissions: number): DemoCaller {
  const user = demoUsers.find((u) => u.userId === userId);
  if (!user) throw new Error(`${userId} is not a demo user (contracts/demo)`);
  const organization = demoOrganizations.find((o) => o.organizationId === user.organizationId);
  if (!organization) throw new Error(`${user.organizationId} is not a demo organization (contracts/demo)`);
  return {
    userId: user.userId,
    kind: user.kind,
    email: user.email,
    // as the gateway signs it
    displayName: `${user.firstName} ${user.lastName}`,
    organizationId: organization.organizationId,
    organizationType: organization.organizationType,
    brokerId: organization.brokerId ?? organization.organizationId,
    permissions,
  };
}

const ops = demoCaller('usr_demo_ops', StaffPermission.combine('UserAllowedOrgAccess'));

export const demoCallers = {
  /** broker staff who see the broker's customers' data */
  ops,
  /** broker staff, IT support admin */
  admin: demoCaller('usr_demo_admin', StaffPermission.combine('ITSupportAdmin')),
  /** a customer user of Acme */
  shipper: demoCaller('usr_demo_shipper', 0),
  /** a customer user of Globex, the broker's other customer */
  buyer: demoCaller('usr_demo_buyer', 0),
  /** staff like `ops` at a broker outside the demo data: sees none of it */
  otherBroker: {
    ...ops,
    userId: 'usr_other',
    email: 'olga@other-broker.test',
    displayName: 'Olga Other',
    organizationId: 'org_other_broker',
    brokerId: 'org_other_broker',
  },
} satisfies Record<string, DemoCaller>;

/** The demo organizations' ids: the broker and its two customers. */
export const demoOrganizationIds = {
  broker: demoBroker.organizationId,
  acme: demoCallers.shipper.organizationId,
  globex: demoCallers.buyer.organizationId,
};
