// What a change to an organization may hold (spec 002 §1, §3.6, §6.3, §6.4). Pure rules; each
// problem names its field the way the screens read it.
import {
  BrokerOrganizationSetting,
  CustomerUserSetting,
  OrganizationType,
} from '@loadline/contracts/catalogue';
import type { FieldProblem } from '@loadline/platform/problems';

export interface OrganizationChange {
  organizationType: number;
  creditLimit?: number | null;
  paymentPreference?: number | null;
  customerSettings?: number;
  brokerSettings?: number;
}

export type { FieldProblem };

export function organizationChangeProblems(change: OrganizationChange): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const isBroker = change.organizationType === OrganizationType.values.LSP;
  const isCustomer = change.organizationType === OrganizationType.values.Customer;
  if (change.brokerSettings !== undefined && change.brokerSettings !== 0 && !isBroker) {
    problems.push({ field: 'brokerSettings', message: 'Only a broker organization has broker settings.' });
  }
  if (
    change.brokerSettings !== undefined &&
    BrokerOrganizationSetting.unknownBits(change.brokerSettings) !== 0
  ) {
    problems.push({
      field: 'brokerSettings',
      message: 'brokerSettings holds a setting that does not exist.',
    });
  }
  if (
    change.customerSettings !== undefined &&
    CustomerUserSetting.unknownBits(change.customerSettings) !== 0
  ) {
    problems.push({
      field: 'customerSettings',
      message: 'customerSettings holds a setting that does not exist.',
    });
  }
  if (!isCustomer && change.creditLimit !== undefined && change.creditLimit !== null) {
    problems.push({ field: 'creditLimit', message: 'Only a customer organization has a credit limit.' });
  }
  if (!isCustomer && change.paymentPreference !== undefined && change.paymentPreference !== null) {
    problems.push({
      field: 'paymentPreference',
      message: 'Only a customer organization has a payment preference.',
    });
  }
  return problems;
}

/** The permission a change needs: LSP Add/Edit for a broker, Customer Add/Edit otherwise. */
export function permissionToChange(organizationType: number): 'LSPAddEdit' | 'CustomerAddEdit' {
  return organizationType === OrganizationType.values.LSP ? 'LSPAddEdit' : 'CustomerAddEdit';
}
