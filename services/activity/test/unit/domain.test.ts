// The activity service's pure rules (src/domain), given → when → then, with the spec's values.
import {
  AccessLevel,
  ShipmentActivityType,
  ShipmentStatus,
  StaffPermission,
} from '@loadline/contracts/catalogue';
import { ACTIVITY_LOG_REMAINING_MAX } from '@loadline/contracts/rules/activity';
import { describe, expect, it } from 'vitest';
import {
  canSeeShipment,
  organizationLevelProblem,
  shipmentScope,
  visibleOrganizationLevels,
  visibleShipmentLevels,
} from '../../src/domain/access.ts';
import { archiveCutoff, isArchivable } from '../../src/domain/archive.ts';
import { planEmailEntry, reassignProblem } from '../../src/domain/email.ts';
import { assignmentFlags, isDue, toggleAssignment } from '../../src/domain/favorites.ts';
import { entryFromNote, statusChangeDescription } from '../../src/domain/from-events.ts';
import { logCriteria } from '../../src/domain/log-query.ts';
import { planCarrierEntry, planOrganizationEntry } from '../../src/domain/other-entries.ts';
import { manualActivityTypes, planShipmentEntry } from '../../src/domain/shipment-entry.ts';

const S = ShipmentStatus.values;
const T = ShipmentActivityType.values;
const A = AccessLevel.values;
const staff = {
  userId: 'u1',
  kind: 'staff' as const,
  displayName: 'Omar',
  organizationId: 'b',
  brokerId: 'b',
  permissions: 0,
};
const itAdmin = { ...staff, permissions: StaffPermission.combine('ITSupportAdmin') };
const customer = { ...staff, kind: 'customer' as const, organizationId: 'c1' };
const now = new Date('2026-11-23T12:00:00Z');

describe('a new shipment entry (000 §3, §5, §9)', () => {
  it('is General and Private by default', () => {
    const plan = planShipmentEntry({ description: 'Hello' }, staff, now);
    expect(plan).toEqual({
      ok: true,
      value: {
        activityType: T.General,
        accessLevel: A.Private,
        description: 'Hello',
        presetPayableNote: null,
        presetAuditNote: null,
        pinned: false,
        assignment: null,
      },
    });
  });

  it('is added by hand in every type but All, Status Change and Email', () => {
    expect(manualActivityTypes).toEqual([
      T.Receivable,
      T.Payable,
      T.Pricing,
      T.Operations,
      T.General,
      T.Audit,
      T.Claims,
    ]);
  });

  it('plans an assignment: delay 0 assigned now, above 0 scheduled at created + delay', () => {
    const now0 = planShipmentEntry(
      { description: 'x', isAssignment: true, assignToStaffId: 'u2' },
      staff,
      now,
    );
    expect(now0.ok && now0.value.assignment).toEqual({
      staffId: 'u2',
      isTeam: false,
      delayMinutes: 0,
      dueAt: now,
      assignedNow: true,
    });
    const week = planShipmentEntry(
      {
        description: 'x',
        isAssignment: true,
        isTeam: true,
        assignToStaffId: 'ignored',
        assignmentDelayMinutes: 10080,
      },
      staff,
      now,
    );
    expect(week.ok && week.value.assignment).toEqual({
      staffId: null,
      isTeam: true,
      delayMinutes: 10080,
      dueAt: new Date('2026-11-30T12:00:00Z'),
      assignedNow: false,
    });
  });

  it('lets only IT support admins write Admin', () => {
    expect(planShipmentEntry({ description: 'x', accessLevel: A.Admin }, staff, now).ok).toBe(false);
    expect(planShipmentEntry({ description: 'x', accessLevel: A.Admin }, itAdmin, now).ok).toBe(true);
  });
});

