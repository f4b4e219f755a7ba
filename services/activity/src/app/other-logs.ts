// Use cases of the organization and carrier activity logs (000 §3, §6, §7). Broker staff only (the doors
// refuse others first); each log is the broker's own.
import { unwrap } from '@loadline/platform';
import { type Caller, visibleCarrierLevels, visibleOrganizationLevels } from '../domain/access.ts';
import {
  type NewCarrierEntryInput,
  type NewOrganizationEntryInput,
  planCarrierEntry,
  planOrganizationEntry,
} from '../domain/other-entries.ts';
import type { ActivityDeps } from '../service.ts';
import {
  carrierEntries,
  insertCarrierEntry,
  insertOrganizationEntry,
  organizationEntries,
} from '../store/other-logs.ts';
import { visibleOrganization } from './visibility.ts';

export async function organizationLog(deps: ActivityDeps, caller: Caller, organizationId: string) {
  const { db } = deps.runtime;
  const org = await visibleOrganization(db, caller, organizationId);
  return organizationEntries(db, org.organization_id, visibleOrganizationLevels(caller));
}

export async function addOrganizationEntry(
  deps: ActivityDeps,
  caller: Caller,
  input: NewOrganizationEntryInput & { organizationId: string },
) {
  const { db } = deps.runtime;
  const plan = unwrap(planOrganizationEntry(input, caller));
  const org = await visibleOrganization(db, caller, input.organizationId);
  return insertOrganizationEntry(db, {
    organization_id: org.organization_id,
    broker_id: org.broker_id,
    activity_type: plan.activityType,
    preset_collection_note: plan.presetCollectionNote,
    preset_onboarding_note: plan.presetOnboardingNote,
    description: plan.description,
    access_level: plan.accessLevel,
    user_id: caller.userId,
    user_name: caller.displayName,
  });
}

export function carrierLog(deps: ActivityDeps, caller: Caller, carrierMasterId: string) {
  return carrierEntries(deps.runtime.db, caller.brokerId, carrierMasterId, visibleCarrierLevels(caller));
}

export function addCarrierEntry(
  deps: ActivityDeps,
  caller: Caller,
  input: NewCarrierEntryInput & { carrierMasterId: string },
) {
  const plan = unwrap(planCarrierEntry(input, caller));
  return insertCarrierEntry(deps.runtime.db, {
    carrier_master_id: input.carrierMasterId,
    broker_id: caller.brokerId,
    activity_type: plan.activityType,
    description: plan.description,
    access_level: plan.accessLevel,
    user_id: caller.userId,
    user_name: caller.displayName,
  });
}
