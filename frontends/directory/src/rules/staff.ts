// What the staff pages show and send (001 §2 staff details and edit). Pure: no I/O, no React.
import {
  BrokerStaffEditRoute,
  CustomerStaffEditRoute,
  OrganizationType,
  StaffPermission,
  UniversalSearchResultType,
  UniversalSearchRoutes,
} from '@loadline/contracts';
import type { UserChange, UserDetails } from '../api/users.ts';

export interface StaffForm {
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  permissions: number;
}

export const formOf = (u: UserDetails): StaffForm => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  active: u.active,
  permissions: u.permissions,
});

/** Only what changed, and only what the service said may change: the body of PUT /api/users/{id}. */
export function changeOf(user: UserDetails, form: StaffForm): UserChange {
  const c = user.changeable;
  const body: UserChange = {};
  if (c.names && form.firstName.trim() !== user.firstName) body.firstName = form.firstName.trim();
  if (c.names && form.lastName.trim() !== user.lastName) body.lastName = form.lastName.trim();
  if (c.email && form.email.trim() !== user.email) body.email = form.email.trim();
  if (c.active && form.active !== user.active) body.active = form.active;
  if (c.permissions && form.permissions !== user.permissions) body.permissions = form.permissions;
  return body;
}

export const isDirty = (user: UserDetails, form: StaffForm) => Object.keys(changeOf(user, form)).length > 0;

export const canChangeAnything = (u: UserDetails) =>
  u.changeable.names || u.changeable.email || u.changeable.active || u.changeable.permissions;

/** 001 §2's staff pages: a broker's staff under lsp/broker-staff, a customer's users under customer/staff. */
export const detailsPathOf = (u: Pick<UserDetails, 'kind' | 'userId'>) =>
  UniversalSearchRoutes[
    u.kind === 'staff'
      ? UniversalSearchResultType.values.LSPStaff
      : UniversalSearchResultType.values.CustomerStaff
  ](u.userId);

export const editPathOf = (u: Pick<UserDetails, 'kind' | 'userId'>) =>
  u.kind === 'staff' ? BrokerStaffEditRoute(u.userId) : CustomerStaffEditRoute(u.userId);

/** The organization's page (001 §2). */
export const organizationPathOf = (u: Pick<UserDetails, 'organizationType' | 'organizationId'>) =>
  UniversalSearchRoutes[
    u.organizationType === OrganizationType.values.LSP
      ? UniversalSearchResultType.values.LSP
      : UniversalSearchResultType.values.Customer
  ](u.organizationId);

type PermissionCode = (typeof StaffPermission.codes)[number];

/** A permission switched on or off (bits above 2^31 kept exact by the catalogue's arithmetic). */
export const togglePermission = (mask: number, code: PermissionCode, on: boolean) =>
  on ? StaffPermission.add(mask, code) : StaffPermission.remove(mask, code);

/** Whether the service lets the signed-in user grant or take away this permission. */
export const canTogglePermission = (u: UserDetails, code: PermissionCode) =>
  u.changeable.permissions && StaffPermission.has(u.changeable.grantablePermissions, code);
