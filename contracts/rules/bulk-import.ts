// Who may import shipments (issue 17, decision 0095), one rule for the shipments service and the screens:
// 002 §6.2 gives the shipment importer to TMS Site Admin; IT support admins hold the full application, and
// 001 §2's onboarding guide hides import from everyone else. Broker staff only.
import { StaffPermission } from '../catalogue/index.ts';

export function mayImportShipments(user: { kind: 'staff' | 'customer'; permissions: number }): boolean {
  return (
    user.kind === 'staff' &&
    (StaffPermission.has(user.permissions, 'TMSSiteAdmin') ||
      StaffPermission.has(user.permissions, 'ITSupportAdmin'))
  );
}
