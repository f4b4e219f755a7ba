// Which events the live hub pushes to browsers, to which broker's groups, and what of each it
// shows. Only subjects listed here go out; everything else stays between services. Pure rules.
import { subjects } from '@loadline/contracts/events';

export interface LiveDelivery {
  brokerId: string;
  groups: string[];
  data: Record<string, unknown>;
  /**
   * The customer organization whose users may receive it too (their own shipment's events); without it,
   * only the broker's staff do.
   */
  customerOrganizationId?: string;
}

type Projection = (data: Record<string, unknown>) => LiveDelivery | undefined;

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

export const liveProjections: Readonly<Record<string, Projection>> = {
  [subjects.organizationChanged]: organizationChanged,
  [subjects.locationAdded]: locationAdded,
};

/** Where an event goes live, or undefined when it is not for browsers. */
export function liveDelivery(subject: string, data: unknown): LiveDelivery | undefined {
  const project = liveProjections[subject];
  if (!project || typeof data !== 'object' || data === null) return undefined;
  return project(data as Record<string, unknown>);
}
