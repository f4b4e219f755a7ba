// Which events the live hub pushes to browsers, to which broker's groups, and what of each it
// shows. Only subjects listed here go out; everything else stays between services. Pure rules.
import { AccessLevel, canUseAdminAccessLevel } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';

export interface LiveDelivery {
  /** the subject browsers receive it under, when it is not the event's (one location of a locations.added) */
  subject?: string;
  brokerId: string;
  groups: string[];
  data: Record<string, unknown>;
  /**
   * The customer organization whose users may receive it too (their own shipment's events); without it,
   * only the broker's staff do.
   */
  customerOrganizationId?: string;
  /**
   * The access level of what it shows (an activity entry, 000 §3): customers receive Public only, staff
   * Private too, Admin only IT support admins (000 §6) — as the activity service answers its log.
   */
  accessLevel?: number;
  /** What the customer's users receive, when it is less than the staff's (default: `data`). */
  customerData?: Record<string, unknown>;
}

/** Who is receiving, as far as the rules need it. */
export interface LiveRecipient {
  kind: 'staff' | 'customer';
  organizationId: string;
  permissions: number;
}

/**
 * Whether a connection of the event's broker (the hub only looks within it) may receive a delivery: staff
 * by the access level; a customer's users only their own organization's, and only Public.
 */
export function mayReceive(delivery: LiveDelivery, me: LiveRecipient): boolean {
  const level = delivery.accessLevel;
  if (me.kind === 'staff')
    return level !== AccessLevel.values.Admin || canUseAdminAccessLevel(me.permissions);
  if (!delivery.customerOrganizationId || me.organizationId !== delivery.customerOrganizationId) return false;
  return level === undefined || level === AccessLevel.values.Public;
}

/** What a recipient receives of a delivery it may receive. */
export function dataFor(delivery: LiveDelivery, me: LiveRecipient): Record<string, unknown> {
  return me.kind === 'staff' ? delivery.data : (delivery.customerData ?? delivery.data);
}

type Projection = (data: Record<string, unknown>) => LiveDelivery | LiveDelivery[] | undefined;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * An organization change goes to the group named for the organization, within its broker
 * (an LSP is its own broker). Staff of that broker may read the organization anyway.
 */
const organizationChanged: Projection = (d) => {
  const organizationId = text(d.organizationId);
  const brokerId = text(d.brokerId) ?? (d.organizationType === 60 ? organizationId : undefined);
  if (!organizationId || !brokerId) return undefined;
  const { organizationId: _id, ...rest } = d;
  return { brokerId, groups: [organizationId], data: { organizationId, ...rest } };
};

/**
 * A location added to a shipment (issue 4: a check call appears on an open page without reload)
 * goes to the group named for the shipment (000 §7), within its broker: to its staff, and to the
 * users of the shipment's customer, who read its locations too (they follow the group without
 * presence, 001 §6). The ids of broker and customer stay out of what the page receives.
 */
const locationAdded: Projection = (d) => {
  const shipmentId = typeof d.shipmentId === 'number' ? String(d.shipmentId) : undefined;
  const brokerId = text(d.brokerId);
  if (!shipmentId || !brokerId) return undefined;
  const { brokerId: _broker, customerOrganizationId, ...rest } = d;
  const customer = text(customerOrganizationId);
  return {
    brokerId,
    groups: [shipmentId],
    data: rest,
    ...(customer ? { customerOrganizationId: customer } : {}),
  };
};

/**
 * The locations of one batch (one event per batch of check calls, issue 19): each goes out as its own
 * `location.added`, as above, so a page receives a location whichever way it was published.
 */
const locationsAdded: Projection = (d) => {
  if (!Array.isArray(d.locations)) return undefined;
  const deliveries: LiveDelivery[] = [];
  for (const location of d.locations) {
    if (typeof location !== 'object' || location === null) continue;
    const delivery = locationAdded(location as Record<string, unknown>);
    if (delivery && !Array.isArray(delivery))
      deliveries.push({ ...delivery, subject: subjects.locationAdded });
  }
  return deliveries;
};

/**
 * A shipment's activity entry added or changed (000 §7: the shipment page follows its group, so a note or a
 * status change appears in the activity log without reload) goes to the shipment's group within its
 * broker, by the entry's access level (`mayReceive`). Customers never see whom on the broker's staff an
 * entry assigns (as the activity service answers them).
 */
const activityChanged: Projection = (d) => {
  const shipmentId = typeof d.shipmentId === 'number' ? String(d.shipmentId) : undefined;
  const brokerId = text(d.brokerId);
  const customer = text(d.customerOrganizationId);
  if (!shipmentId || !brokerId || typeof d.accessLevel !== 'number' || !AccessLevel.has(d.accessLevel))
    return undefined;
  const { brokerId: _broker, customerOrganizationId: _customer, ...rest } = d;
  const { assignment: _assignment, ...customerData } = rest;
  return {
    brokerId,
    groups: [shipmentId],
    data: rest,
    accessLevel: d.accessLevel,
    customerData,
    ...(customer ? { customerOrganizationId: customer } : {}),
  };
};

export const liveProjections: Readonly<Record<string, Projection>> = {
  [subjects.organizationChanged]: organizationChanged,
  [subjects.locationAdded]: locationAdded,
  [subjects.locationsAdded]: locationsAdded,
  [subjects.shipmentActivityChanged]: activityChanged,
};

/** Where an event goes live, or undefined when it is not for browsers. */
export function liveDelivery(subject: string, data: unknown): LiveDelivery | undefined {
  const [first] = liveDeliveries(subject, data);
  return first;
}

/** Where an event goes live: one delivery, several (the locations of a batch), or none. */
export function liveDeliveries(subject: string, data: unknown): LiveDelivery[] {
  const project = liveProjections[subject];
  if (!project || typeof data !== 'object' || data === null) return [];
  const projected = project(data as Record<string, unknown>);
  return projected === undefined ? [] : Array.isArray(projected) ? projected : [projected];
}
