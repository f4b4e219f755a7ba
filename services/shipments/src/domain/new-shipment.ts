// A new shipment as POST /api/shipments describes it, checked and turned into what is inserted: who may
// create it for whom, its type and first status, its legs (one active), stops in order with their
// date-times (000 §5), reference numbers and phones (001 §5), the bill-to's leg. Pure: what needs the
// database (the customer is the broker's and active, the consolidation parent exists) is app/'s.
import {
  type DensityScaleId,
  HAZARDOUS_ACCESSORIAL_ID,
  LengthUnit,
  ShipmentStatus,
  ShipmentStopType,
  TransitLegType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import { phoneProblem } from '@loadline/contracts/rules/phone';
import type { Identity } from '@loadline/platform';
import type { FieldProblem, Refusal } from '@loadline/platform/problems';
import { type ChosenAccessorial, chooseAccessorials } from './accessorials.ts';
import {
  type CommodityInput,
  draftCommodities,
  type NewCommodity,
  specialInstructionsOf,
} from './commodities.ts';
import { phoneReferenceCodes, proNumberTypeForLeg, resolveReferenceType } from './references.ts';
import type { Address, NewReference, NewShipment, NewStop, NewTransitLeg } from './shipment.ts';
import {
  checkCustomerShipmentType,
  checkInitialStatus,
  checkShipmentType,
  checkStopOrder,
  chooseActiveLeg,
  isInternational,
} from './shipment-rules.ts';
import {
  checkDelivery,
  checkPickup,
  deliveryFields,
  estimatedDelivery,
  normalizeLocalDateTime,
  noStopTimes,
  pickupFields,
  type StopTimes,
} from './stop-times.ts';
import { customerForNewShipment, staffOnlyCreateFields } from './visibility.ts';

type Maybe<T> = T | null | undefined;

export interface NewTransitLegInput {
  transitType: number;
  active?: boolean | undefined;
  carrierMasterId?: Maybe<string>;
  carrierMasterName?: Maybe<string>;
  carrierPhone?: Maybe<string>;
  serviceLevel?: Maybe<number>;
  scac?: Maybe<string>;
  trackingUrl?: Maybe<string>;
  proNumber?: Maybe<string>;
  integrationEnableAPITracking?: boolean | undefined;
  trackingIntegrationEnableAPITracking?: boolean | undefined;
  trackingIntegrationSourceId?: Maybe<number>;
  integrationSourceId?: Maybe<number>;
}

type AddressInput = { [K in keyof Address]?: Maybe<string> };

export interface NewStopInput extends AddressInput {
  stopType: string;
  scheduledReadyDateTime?: Maybe<string>;
  scheduledCloseDateTime?: Maybe<string>;
  appointmentReadyDateTime?: Maybe<string>;
  appointmentEndDateTime?: Maybe<string>;
  actualArrivalDateTime?: Maybe<string>;
  actualDepartureDateTime?: Maybe<string>;
}

export interface NewShipmentInput {
  customerOrganizationId?: string | undefined;
  shipmentType: number;
  status?: number | undefined;
  transitDays?: Maybe<number>;
  weightUnit?: number | undefined;
  totalWeight?: Maybe<number>;
  dimensionUnit?: number | undefined;
  totalHandlingUnits?: Maybe<number>;
  originBaseUTCOffset?: Maybe<number>;
  lockdownMarketplaceBuyer?: boolean | undefined;
  consolidationParentId?: Maybe<number>;
  shipmentAlertTypes?: number[] | undefined;
  transitLegs?: NewTransitLegInput[] | undefined;
  stops: NewStopInput[];
  referenceNumbers?:
    | {
        referenceType?: number | undefined;
        referenceTypeCode?: string | undefined;
        value: string;
        transitLegIndex?: number | undefined;
      }[]
    | undefined;
  billTo?: Maybe<AddressInput & { transitLegIndex?: Maybe<number> }>;
  /** the line items (order entry, issue 17), in the shipment's weight and dimension units */
  commodities?: CommodityInput[] | undefined;
  /** the accessorial ids chosen on the checklist (002 §3.5); the required ones are added */
  accessorials?: number[] | undefined;
  specialInstructions?: Maybe<string>;
}

export interface DraftOptions {
  /** the broker's density scale for a commodity's class from density; standard by default */
  densityScale?: DensityScaleId;
}

/** What creating a shipment needs checked against the database before it is inserted. */
export interface ShipmentDraft {
  shipment: NewShipment;
  /** the customer must be an active customer of the caller's broker (staff creating for a customer) */
  checkCustomer: boolean;
}

export type DraftOutcome =
  | { ok: true; draft: ShipmentDraft }
  | { ok: false; refusal: Refusal }
  /** one field wrong before the rest is looked at (the shipment's customer, type or first status) */
  | { ok: false; problem: FieldProblem }
  | { ok: false; problems: FieldProblem[] };

const stopTimeFields = [
  'scheduledReadyDateTime',
  'scheduledCloseDateTime',
  'appointmentReadyDateTime',
  'appointmentEndDateTime',
  'actualArrivalDateTime',
  'actualDepartureDateTime',
] as const;
const keyOf = (field: (typeof stopTimeFields)[number]) => field.replace(/DateTime$/, '') as keyof StopTimes;

/** A stop's date-times, normalized (000 §5: missing time 00:00), with a problem per bad value. */
function stopTimesIn(stop: NewStopInput, index: number): { times: StopTimes; problems: FieldProblem[] } {
  const times: StopTimes = { ...noStopTimes };
  const problems: FieldProblem[] = [];
  for (const field of stopTimeFields) {
    const given = stop[field];
    if (given === undefined || given === null) continue;
    const normalized = normalizeLocalDateTime(given);
    if (normalized === undefined) {
      problems.push({ field: `stops.${index}.${field}`, message: `${field} is not a valid date and time.` });
    } else times[keyOf(field)] = normalized;
  }
  return { times, problems };
}

/** Reports the pickup and delivery rules' problems on the stop fields of a create body. */
const onStop = (index: number, fields: Readonly<Record<string, keyof StopTimes>>, problems: FieldProblem[]) =>
  problems.map((p) => ({ ...p, field: `stops.${index}.${fields[p.field] ?? p.field}DateTime` }));

/** The shipment to insert for the caller, or why it may not be created (403), or the fields' problems. */
export function draftShipment(
  caller: Identity,
  body: NewShipmentInput,
  now: Date,
  options: DraftOptions = {},
): DraftOutcome {
  const customer = customerForNewShipment(caller, body.customerOrganizationId);
  if (!customer.ok) {
    return customer.status === 403
      ? { ok: false, refusal: { status: 403, message: customer.message } }
      : { ok: false, problem: { field: customer.field, message: customer.message } };
  }
  if (caller.kind === 'customer') {
    const field = staffOnlyCreateFields.find((f) => body[f] !== undefined && body[f] !== null);
    if (field) return { ok: false, refusal: { status: 403, message: `Only broker staff can set ${field}.` } };
  }

  const typeProblem =
    checkShipmentType(body.shipmentType) ??
    (caller.kind === 'customer' ? checkCustomerShipmentType(body.shipmentType) : undefined);
  if (typeProblem) return { ok: false, problem: { field: 'shipmentType', message: typeProblem } };
  const international = isInternational(body.shipmentType);
  const status = body.status ?? ShipmentStatus.values.Quote;
  const statusProblem = checkInitialStatus(status, caller.kind, international);
  if (statusProblem) return { ok: false, problem: { field: 'status', message: statusProblem } };

  const problems: FieldProblem[] = [];
  const legsIn = body.transitLegs ?? [{ transitType: TransitLegType.values.Linehaul }];
  const active = chooseActiveLeg(legsIn);
  if (active.problem) problems.push({ field: 'transitLegs', message: active.problem });
  const transitLegs: NewTransitLeg[] = legsIn.map((l, i) => ({
    transitType: l.transitType,
    status,
    active: i === active.index,
    carrierMasterId: l.carrierMasterId ?? null,
    carrierMasterName: l.carrierMasterName?.trim() || null,
    carrierPhone: l.carrierPhone?.trim() || null,
    serviceLevel: l.serviceLevel ?? null,
    scac: l.scac?.toUpperCase() ?? null,
    trackingUrl: l.trackingUrl?.trim() || null,
    integrationEnableAPITracking: l.integrationEnableAPITracking ?? false,
    trackingIntegrationEnableAPITracking: l.trackingIntegrationEnableAPITracking ?? false,
    trackingIntegrationSourceId: l.trackingIntegrationSourceId ?? null,
    integrationSourceId: l.integrationSourceId ?? null,
  }));

  // 001 §5: a phone is a phone number (an extension allowed), whoever sends it.
  legsIn.forEach((l, i) => {
    const problem = phoneProblem(l.carrierPhone, 'carrier phone');
    if (problem) problems.push({ field: `transitLegs.${i}.carrierPhone`, message: problem });
  });

  problems.push(...checkStopOrder(body.stops.map((s) => s.stopType)));
  const stops: NewStop[] = body.stops.map((s, i) => {
    const { times, problems: timeProblems } = stopTimesIn(s, i);
    problems.push(...timeProblems);
    return {
      stopType: s.stopType,
      companyName: s.companyName ?? null,
      streetAddress: s.streetAddress ?? null,
      streetAddressTwo: s.streetAddressTwo ?? null,
      city: s.city ?? null,
      state: s.state ?? null,
      zipCode: s.zipCode ?? null,
      country: s.country ?? null,
      times,
    };
  });
  const first = stops.findIndex((s) => s.stopType === ShipmentStopType.byCode.FirstPick.code);
  const last = stops.findIndex((s) => s.stopType === ShipmentStopType.byCode.LastDrop.code);
  if (first >= 0 && last >= 0) {
    const pickup = stops[first]!.times;
    const delivery = stops[last]!.times;
    // 000 §5: the estimated delivery follows from the pickup and the transit days (weekdays only).
    const transitDays = body.transitDays ?? null;
    if (delivery.scheduledReady === null && pickup.scheduledReady !== null && transitDays !== null) {
      const estimate = estimatedDelivery(pickup.scheduledReady, transitDays);
      delivery.scheduledReady = estimate.scheduledReady;
      delivery.scheduledClose ??= estimate.scheduledClose;
    }
    problems.push(...onStop(first, pickupFields, checkPickup(pickup)));
    problems.push(...onStop(last, deliveryFields, checkDelivery(delivery)));
  }

  const referenceNumbers: NewReference[] = [];
  (body.referenceNumbers ?? []).forEach((r, i) => {
    const resolved = resolveReferenceType(r);
    if (!resolved.ok) {
      problems.push({ field: `referenceNumbers.${i}.referenceType`, message: resolved.message });
      return;
    }
    const legIndex = r.transitLegIndex ?? null;
    if (legIndex !== null && legIndex >= transitLegs.length) {
      problems.push({
        field: `referenceNumbers.${i}.transitLegIndex`,
        message: `transitLegIndex ${legIndex} names no transit leg.`,
      });
      return;
    }
    const phone = phoneReferenceCodes.includes(resolved.code) ? phoneProblem(r.value) : null;
    if (phone) {
      problems.push({ field: `referenceNumbers.${i}.value`, message: phone });
      return;
    }
    referenceNumbers.push({
      referenceTypeCode: resolved.code,
      value: r.value.trim(),
      transitLegIndex: legIndex,
    });
  });
  legsIn.forEach((l, i) => {
    const pro = l.proNumber?.trim();
    if (pro) {
      referenceNumbers.push({
        referenceTypeCode: proNumberTypeForLeg(l.transitType),
        value: pro,
        transitLegIndex: i,
      });
    }
  });
  const billToLeg = body.billTo?.transitLegIndex ?? null;
  if (billToLeg !== null && billToLeg >= transitLegs.length) {
    problems.push({
      field: 'billTo.transitLegIndex',
      message: `transitLegIndex ${billToLeg} names no transit leg.`,
    });
  }

  const order = draftOrderLines(caller, body, options, stops);
  problems.push(...order.problems);
  if (problems.length > 0) return { ok: false, problems };
  const commodityWeight = order.commodities.reduce((sum, c) => sum + c.weight, 0);
  const commodityUnits = order.commodities.reduce((sum, c) => sum + (c.handlingUnits ?? c.pieces), 0);

  return {
    ok: true,
    draft: {
      checkCustomer: customer.needsCustomerCheck,
      shipment: {
        brokerId: caller.brokerId,
        customerOrganizationId: customer.customerOrganizationId,
        shipmentType: body.shipmentType,
        status,
        transitDays: body.transitDays ?? null,
        weightUnit: body.weightUnit ?? WeightUnit.values.Pounds,
        // the commodities' totals when the order gives none
        totalWeight: body.totalWeight ?? (order.commodities.length > 0 ? commodityWeight : null),
        dimensionUnit: body.dimensionUnit ?? LengthUnit.values.Inch,
        totalHandlingUnits: body.totalHandlingUnits ?? (order.commodities.length > 0 ? commodityUnits : null),
        originBaseUTCOffset: body.originBaseUTCOffset ?? null,
        lockdownMarketplaceBuyer: body.lockdownMarketplaceBuyer ?? false,
        consolidationParentId: body.consolidationParentId ?? null,
        createdBy: { userId: caller.userId, name: caller.displayName },
        createdAt: now,
        transitLegs,
        stops,
        referenceNumbers,
        billTo: body.billTo ?? null,
        alertTypes: body.shipmentAlertTypes ?? [],
        commodities: order.commodities,
        accessorials: order.accessorials,
        specialInstructions: order.specialInstructions,
      },
    },
  };
}

/**
 * The order's lines: commodities, accessorials (checked against the checklist of the lane its first pick
 * and last drop make), special instructions. Hazardous freight and accessorial 46 go together (002 §3.5,
 * 001 §2): a hazardous commodity brings the accessorial; the accessorial without a hazardous commodity is
 * refused, since the hazmat flag belongs to the commodity.
 */
function draftOrderLines(
  caller: Identity,
  body: NewShipmentInput,
  options: DraftOptions,
  stops: readonly NewStop[],
): {
  commodities: NewCommodity[];
  accessorials: ChosenAccessorial[];
  specialInstructions: string | null;
  problems: FieldProblem[];
} {
  const problems: FieldProblem[] = [];
  const { commodities, problems: commodityProblems } = draftCommodities(body.commodities ?? [], {
    weightUnit: body.weightUnit ?? WeightUnit.values.Pounds,
    dimensionUnit: body.dimensionUnit ?? LengthUnit.values.Inch,
    scale: options.densityScale ?? 'standard',
    hazmatDetailsRequired: caller.kind === 'staff',
  });
  problems.push(...commodityProblems);
  const origin = stops.find((s) => s.stopType === ShipmentStopType.byCode.FirstPick.code);
  const destination = stops.find((s) => s.stopType === ShipmentStopType.byCode.LastDrop.code);
  const chosenIds = body.accessorials ?? [];
  const chosen = chooseAccessorials(caller, chosenIds, origin, destination);
  problems.push(...chosen.problems);
  let accessorials = chosen.accessorials;
  const hazardous =
    commodities.some((c) => c.hazardous) || (body.commodities ?? []).some((c) => c.hazardous || c.hazmat);
  const hazardIndex = chosenIds.indexOf(HAZARDOUS_ACCESSORIAL_ID);
  if (hazardIndex >= 0 && !hazardous)
    problems.push({
      field: `accessorials.${hazardIndex}`,
      message: 'Hazardous Materials needs a hazardous commodity: mark the commodity that is hazardous.',
    });
  if (hazardous && !accessorials.some((a) => a.accessorialId === HAZARDOUS_ACCESSORIAL_ID)) {
    accessorials = chooseAccessorials(
      caller,
      [...new Set([...chosenIds, HAZARDOUS_ACCESSORIAL_ID])],
      origin,
      destination,
    ).accessorials;
  }
  const special = specialInstructionsOf(body.specialInstructions);
  if (!special.ok) problems.push(special.problem);
  return { commodities, accessorials, specialInstructions: special.ok ? special.value : null, problems };
}
