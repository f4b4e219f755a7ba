// Who a signed-in user is, as the gateway knows it from its read model of the directory, and the identity
// it signs for the services from that.
import type { Identity } from '@loadline/platform';

export interface Me {
  userId: string;
  kind: 'staff' | 'customer';
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  organizationId: string;
  organizationName: string;
  organizationType: number;
  brokerId: string;
  permissions: number;
  customerSettings: number;
}

export const identityOf = (me: Me, sessionId: string): Identity => ({
  userId: me.userId,
  kind: me.kind,
  email: me.email,
  displayName: me.displayName,
  organizationId: me.organizationId,
  organizationType: me.organizationType,
  brokerId: me.brokerId,
  permissions: me.permissions,
  customerSettings: me.customerSettings,
  sessionId,
});
