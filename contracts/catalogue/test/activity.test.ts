// The activity logs' shared rules (000 §4, §5, §6; 002 §3.9) with the spec's values.
import { describe, expect, it } from 'vitest';
import {
  PresetAuditType,
  PresetCollectionNote,
  PresetOnboardingNote,
  PresetPayableNote,
} from '../accounting.ts';
import {
  allRetrieved,
  canUseAdminAccessLevel,
  defaultOrganizationAccessLevel,
  isActivityDelay,
  isSystemUserName,
  nextAccessLevelFor,
  OrganizationLogActivityType,
  organizationPresetTable,
  shipmentPresetTable,
  withoutPresetNote,
  withPresetNote,
} from '../activity.ts';
import { OrganizationActivityType, OrganizationActivityTypeList } from '../organization.ts';
import { StaffPermission } from '../permissions.ts';

describe('organization activity types (002 §3.9, 000 §3)', () => {
  it('numbers the listed types by position, which keeps Collection 1 and Onboarding 3', () => {
    expect(OrganizationLogActivityType.valueList).toEqual([0, 1, 2, 3, 4, 5]);
    expect(OrganizationLogActivityType.entries.map((e) => e.name)).toEqual([
      ...OrganizationActivityTypeList.names,
    ]);
    expect(OrganizationLogActivityType.values.Collection).toBe(OrganizationActivityType.values.Collection);
    expect(OrganizationLogActivityType.values.Onboarding).toBe(OrganizationActivityType.values.Onboarding);
    expect(OrganizationLogActivityType.values.Collection).toBe(1);
    expect(OrganizationLogActivityType.values.Onboarding).toBe(3);
  });

  it('uses preset tables for Payable 2 and Audit 7, Collection 1 and Onboarding 3 only', () => {
    expect(shipmentPresetTable(2)).toBe(PresetPayableNote);
    expect(shipmentPresetTable(7)).toBe(PresetAuditType);
    expect(shipmentPresetTable(5)).toBeUndefined();
    expect(organizationPresetTable(1)).toBe(PresetCollectionNote);
    expect(organizationPresetTable(3)).toBe(PresetOnboardingNote);
    expect(organizationPresetTable(0)).toBeUndefined();
  });
});

describe('preset notes (000 §5)', () => {
  it("puts the preset at the start followed by '. ' and replaces the one there", () => {
    expect(withPresetNote('Carrier billed twice', 'Duplicate bill')).toBe(
      'Duplicate bill. Carrier billed twice',
    );
    expect(withPresetNote('Duplicate bill. Carrier billed twice', 'Not our bill')).toBe(
      'Not our bill. Carrier billed twice',
    );
    expect(withPresetNote('Not our bill. Carrier billed twice', null)).toBe('Carrier billed twice');
    expect(withPresetNote('', 'Call')).toBe('Call. ');
  });

  it('knows the longer preset from the shorter one it starts with', () => {
    expect(withoutPresetNote('System rating issue due to accessorials. Liftgate missed')).toBe(
      'Liftgate missed',
    );
    expect(withoutPresetNote('System rating issue. Wrong class')).toBe('Wrong class');
    expect(withoutPresetNote('Call.')).toBe('');
    expect(withoutPresetNote('Callback requested')).toBe('Callback requested');
  });
});

describe('access levels (000 §4, §6)', () => {
  const itAdmin = StaffPermission.combine('ITSupportAdmin');
  it('cycles Public, Private, Admin; without Admin, Public and Private', () => {
    expect([0, 1, 2].map((l) => nextAccessLevelFor(l, true))).toEqual([1, 2, 0]);
    expect([0, 1, 2].map((l) => nextAccessLevelFor(l, false))).toEqual([1, 0, 0]);
  });

  it('offers Admin to IT support admins, who get it by default on the organization log', () => {
    expect(canUseAdminAccessLevel(itAdmin)).toBe(true);
    expect(canUseAdminAccessLevel(StaffPermission.combine('AccountingARRevisions'))).toBe(false);
    expect(defaultOrganizationAccessLevel(itAdmin)).toBe(2);
    expect(defaultOrganizationAccessLevel(StaffPermission.combine('MarginAddEdit'))).toBe(1);
  });
});

describe('the log (000 §4, §9)', () => {
  it('tells system notes by the user name, all retrieved by a short page, delays by the options', () => {
    expect(isSystemUserName('System')).toBe(true);
    expect(isSystemUserName('System Integration')).toBe(true);
    expect(isSystemUserName('Sys Admin')).toBe(false);
    expect(isSystemUserName(null)).toBe(false);
    expect(allRetrieved(49, 50)).toBe(true);
    expect(allRetrieved(50, 50)).toBe(false);
    expect([0, 30, 60, 120, 240, 1440, 2880, 10080].every(isActivityDelay)).toBe(true);
    expect([15, 45, 90, -30, 1441].some(isActivityDelay)).toBe(false);
  });
});
