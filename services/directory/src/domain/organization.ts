// An organization of the directory (spec 002 §1): a broker (LSP 60), one of its customers (70) or a
// factoring company (80), with the settings and credit terms the other services read from its events.
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
