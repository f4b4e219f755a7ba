// An organization of the directory (spec 002 §1): a broker (LSP 60), one of its customers (70) or a
// factoring company (80), with the settings and credit terms the other services read from its events.
import {
  BrokerOrganizationSetting,
  type DensityScaleId,
  FeatureFlag,
  selectDensityScale,
} from '@loadline/contracts/catalogue';

export type OrganizationTypeValue = 60 | 70 | 80;

export interface Organization {
  organizationId: string;
  name: string;
  organizationType: OrganizationTypeValue;
  /** the broker it belongs to; null for a broker itself */
  brokerId: string | null;
  paymentPreference: number | null;
  creditLimit: number | null;
  customerSettings: number;
  brokerSettings: number;
  active: boolean;
}

/** A staff user of a broker or a user of one of its customers (spec 002 §6). */
export interface User {
  userId: string;
  organizationId: string;
  kind: 'staff' | 'customer';
  email: string;
  firstName: string;
  lastName: string;
  permissions: number;
  customerSettings: number;
  active: boolean;
}

/** A user with the broker of its organization, as the rules of who sees whom need it. */
export interface UserOfBroker extends User {
  brokerId: string | null;
  organizationName: string;
  organizationType: number;
}

/**
 * The class calculator's density scale a broker's staff and customers use (002 §6.4, 000 §6): decided here,
 * where the broker's settings and feature flags are, and published with the broker's organization.changed so
 * the shipments service classes a commodity on the same scale as the pages (decision 0091 addendum).
 */
export function densityScaleOf(brokerSettings: number, featureFlags: readonly string[]): DensityScaleId {
  return selectDensityScale({
    useAlternateClassEstimatorDensityScale: BrokerOrganizationSetting.has(
      brokerSettings,
      'UseAlternateClassEstimatorDensityScale',
    ),
    freightClassScaleUpdate: featureFlags.includes(FeatureFlag.byCode.FreightClassScaleUpdate.code),
  });
}
