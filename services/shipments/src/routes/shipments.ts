// Creating and reading shipments: POST /api/shipments, GET /api/shipments/{id} (the list: grid.ts).
import {
  LengthUnit,
  OrganizationType,
  ShipmentStatus,
  ShipmentStopType,
  TransitLegType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import { phoneProblem } from '@loadline/contracts/rules/phone';
import {
  type App,
  callerOf,
  ErrorBodySchema,
  fieldError,
  forbidden,
  notFound,
  problemsError,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import Type, { type Static } from 'typebox';
import { phoneReferenceCodes, proNumberTypeForLeg, resolveReferenceType } from '../domain/references.ts';
import {
  checkInitialStatus,
  checkShipmentType,
  checkStopOrder,
  chooseActiveLeg,
  isInternational,
} from '../domain/shipment-rules.ts';
import {
  checkDelivery,
  checkPickup,
  deliveryFields,
  estimatedDelivery,
  type FieldProblem,
  normalizeLocalDateTime,
  noStopTimes,
  pickupFields,
  type StopTimes,
} from '../domain/stop-times.ts';
import { customerForNewShipment, shipmentScope, staffOnlyCreateFields } from '../domain/visibility.ts';
import {
  insertShipment,
  loadShipment,
  type NewReference,
  type NewStop,
  type NewTransitLeg,
  openAlertTypes,
  type Shipment,
} from '../store/shipments.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import { ShipmentCreate, ShipmentIdParam } from './schemas.ts';

export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** The API shape of a shipment (the open alerts' types listed as the edit view does). */
export const toApi = (shipment: Shipment) => ({ ...shipment, shipmentAlertTypes: openAlertTypes(shipment) });

export const shipmentNotFound = (shipmentId: number) => notFound(`Shipment ${shipmentId} was not found.`);

type StopIn = Static<typeof ShipmentCreate>['stops'][number];
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
function stopTimesIn(stop: StopIn, index: number): { times: StopTimes; problems: FieldProblem[] } {
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

export async function registerShipmentRoutes(
  app: App,
  runtime: ServiceRuntime<ShipmentsTables>,
): Promise<void> {
  const db = runtime.db;

  app.post(
    '/api/shipments',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary:
          'Creates a shipment with its legs, stops and references: staff for any customer of their broker, a customer user for its own organization',
        body: ShipmentCreate,
        response: { 201: Type.Ref('Shipment'), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;

      const customer = customerForNewShipment(caller, body.customerOrganizationId);
      if (!customer.ok) {
        throw customer.status === 403
          ? forbidden(customer.message)
          : fieldError(customer.field, customer.message);
      }
      if (caller.kind === 'customer') {
        const field = staffOnlyCreateFields.find((f) => body[f] !== undefined && body[f] !== null);
        if (field) throw forbidden(`Only broker staff can set ${field}.`);
      }

      const typeProblem = checkShipmentType(body.shipmentType);
      if (typeProblem) throw fieldError('shipmentType', typeProblem);
      const international = isInternational(body.shipmentType);
      const status = body.status ?? ShipmentStatus.values.Quote;
      const statusProblem = checkInitialStatus(status, caller.kind, international);
      if (statusProblem) throw fieldError('status', statusProblem);

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
        const { stopType, ...rest } = s;
        return {
          stopType,
          companyName: rest.companyName ?? null,
          streetAddress: rest.streetAddress ?? null,
          streetAddressTwo: rest.streetAddressTwo ?? null,
          city: rest.city ?? null,
          state: rest.state ?? null,
          zipCode: rest.zipCode ?? null,
          country: rest.country ?? null,
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
      if (problems.length > 0) throw problemsError(problems);

      const created = await db.transaction().execute(async (trx) => {
        if (customer.needsCustomerCheck) {
          const known = await trx
            .selectFrom('customer_organization')
            .select(['organization_type', 'active'])
            .where('organization_id', '=', customer.customerOrganizationId)
            .where('broker_id', '=', caller.brokerId)
            .executeTakeFirst();
          if (!known || known.organization_type !== OrganizationType.values.Customer) {
            throw fieldError(
              'customerOrganizationId',
              `${customer.customerOrganizationId} is not a customer of your broker.`,
            );
          }
          if (!known.active) {
            throw fieldError(
              'customerOrganizationId',
              `${customer.customerOrganizationId} is not an active customer.`,
            );
          }
        }
        const parentId = body.consolidationParentId ?? null;
        if (parentId !== null) {
          const parent = await loadShipment(trx, parentId, shipmentScope(caller));
          if (!parent) throw fieldError('consolidationParentId', `Shipment ${parentId} was not found.`);
        }
        return insertShipment(runtime, trx, {
          brokerId: caller.brokerId,
          customerOrganizationId: customer.customerOrganizationId,
          shipmentType: body.shipmentType,
          status,
          transitDays: body.transitDays ?? null,
          weightUnit: body.weightUnit ?? WeightUnit.values.Pounds,
          totalWeight: body.totalWeight ?? null,
          dimensionUnit: body.dimensionUnit ?? LengthUnit.values.Inch,
          totalHandlingUnits: body.totalHandlingUnits ?? null,
          originBaseUTCOffset: body.originBaseUTCOffset ?? null,
          lockdownMarketplaceBuyer: body.lockdownMarketplaceBuyer ?? false,
          consolidationParentId: parentId,
          createdBy: { userId: caller.userId, name: caller.displayName },
          transitLegs,
          stops,
          referenceNumbers,
          billTo: body.billTo ?? null,
          alertTypes: body.shipmentAlertTypes ?? [],
        });
      });
      reply.status(201);
      return toApi(created!);
    },
  );

  app.get(
    '/api/shipments/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary: 'A shipment with its legs, stops, references, bill-to, alerts and consolidation links',
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Ref('Shipment'), ...errors },
      },
    },
    async (request) => {
      const { shipmentId } = request.params;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      // Not found and not yours answer alike, so shipment numbers cannot be probed.
      if (!shipment) throw shipmentNotFound(shipmentId);
      return toApi(shipment);
    },
  );
}
