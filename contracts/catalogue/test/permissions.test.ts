import { describe, expect, it } from 'vitest';
import {
  BrokerOrganizationSetting,
  CustomerUserSetting,
  canSeeOrganizationLogAdminAccess,
  clearNewCustomerCreditHold,
  permissionForRole,
  STAFF_PERMISSION_UNUSED_VALUE,
  StaffPermission,
  TARIFF_RATE_SETTINGS_MASK,
  TmsRole,
} from '../permissions.ts';

describe('TmsRole (002 §6.1, by position)', () => {
  it('numbers the 31 roles 0 to 30 in the listed order', () => {
    const listed = [
      'Broker',
      'Customer',
      'AccountingAPApproveBills',
      'AccountingAPPayments',
      'AccountingAPRevisions',
      'AccountingAPInvoicing',
      'AccountingARInvoicing',
      'AccountingARCollections',
      'AccountingARPayments',
      'AccountingARRevisions',
      'AccountingSync',
      'CommissionsApprove',
      'CommissionsAdmin',
      'ShipmentChangeCustomer',
      'CustomerAddEdit',
      'LSPAddEdit',
      'LSPCarrierAddEdit',
      'MasterCarrierAddEdit',
      'ReportsBasic',
      'ReportsSales',
      'ReportsBusinessLevel',
      'TariffAddEdit',
      'MarginAddEdit',
      'BatchProcessing',
      'TMSSiteAdmin',
      'ITSupportAdmin',
      'UserAllowedOrgAccess',
      'HideExportToExcel',
      'TruckloadQuotingTools',
      'LSPCarrierDetails',
      'AdvancedPayments',
    ];
    expect(TmsRole.entries.map((e) => e.code)).toEqual(listed);
    expect(TmsRole.entries.map((e) => e.value)).toEqual(listed.map((_, i) => i));
    expect(TmsRole.values.ITSupportAdmin).toBe(25);
  });

  it('maps roles to their permission flag by name', () => {
    expect(permissionForRole(25)?.value).toBe(16777216);
    expect(permissionForRole(14)?.value).toBe(67108864);
    expect(permissionForRole(0)).toBeUndefined();
  });
});

describe('StaffPermission (002 §6.2)', () => {
  it('matches the spec table', () => {
    expect(Object.entries(StaffPermission.values)).toEqual([
      ['AccountingAPApproveBills', 1],
      ['AccountingAPPayments', 2],
      ['AccountingAPRevisions', 4],
      ['AccountingAPInvoicing', 8],
      ['AccountingARInvoicing', 16],
      ['AccountingARCollections', 32],
      ['AccountingARPayments', 64],
      ['AccountingARRevisions', 128],
      ['AccountingSync', 256],
      ['CommissionsApprove', 512],
      ['CommissionsAdmin', 1024],
      ['ShipmentChangeCustomer', 8192],
      ['LSPAddEdit', 16384],
      ['LSPCarrierAddEdit', 32768],
      ['MasterCarrierAddEdit', 65536],
      ['ReportsBasic', 131072],
      ['ReportsSales', 262144],
      ['ReportsBusinessLevel', 524288],
      ['TariffAddEdit', 1048576],
      ['MarginAddEdit', 2097152],
      ['BatchProcessing', 4194304],
      ['TMSSiteAdmin', 8388608],
      ['ITSupportAdmin', 16777216],
      ['UserAllowedOrgAccess', 33554432],
      ['CustomerAddEdit', 67108864],
      ['HideExportToExcel', 134217728],
      ['TruckloadQuotingTools', 268435456],
      ['LSPCarrierDetails', 536870912],
      ['AdvancedPayments', 1073741824],
    ]);
  });

  it('leaves 4096 unused and leaves out meanings that are not shown', () => {
    expect(STAFF_PERMISSION_UNUSED_VALUE).toBe(4096);
    expect(StaffPermission.isKnown(4096)).toBe(false);
    expect(StaffPermission.byCode.AccountingSync.description).toBeUndefined();
    expect(StaffPermission.byCode.ITSupportAdmin.description).toBe('full application');
    expect(StaffPermission.byCode.UserAllowedOrgAccess.description).toBe('see all shipments');
  });

  it('tests, lists and combines', () => {
    const mask = StaffPermission.combine('ITSupportAdmin', 'AccountingARRevisions', 1);
    expect(mask).toBe(16777216 + 128 + 1);
    expect(StaffPermission.has(mask, 'ITSupportAdmin')).toBe(true);
    expect(StaffPermission.has(mask, 16777216)).toBe(true);
    expect(StaffPermission.has(mask, 'AccountingSync')).toBe(false);
    expect(StaffPermission.codesIn(mask)).toEqual([
      'AccountingAPApproveBills',
      'AccountingARRevisions',
      'ITSupportAdmin',
    ]);
    expect(StaffPermission.has(StaffPermission.allMask, 'AdvancedPayments')).toBe(true);
    expect(StaffPermission.list(StaffPermission.allMask)).toHaveLength(29);
    expect(StaffPermission.unknownBits(4096 + 1)).toBe(4096);
  });

  it('decides who sees the Admin option on the organization log (000 §6)', () => {
    expect(canSeeOrganizationLogAdminAccess(16777216)).toBe(true);
    expect(canSeeOrganizationLogAdminAccess(128)).toBe(true);
    expect(canSeeOrganizationLogAdminAccess(4)).toBe(true);
    expect(canSeeOrganizationLogAdminAccess(2097152)).toBe(true);
    expect(canSeeOrganizationLogAdminAccess(1 + 2 + 64 + 8388608)).toBe(false);
  });
});