describe('status change text (ours; 000 names the type)', () => {
  const base = {
    change: 'status' as const,
    previousStatus: S.OutForDelivery,
    status: S.Delivered,
    previousTransitLegStatus: S.OutForDelivery,
    transitLegStatus: S.Delivered,
    transitLegType: 1 as const,
    lostQuoteAlertRequested: false,
    location: null,
  };
  it('names the move and the location of the check call', () => {
    expect(statusChangeDescription(base)).toBe('Status changed from Out for Delivery to Delivered.');
    expect(statusChangeDescription({ ...base, location: 'Chicago, IL' })).toBe(
      'Status changed from Out for Delivery to Delivered. Location: Chicago, IL.',
    );
    expect(
      statusChangeDescription({ ...base, change: 'cancel', previousStatus: S.Quote, status: S.Canceled }),
    ).toBe('Shipment canceled (was Quote).');
  });

  it('files a note of type All as General', () => {
    const entry = entryFromNote({
      noteId: 'n',
      shipmentId: 1,
      brokerId: 'b',
      customerOrganizationId: 'c',
      activityType: T.All,
      accessLevel: A.Public,
      description: 'd',
      pinned: false,
      createdBy: { userId: 'u', name: 'U' },
      createdDate: now.toISOString(),
    });
    expect(entry.activityType).toBe(T.General);
  });
});

describe('who sees what (000 §6)', () => {
  it('shows customers Public, staff Public and Private, IT support admins all three', () => {
    expect(visibleShipmentLevels(customer)).toEqual([A.Public]);
    expect(visibleShipmentLevels(staff)).toEqual([A.Public, A.Private]);
    expect(visibleShipmentLevels(itAdmin)).toEqual([A.Public, A.Private, A.Admin]);
  });

  it('shows a customer its own organization’s shipments only, staff their broker’s', () => {
    const mine = { broker_id: 'b', customer_organization_id: 'c1' };
    const theirs = { broker_id: 'b', customer_organization_id: 'c2' };
    expect(canSeeShipment(customer, mine)).toBe(true);
    expect(canSeeShipment(customer, theirs)).toBe(false);
    expect(canSeeShipment(staff, theirs)).toBe(true);
    expect(canSeeShipment(staff, { ...theirs, broker_id: 'other' })).toBe(false);
    expect(canSeeShipment(staff, undefined)).toBe(false);
    expect(shipmentScope(customer)).toEqual({ brokerId: 'b', customerOrganizationId: 'c1' });
  });

  it('offers organization Admin to the four permissions of 000 §6', () => {
    for (const p of [
      'ITSupportAdmin',
      'AccountingARRevisions',
      'AccountingAPRevisions',
      'MarginAddEdit',
    ] as const) {
      const who = { ...staff, permissions: StaffPermission.combine(p) };
      expect(organizationLevelProblem(who, A.Admin)).toBeUndefined();
      expect(visibleOrganizationLevels(who)).toContain(A.Admin);
    }
    expect(organizationLevelProblem(staff, A.Admin)).toBeDefined();
    expect(visibleOrganizationLevels(customer)).toEqual([]);
  });
});

describe('favorites (001 §3, §4)', () => {
  it('cycles, and tells assigned, scheduled and completed apart', () => {
    const active = toggleAssignment(undefined, 0, now);
    expect(assignmentFlags(active)).toEqual({ isAssigned: true, isCompleted: false, isScheduled: false });
    const complete = toggleAssignment(active, 0, now);
    expect(complete.status).toBe('Complete');
    expect(assignmentFlags(complete)).toEqual({ isAssigned: false, isCompleted: true, isScheduled: false });
    const inactive = toggleAssignment(complete, 0, now);
    expect(inactive.status).toBe('Inactive');
    const scheduled = toggleAssignment(inactive, 30, now);
    expect(assignmentFlags(scheduled)).toEqual({ isAssigned: false, isCompleted: false, isScheduled: true });
    expect(isDue(scheduled, now)).toBe(false);
    expect(isDue(scheduled, new Date(now.getTime() + 30 * 60_000))).toBe(true);
  });
});

