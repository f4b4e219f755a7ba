// Entries as the API answers them (000 §3's field names). The caller decides what an entry shows: a
// customer never sees who on the broker's staff an entry assigns.
import {
  BrokerCarrierActivityType,
  OrganizationLogActivityType,
  ShipmentActivityType,
} from '@loadline/contracts/catalogue';
import type { Favorite } from '../app/favorites.ts';
import type { Caller } from '../domain/access.ts';
import type { CarrierEntry, OrganizationEntry } from '../domain/other-entries.ts';
import type { ShipmentEntry } from '../domain/shipment-entry.ts';

export function shipmentActivityOut(entry: ShipmentEntry, caller: Caller, archived = false) {
  const staffView = caller.kind === 'staff';
  return {
    id: entry.activity_id,
    shipmentId: entry.shipment_id,
    activityType: entry.activity_type,
    activityTypeName: ShipmentActivityType.nameOf(entry.activity_type) ?? String(entry.activity_type),
    accessLevel: entry.access_level,
    description: entry.description,
    activityDescription: entry.description,
    presetPayableNote: entry.preset_payable_note,
    presetAuditNote: entry.preset_audit_note,
    isAssignment: entry.is_assignment,
    assignmentDelayMinutes: entry.assignment_delay_minutes,
    assignToStaffId: staffView ? entry.assign_to_staff_id : null,
    assignToStaffName: staffView ? entry.assign_to_name : null,
    isTeam: entry.assign_to_team,
    assignmentDueDate: entry.assignment_due_at?.toISOString() ?? null,
    isAssigned: entry.is_assignment && entry.assigned_at !== null,
    isScheduled: entry.is_assignment && entry.assigned_at === null,
    pinned: entry.pinned,
    userName: entry.user_name,
    createdDate: entry.created_at.toISOString(),
    isArchived: archived,
    pushedFromShipmentId: entry.pushed_from_shipment_id,
    email:
      entry.email_type !== null
        ? {
            emailAutomationDetailId: entry.email_automation_detail_id ?? '',
            type: entry.email_type,
            name: entry.email_from_name ?? '',
            date: (entry.email_date ?? entry.created_at).toISOString(),
            body: entry.description,
          }
        : null,
  };
}

export function organizationActivityOut(entry: OrganizationEntry) {
  return {
    id: entry.activityId,
    organizationId: entry.organizationId,
    activityType: entry.activityType,
    activityTypeName: OrganizationLogActivityType.nameOf(entry.activityType) ?? String(entry.activityType),
    presetCollectionNote: entry.presetCollectionNote,
    presetOnboardingNote: entry.presetOnboardingNote,
    activityDescription: entry.description,
    accessLevel: entry.accessLevel,
    userName: entry.userName,
    createdDate: entry.createdAt.toISOString(),
    lastUpdated: entry.lastUpdated.toISOString(),
  };
}

export function carrierActivityOut(entry: CarrierEntry) {
  return {
    id: entry.activityId,
    carrierMasterId: entry.carrierMasterId,
    activityType: entry.activityType,
    activityTypeName: BrokerCarrierActivityType.nameOf(entry.activityType) ?? entry.activityType,
    activityDescription: entry.description,
    accessLevel: entry.accessLevel,
    userName: entry.userName,
    createdDate: entry.createdAt.toISOString(),
  };
}

export const favoriteOut = (a: Favorite) => ({
  shipmentId: a.shipment_id,
  staffId: a.is_team ? null : a.assignee,
  staffName: a.assignee_name,
  isTeam: a.is_team,
  staffAssignmentStatus: a.status,
  createdDate: a.created_at.toISOString(),
  dueDate: a.due_at.toISOString(),
  activityRef: a.activity_id,
  organizationId: a.organization_id,
  delay: a.delay_minutes,
  ...a.flags,
});