describe('CustomerUserSetting (002 §6.3)', () => {
  it('matches the spec', () => {
    expect(Object.entries(CustomerUserSetting.values)).toEqual([
      ['GrantedInvoicePayment', 1],
      ['POReferenceRequired', 4],
      ['NoRate', 16],
      ['ShipperReferenceRequired', 32],
      ['ShowTruckload', 64],
      ['ShowAirFreight', 128],
      ['ShowLCROnly', 512],
      ['ShowTariffName', 1024],
      ['ShowTariffMultipleCarrierRate', 2048],
      ['ShowLTLCarriers', 4096],
      ['ShowGuaranteedRates', 16384],
      ['HideLTL', 32768],
      ['ShowInternationalAir', 65536],
      ['PayInvoices', 131072],
    ]);
    expect(TARIFF_RATE_SETTINGS_MASK).toBe(1024 + 2048);
    expect(CustomerUserSetting.codesIn(TARIFF_RATE_SETTINGS_MASK)).toEqual([
      'ShowTariffName',
      'ShowTariffMultipleCarrierRate',
    ]);
  });
});

describe('BrokerOrganizationSetting (002 §6.4)', () => {
  it('matches the spec', () => {
    expect(Object.entries(BrokerOrganizationSetting.values)).toEqual([
      ['DoNotInheritLSPCarriers', 512],
      ['SendUserAtStep3Info', 1024],
      ['DisableGuestRating', 2048],
      ['NMFCRequired', 4096],
      ['RequireTermsAndConditions', 8192],
      ['AddCarrierRepCommissions', 16384],
      ['UseAlternateClassEstimatorDensityScale', 65536],
      ['TruckloadRequireCarrierCompliance', 131072],
      ['DimensionsRequired', 1048576],
      ['AutoCalculateClass', 8388608],
      ['AutoOpenAccessorials', 33554432],
      ['AutoOpenInsurance', 67108864],
      ['ApplyNewCustomerCreditHold', 67108865],
    ]);
  });

  it('requires every bit of ApplyNewCustomerCreditHold (67108865)', () => {
    const B = BrokerOrganizationSetting;
    expect(B.has(67108865, 'ApplyNewCustomerCreditHold')).toBe(true);
    expect(B.has(67108864, 'ApplyNewCustomerCreditHold')).toBe(false);
    expect(B.has(1, 'ApplyNewCustomerCreditHold')).toBe(false);
    expect(B.has(1 + 512, 'ApplyNewCustomerCreditHold')).toBe(false);
    expect(B.has(67108865, 'AutoOpenInsurance')).toBe(true);
    expect(B.codesIn(67108865)).toEqual(['AutoOpenInsurance', 'ApplyNewCustomerCreditHold']);
    expect(B.codesIn(67108864)).toEqual(['AutoOpenInsurance']);
    expect(B.combine('ApplyNewCustomerCreditHold', 'NMFCRequired')).toBe(67108865 + 4096);
    expect(B.combine('ApplyNewCustomerCreditHold', 'AutoOpenInsurance')).toBe(67108865);
    expect(B.remove(67108865 + 4096, 'ApplyNewCustomerCreditHold')).toBe(4096);
    expect(clearNewCustomerCreditHold(67108865 + 4096)).toBe(67108864 + 4096);
    expect(clearNewCustomerCreditHold(4096)).toBe(4096);
    expect(B.unknownBits(67108865)).toBe(0);
  });
});
