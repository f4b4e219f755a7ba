// The demo activity, defined from the demo shipments' plan (contracts/demo/shipments.ts) so every entry
// matches its load: the status changes each shipment went through to reach its status, check calls on the
// loads that moved, notes at every access level, pins, payable and audit notes with their presets, the
// dispatch outcomes the System wrote, assignments (now, scheduled and the team's), emails; and a few entries
// on the demo organizations and carriers. Built by rule: the same day gives the same history. Each entry has
// a fixed key, so seeding twice adds nothing.
import {
  AccessLevel,
  addCalendarDays,
  DomesticShipmentStatuses,
  InternationalShipmentStatuses,
  isInternationalShipmentType,
  OrganizationLogActivityType,
  PresetAuditType,
  PresetCollectionNote,
  PresetOnboardingNote,
  PresetPayableNote,
  ShipmentActivityType,
  ShipmentStatus,
  type ShipmentStatusValue,
  TransitLegType,
  withPresetNote,
} from '@loadline/contracts/catalogue';
import { demoBroker, demoCustomers, demoUsers } from '@loadline/contracts/demo';
import { type DemoShipmentPlan, demoCarriers, demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import { statusChangeAccessLevel, statusChangeDescription } from '../domain/from-events.ts';

const S = ShipmentStatus.values;
const T = ShipmentActivityType.values;
const A = AccessLevel.values;

const userNamed = (userId: string) => {
  const user = demoUsers.find((u) => u.userId === userId)!;
  return { userId, name: `${user.firstName} ${user.lastName}` };
};
export const demoOps = userNamed('usr_demo_ops');
export const demoAdmin = userNamed('usr_demo_admin');
/** 000 §4: system notes are written under a name starting with "System". */
export const demoSystem = { userId: 'usr_system', name: 'System' };

export interface DemoEntry {
  key: string;
  shipmentId: number;
  activityType: number;
  accessLevel: number;
  description: string;
  presetPayableNote?: number;
  presetAuditNote?: number;
  pinned?: boolean;
  by: { userId: string; name: string };
  at: Date;
  assignment?: {
    staffId: string | null;
    staffName: string;
    isTeam: boolean;
    delayMinutes: number;
    dueAt: Date;
  };
  email?: { detailId: string; type: string; fromName: string };
}

/**
 * The statuses a demo shipment went through to reach its status, in the order freight moves (the
 * catalogue's sets in value order; international loads have no Ready or Sent, 002 §3.1). A canceled one
 * was canceled when Committed.
 */
export function statusPath(plan: DemoShipmentPlan): ShipmentStatusValue[] {
  if (plan.status === S.Canceled) return [S.Quote, S.Committed, S.Canceled];
  const path = (
    isInternationalShipmentType(plan.shipmentType) ? InternationalShipmentStatuses : DomesticShipmentStatuses
  ).filter((s) => s !== S.Canceled);
  return path.slice(0, path.indexOf(plan.status) + 1);
}

/** A time on a plan's day, at a local hour of a place (its UTC offset), as an instant. */
const at = (date: string, localHour: number, utcOffset: number, minutes = 0): Date =>
  new Date(Date.parse(`${date}T00:00:00Z`) + ((localHour - utcOffset) * 60 + minutes) * 60_000);

/** When each status was reached, by the plan's dates; never later than `now`, always in order. */
function statusTimes(plan: DemoShipmentPlan, path: readonly ShipmentStatusValue[], now: Date): Date[] {
  const o = plan.origin.utcOffset;
  const d = plan.destination.utcOffset;
  const pickup = plan.pickupDate;
  const delivery = plan.deliveryDate;
  const planned: Record<number, Date> = {
    [S.Quote]: at(addCalendarDays(pickup, -6), 9, o, 12),
    [S.Committed]: at(addCalendarDays(pickup, -5), 10, o, 40),
    [S.Ready]: at(addCalendarDays(pickup, -1), 9, o, 5),
    [S.Sent]: at(addCalendarDays(pickup, -1), 11, o, 30),
    [S.Dispatched]: at(addCalendarDays(pickup, -1), 15, o, 20),
    [S.InTransit]: at(pickup, 13, o, 45),
    [S.OutForDelivery]: at(delivery, 7, d, 10),
    [S.Delivered]: at(delivery, 13, d, 25),
    [S.Complete]: at(addCalendarDays(delivery, 3), 10, d),
    [S.Canceled]: at(addCalendarDays(pickup, -2), 16, o, 5),
  };
  const times: Date[] = [];
  path.forEach((status, i) => {
    // Not in the future: a load planned for next week was still quoted and committed in the past days.
    const latest = now.getTime() - (path.length - i) * 47 * 60_000;
    let t = Math.min(planned[status]!.getTime(), latest);
    const previous = times[i - 1];
    if (previous && t <= previous.getTime()) t = previous.getTime() + 25 * 60_000;
    times.push(new Date(t));
  });
  return times;
}

const place = (p: DemoShipmentPlan['origin']) => `${p.city}, ${p.state}`;
const minutesAfter = (t: Date, minutes: number) => new Date(t.getTime() + minutes * 60_000);

/** Every demo entry of one shipment, oldest first. */
export function demoShipmentEntries(plan: DemoShipmentPlan, now: Date): DemoEntry[] {
  const path = statusPath(plan);
  const times = statusTimes(plan, path, now);
  const entries: DemoEntry[] = [];
  let n = 0;
  const add = (entry: Omit<DemoEntry, 'key' | 'shipmentId'>) => {
    n++;
    if (entry.at.getTime() > now.getTime()) return;
    entries.push({ key: `demo:${plan.shipmentId}:${n}`, shipmentId: plan.shipmentId, ...entry });
  };
  const carrier = plan.carrier;
  const driver = plan.driver;
  const i = plan.index;

  path.forEach((status, step) => {
    const t = times[step]!;
    if (step === 0) {
      add({
        activityType: T.Pricing,
        accessLevel: A.Private,
        description: `Quote requested for ${place(plan.origin)} to ${place(plan.destination)}, pickup ${plan.pickupDate}.`,
        by: demoOps,
        at: t,
      });
      return;
    }
    const previous = path[step - 1]!;
    const canceled = status === S.Canceled;
    const location =
      status === S.InTransit
        ? `${plan.origin.companyName}, ${place(plan.origin)}`
        : status === S.OutForDelivery || status === S.Delivered
          ? place(plan.destination)
          : null;
    add({
      activityType: T.StatusChange,
      accessLevel: statusChangeAccessLevel,
      description: statusChangeDescription({
        change: canceled ? 'cancel' : 'status',
        previousStatus: previous,
        status,
        previousTransitLegStatus: previous,
        transitLegStatus: status,
        transitLegType: TransitLegType.values.Linehaul,
        lostQuoteAlertRequested: canceled,
        location,
      }),
      by: canceled ? demoAdmin : demoOps,
      at: t,
    });
    if (status === S.Committed) {
      add({
        activityType: T.General,
        accessLevel: A.Public,
        description: `Booked with ${carrier?.carrierMasterName ?? 'the carrier'}; pickup planned for ${plan.pickupDate} between 08:00 and 15:00.`,
        by: demoOps,
        at: minutesAfter(t, 6),
      });
    }
    if (status === S.Dispatched && carrier) {
      add({
        activityType: T.Operations,
        accessLevel: A.Private,
        description: `Electronic dispatch to ${carrier.carrierMasterName} (${carrier.scac}) accepted; confirmation ${carrier.scac}-${plan.shipmentId}. Requested by ${demoOps.name}.`,
        by: demoSystem,
        at: minutesAfter(t, 1),
      });
      if (driver) {
        add({
          activityType: T.Operations,
          accessLevel: A.Private,
          description: `Driver ${driver.name} (${driver.cellPhone}) assigned; truck checked in for pickup.`,
          by: demoOps,
          at: minutesAfter(t, 35),
        });
      }
    }
    if (status === S.InTransit) {
      add({
        activityType: T.Operations,
        accessLevel: A.Public,
        description: `Check call: picked up at ${plan.origin.companyName}, ${place(plan.origin)}; on schedule for ${plan.deliveryDate}.`,
        pinned: i % 3 === 0,
        by: demoOps,
        at: minutesAfter(t, 50),
      });
      add({
        activityType: T.Operations,
        accessLevel: A.Private,
        description: `Check call: ${driver ? `driver ${driver.name}` : 'the carrier'} reports the load rolling, ETA holds.`,
        by: demoOps,
        at: minutesAfter(t, 5 * 60),
      });
    }
    if (status === S.OutForDelivery) {
      add({
        activityType: T.Operations,
        accessLevel: A.Public,
        description: `Check call: out for delivery to ${plan.destination.companyName}, ${place(plan.destination)}; ETA 11:00.`,
        by: demoOps,
        at: minutesAfter(t, 20),
      });
    }
    if (status === S.Delivered) {
      add({
        activityType: T.Operations,
        accessLevel: A.Public,
        description: `Delivered to ${plan.destination.companyName}; POD signed, no exceptions.`,
        pinned: true,
        by: demoOps,
        at: minutesAfter(t, 15),
      });
      if (i % 2 === 0) {
        add({
          activityType: T.Payable,
          accessLevel: A.Private,
          presetPayableNote: PresetPayableNote.values.DuplicateBill,
          description: withPresetNote(
            `${carrier?.carrierMasterName ?? 'Carrier'} invoice received twice; the second copy was voided.`,
            PresetPayableNote.nameOf(PresetPayableNote.values.DuplicateBill),
          ),
          by: demoAdmin,
          at: minutesAfter(t, 26 * 60),
        });
      } else {
        add({
          activityType: T.Audit,
          accessLevel: A.Private,
          presetAuditNote: PresetAuditType.values.Call,
          description: withPresetNote(
            'Carrier pricing confirmed with the dispatcher; matches the rate confirmation.',
            PresetAuditType.nameOf(PresetAuditType.values.Call),
          ),
          by: demoOps,
          at: minutesAfter(t, 25 * 60),
        });
      }
    }
    if (status === S.Complete) {
      add({
        activityType: T.Receivable,
        accessLevel: A.Private,
        description: 'Invoice sent to the customer with BOL and POD.',
        by: demoAdmin,
        at: minutesAfter(t, 30),
      });
    }
  });

  // Notes at every level: the Admin one only IT support admins see.
  const last = times.at(-1)!;
  if (i % 4 === 1) {
    add({
      activityType: T.General,
      accessLevel: A.Admin,
      description: 'Margin reviewed by IT support after a rating integration timeout; no change needed.',
      by: demoAdmin,
      at: minutesAfter(last, 12),
    });
  }
  if (i % 5 === 2) {
    add({
      activityType: T.Claims,
      accessLevel: A.Private,
      description: 'Consignee reported a crushed pallet corner; photos requested before filing a claim.',
      pinned: true,
      by: demoOps,
      at: minutesAfter(last, 18),
    });
  }
  if (plan.status === S.Canceled) {
    add({
      activityType: T.General,
      accessLevel: A.Public,
      description: 'Canceled at the customer’s request: the order was moved to next month.',
      by: demoAdmin,
      at: minutesAfter(last, 3),
    });
  }

  // Assignments: now, scheduled for tomorrow, and the team's.
  if (plan.status === S.Delivered || plan.status === S.OutForDelivery) {
    add({
      activityType: T.Operations,
      accessLevel: A.Private,
      description: 'Follow up on the POD and close out the load.',
      by: demoAdmin,
      at: minutesAfter(last, 30),
      assignment: {
        staffId: demoOps.userId,
        staffName: demoOps.name,
        isTeam: false,
        delayMinutes: 0,
        dueAt: minutesAfter(last, 30),
      },
    });
  }
  if (plan.status === S.Committed && i % 2 === 1) {
    const created = minutesAfter(last, 40);
    add({
      activityType: T.Operations,
      accessLevel: A.Private,
      description: 'Call the shipper the day before pickup to confirm the dock hours.',
      by: demoOps,
      at: created,
      assignment: {
        staffId: demoOps.userId,
        staffName: demoOps.name,
        isTeam: false,
        delayMinutes: 2880,
        dueAt: minutesAfter(now, 2 * 1440),
      },
    });
  }
  if (plan.status === S.Quote && i % 3 === 0) {
    add({
      activityType: T.Pricing,
      accessLevel: A.Private,
      description: 'Rate the lane against the last three loads before quoting.',
      by: demoAdmin,
      at: minutesAfter(last, 20),
      assignment: {
        staffId: null,
        staffName: 'Team',
        isTeam: true,
        delayMinutes: 0,
        dueAt: minutesAfter(last, 20),
      },
    });
  }

  // Emails the email automation filed.
  if (plan.status === S.InTransit && carrier) {
    add({
      activityType: T.Email,
      accessLevel: A.Private,
      description: `Truck is running about 2 hours behind after a breakdown near ${place(plan.origin)}; new ETA ${plan.deliveryDate} 15:00. — ${carrier.carrierMasterName} dispatch`,
      by: { userId: 'usr_system', name: `${carrier.carrierMasterName} dispatch` },
      at: minutesAfter(last, 3 * 60),
      email: {
        detailId: `eml_demo_${plan.shipmentId}`,
        type: 'Operations',
        fromName: `${carrier.carrierMasterName} dispatch`,
      },
    });
  }
  return entries;
}

/** Every demo shipment entry, as planned on `today` and never later than `now`. */
export function demoEntries(today: string, now: Date): DemoEntry[] {
  return demoShipmentPlans(today).flatMap((plan) => demoShipmentEntries(plan, now));
}

export interface DemoOrganizationEntry {
  key: string;
  organizationId: string;
  activityType: number;
  presetCollectionNote?: number;
  presetOnboardingNote?: number;
  description: string;
  accessLevel: number;
  by: { userId: string; name: string };
  daysAgo: number;
}

const [acme, globex] = demoCustomers;
const C = PresetCollectionNote.values;
const On = PresetOnboardingNote.values;
const OT = OrganizationLogActivityType.values;

export const demoOrganizationEntries: readonly DemoOrganizationEntry[] = [
  {
    key: 'demo:org:acme:1',
    organizationId: acme.organizationId,
    activityType: OT.Onboarding,
    presetOnboardingNote: On.KickoffCall,
    description: withPresetNote(
      'Walked Acme’s shipping team through booking and tracking.',
      PresetOnboardingNote.nameOf(On.KickoffCall),
    ),
    accessLevel: A.Private,
    by: demoAdmin,
    daysAgo: 60,
  },
  {
    key: 'demo:org:acme:2',
    organizationId: acme.organizationId,
    activityType: OT.Onboarding,
    presetOnboardingNote: On.TrainingSession1,
    description: withPresetNote(
      'Front office training for Sam Shipper.',
      PresetOnboardingNote.nameOf(On.TrainingSession1),
    ),
    accessLevel: A.Public,
    by: demoOps,
    daysAgo: 55,
  },
  {
    key: 'demo:org:acme:3',
    organizationId: acme.organizationId,
    activityType: OT.Collection,
    presetCollectionNote: C.EmailedStatement,
    description: withPresetNote(
      'Sent the monthly statement to accounts payable.',
      PresetCollectionNote.nameOf(C.EmailedStatement),
    ),
    accessLevel: A.Private,
    by: demoAdmin,
    daysAgo: 12,
  },
  {
    key: 'demo:org:globex:1',
    organizationId: globex.organizationId,
    activityType: OT.Collection,
    presetCollectionNote: C.SpokeWith,
    description: withPresetNote(
      'Spoke with Globex AP about the past-due balance; payment promised Friday.',
      PresetCollectionNote.nameOf(C.SpokeWith),
    ),
    accessLevel: A.Private,
    by: demoAdmin,
    daysAgo: 9,
  },
  {
    key: 'demo:org:globex:2',
    organizationId: globex.organizationId,
    activityType: OT.SetupChanges,
    description: 'Credit hold placed after 45 days past due; booking beyond Committed needs accounting.',
    accessLevel: A.Admin,
    by: demoAdmin,
    daysAgo: 7,
  },
  {
    key: 'demo:org:broker:1',
    organizationId: demoBroker.organizationId,
    activityType: OT.General,
    description: 'Holiday cut-off published to all customers.',
    accessLevel: A.Private,
    by: demoOps,
    daysAgo: 3,
  },
];

export interface DemoCarrierEntry {
  key: string;
  carrierMasterId: string;
  activityType: string;
  description: string;
  accessLevel: number;
  by: { userId: string; name: string };
  daysAgo: number;
}

const [oldline, prairie, bluewater, summit] = demoCarriers;

export const demoCarrierEntries: readonly DemoCarrierEntry[] = [
  {
    key: 'demo:carrier:oldline:1',
    carrierMasterId: oldline.carrierMasterId,
    activityType: 'General',
    description: 'Preferred for Midwest LTL lanes; electronic dispatch set up.',
    accessLevel: A.Private,
    by: demoOps,
    daysAgo: 40,
  },
  {
    key: 'demo:carrier:oldline:2',
    carrierMasterId: oldline.carrierMasterId,
    activityType: 'Variance',
    description: 'Reweigh billed 180 lbs over the BOL; disputed with the terminal.',
    accessLevel: A.Private,
    by: demoAdmin,
    daysAgo: 6,
  },
  {
    key: 'demo:carrier:prairie:1',
    carrierMasterId: prairie.carrierMasterId,
    activityType: 'BillPayments',
    description: 'Quick pay requested on the last three invoices.',
    accessLevel: A.Private,
    by: demoAdmin,
    daysAgo: 10,
  },
  {
    key: 'demo:carrier:bluewater:1',
    carrierMasterId: bluewater.carrierMasterId,
    activityType: 'General',
    description: 'No tracking link: ask dispatch for check calls every four hours.',
    accessLevel: A.Public,
    by: demoOps,
    daysAgo: 20,
  },
  {
    key: 'demo:carrier:summit:1',
    carrierMasterId: summit.carrierMasterId,
    activityType: 'General',
    description: 'Insurance certificate renewal requested; current one expires this month.',
    accessLevel: A.Admin,
    by: demoAdmin,
    daysAgo: 4,
  },
];