describe('the archive (000 §4, §9)', () => {
  it('archives Delivered and Complete shipments delivered a year ago or more', () => {
    expect(archiveCutoff(now)).toEqual(new Date('2025-11-23T12:00:00Z'));
    const at = (iso: string) => new Date(iso);
    expect(isArchivable({ status: S.Delivered, delivered_at: at('2025-11-23T11:59:00Z') }, now)).toBe(true);
    expect(isArchivable({ status: S.Complete, delivered_at: at('2025-01-01T00:00:00Z') }, now)).toBe(true);
    expect(isArchivable({ status: S.Delivered, delivered_at: at('2025-11-24T00:00:00Z') }, now)).toBe(false);
    expect(isArchivable({ status: S.Canceled, delivered_at: at('2024-01-01T00:00:00Z') }, now)).toBe(false);
    expect(isArchivable({ status: S.Delivered, delivered_at: null }, now)).toBe(false);
  });
});

describe('the log query (000 §4, §7)', () => {
  it('reads the latest 50 by default, everything remaining on request, with the filters', () => {
    expect(logCriteria({})).toEqual({
      type: { kind: 'all' },
      pinnedOnly: false,
      nonSystemOnly: false,
      offset: 0,
      limit: 50,
    });
    expect(logCriteria({ startIndex: 50, getRemaining: true, activityType: T.Audit })).toEqual({
      type: { kind: 'type', activityType: T.Audit },
      pinnedOnly: false,
      nonSystemOnly: false,
      offset: 50,
      limit: ACTIVITY_LOG_REMAINING_MAX,
    });
    expect(logCriteria({ activityType: T.All, systemNotes: true, pinnedOnly: true }).type).toEqual({
      kind: 'systemNotes',
    });
  });
});

describe('organization, carrier and email entries', () => {
  it('defaults an organization entry to General, Admin for IT support admins', () => {
    const plan = planOrganizationEntry({ activityDescription: 'x' }, itAdmin);
    expect(plan.ok && plan.value).toMatchObject({ activityType: 0, accessLevel: A.Admin });
    expect(planOrganizationEntry({ activityDescription: 'x' }, staff)).toMatchObject({
      ok: true,
      value: { accessLevel: A.Private },
    });
  });

  it('takes carrier types by code and refuses others', () => {
    expect(planCarrierEntry({ activityDescription: 'x', activityType: 'BillPayments' }, staff).ok).toBe(true);
    expect(planCarrierEntry({ activityDescription: 'x', activityType: 'Payments' }, staff).ok).toBe(false);
  });

  it('files emails of the automation types; a dismissed one does not move', () => {
    expect(
      planEmailEntry({
        emailAutomationDetailId: 'e',
        type: 'Reply',
        name: 'n',
        body: 'b',
        date: now.toISOString(),
      }).ok,
    ).toBe(true);
    expect(
      planEmailEntry({ emailAutomationDetailId: 'e', type: 'Spam', name: 'n', body: 'b', date: 'x' }),
    ).toMatchObject({
      ok: false,
      problems: [{ field: 'type' }, { field: 'date' }],
    });
    const entry = { shipment_id: 1, broker_id: 'org_a', email_dismissed_at: null };
    const target = { shipment_id: 2, broker_id: 'org_a' };
    expect(reassignProblem({ ...entry, email_dismissed_at: now }, target)).toBe(
      'A dismissed email cannot be reassigned.',
    );
    expect(reassignProblem(entry, target)).toBeUndefined();
    expect(reassignProblem(entry, { shipment_id: 1, broker_id: 'org_a' })).toBe(
      'The email is already on shipment 1.',
    );
    // Another broker's shipment: never, whatever the caller's scope said.
    expect(reassignProblem(entry, { ...target, broker_id: 'org_b' })).toBe('Shipment 2 was not found.');
  });
});
