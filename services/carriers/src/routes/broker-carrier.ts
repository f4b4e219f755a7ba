// The broker carrier calls (000 §7, 001 §7 carriers): carrier details, compliance, score, favorite,
// the master list of states per region, the portal link; and the preview's edits (status, preferred
// regions, insurance certificates), which need LSP Carrier Add/Edit (001 §6).
import { messages, PreferredRegionType, StaffPermission } from '@loadline/contracts/catalogue';
import {
  type App,
  badRequest,
  callerOf,
  fieldError,
  notFound,
  requirePermission,
  requireStaff,
} from '@loadline/platform';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { brokerOfPath, canEditCarriers } from '../domain/access.ts';
import { isCalendarDate } from '../domain/insurance.ts';
import { checkPreferredRegions, masterStateRegions } from '../domain/regions.ts';
import {
  type Actor,
  carrierExists,
  findBrokerCarrier,
  loadCarrierView,
  loadTally,
  publishBrokerCarrier,
} from '../store/carriers.ts';
import { saveInsurance } from '../store/insurance.ts';
import type { RouteContext } from './index.ts';
import {
  BrokerIdParam,
  CarrierMasterIdParam,
  errors,
  FavoriteIn,
  InsuranceIn,
  PortalLinkOut,
  PreferredRegionsIn,
  StatusIn,
} from './schemas.ts';
import { complianceView, detailsView, scoreView } from './views.ts';

const carrierNotFound = (id: string) => notFound(`Carrier ${id} was not found.`);
const brokerCarrierNotFound = (id: string) => notFound(`Broker carrier ${id} was not found.`);

export const actorOf = (request: FastifyRequest): Actor => {
  const caller = callerOf(request);
  return { userId: caller.userId, name: caller.displayName };
};

/** 001 §6: edits in the carrier preview need LSP Carrier Add/Edit (002 §6.2). */
const editCarriers = requirePermission(
  StaffPermission.values.LSPCarrierAddEdit,
  "edit your broker's carriers",
);

export async function registerBrokerCarrierRoutes(app: App, { runtime, today }: RouteContext): Promise<void> {
  const db = runtime.db;

  app.get(
    '/api/brokerCarrier/getMasterStateRegions',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary:
          'The regions of 002 §3.1 with their states, and the preferred region types: what the preview map draws (001 §2)',
        response: { 200: Type.Ref('MasterStateRegions'), ...errors },
      },
    },
    async () => ({
      regions: masterStateRegions(),
      preferredRegionTypes: PreferredRegionType.entries.map((t) => ({
        value: t.value,
        code: t.code,
        name: t.name,
      })),
    }),
  );

  app.get(
    '/api/brokercarrier/carrierScore/:carrierMasterId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary:
          "The carrier score (000 §3): overall, pickup and delivery star and actual scores with audit counts, from the caller's broker's audits",
        params: Type.Object({ carrierMasterId: CarrierMasterIdParam }),
        response: { 200: Type.Ref('CarrierScore'), ...errors },
      },
    },
    async (request) => {
      const { carrierMasterId } = request.params;
      const tally = await loadTally(db, callerOf(request).brokerId, carrierMasterId);
      // No audits and no such carrier: 404; no audits of a known carrier: its empty score.
      if (tally.pickupCount + tally.deliveryCount === 0 && !(await carrierExists(db, carrierMasterId)))
        throw carrierNotFound(carrierMasterId);
      return scoreView({ tally }, carrierMasterId);
    },
  );

  app.get(
    '/api/brokerCarrier/compliance/:carrierMasterId/:brokerId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary: 'Compliance info (000 §7): whether the carrier is in compliance for the broker, and why not',
        params: Type.Object({ carrierMasterId: CarrierMasterIdParam, brokerId: BrokerIdParam }),
        response: { 200: Type.Ref('CarrierCompliance'), ...errors },
      },
    },
    async (request) => {
      const { carrierMasterId, brokerId: brokerParam } = request.params;
      const brokerId = brokerOfPath(callerOf(request), brokerParam);
      if (!brokerId) throw carrierNotFound(carrierMasterId);
      const view = await loadCarrierView(db, carrierMasterId, brokerId);
      if (!view) throw carrierNotFound(carrierMasterId);
      return complianceView(view, today());
    },
  );

  app.get(
    '/api/brokerCarrier/:carrierMasterId/:brokerId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary:
          'Carrier details (000 §7): master facts, the broker carrier, insurances not yet expired, contacts, preferred regions, compliance info and star score',
        params: Type.Object({ carrierMasterId: CarrierMasterIdParam, brokerId: BrokerIdParam }),
        response: { 200: Type.Ref('CarrierDetails'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { carrierMasterId, brokerId: brokerParam } = request.params;
      const brokerId = brokerOfPath(caller, brokerParam);
      if (!brokerId) throw carrierNotFound(carrierMasterId);
      const view = await loadCarrierView(db, carrierMasterId, brokerId);
      if (!view) throw carrierNotFound(carrierMasterId);
      return detailsView(view, brokerId, today(), canEditCarriers(caller) && view.brokerCarrier !== null);
    },
  );

  app.put(
    '/api/brokerCarrier/favorite',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary: 'Marks a broker carrier as a favorite or not (001 §7); inherited carriers refuse (001 §6)',
        body: FavoriteIn,
        response: {
          200: Type.Object({ brokerCarrierId: Type.String(), favorite: Type.Boolean() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { brokerCarrierId, favorite } = request.body;
      return runtime.db.transaction().execute(async (trx) => {
        const bc = await findBrokerCarrier(trx, brokerCarrierId, caller.brokerId, { forUpdate: true });
        if (!bc) throw brokerCarrierNotFound(brokerCarrierId);
        if (bc.inherited)
          throw badRequest(messages.favorites.inheritedCarrier, {
            'model.brokerCarrierId': [messages.favorites.inheritedCarrier],
          });
        if (bc.favorite !== favorite)
          await publishBrokerCarrier(runtime, trx, brokerCarrierId, today(), { favorite }, actorOf(request));
        return { brokerCarrierId, favorite };
      });
    },
  );

  app.put(
    '/api/brokerCarrier/status',
    {
      preHandler: editCarriers,
      schema: {
        tags: ['carriers'],
        summary:
          'Sets the broker carrier status (002 §3.7 Enabled, Blocked, Disabled); blocking raises the carrier-blocked alert on its open shipments (through the event)',
        body: StatusIn,
        response: { 200: Type.Ref('CarrierDetails'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { brokerCarrierId, status } = request.body;
      const carrierMasterId = await runtime.db.transaction().execute(async (trx) => {
        const bc = await findBrokerCarrier(trx, brokerCarrierId, caller.brokerId, { forUpdate: true });
        if (!bc) throw brokerCarrierNotFound(brokerCarrierId);
        if (bc.status !== status)
          await publishBrokerCarrier(runtime, trx, brokerCarrierId, today(), { status }, actorOf(request));
        return bc.carrier_master_id;
      });
      const view = await loadCarrierView(db, carrierMasterId, caller.brokerId);
      return detailsView(view!, caller.brokerId, today(), true);
    },
  );

  app.put(
    '/api/brokerCarrier/preferredRegions',
    {
      preHandler: editCarriers,
      schema: {
        tags: ['carriers'],
        summary: "Replaces a broker carrier's preferred regions (001 §3 brokerCarrierPreferredRegions)",
        body: PreferredRegionsIn,
        response: { 200: Type.Ref('CarrierDetails'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { brokerCarrierId } = request.body;
      const checked = checkPreferredRegions(request.body.regions);
      if (!checked.ok) {
        const entries = Object.entries(checked.errors);
        throw badRequest(
          entries.map(([, m]) => m).join(' '),
          Object.fromEntries(entries.map(([k, m]) => [`model.${k}`, [m]])),
        );
      }
      const carrierMasterId = await runtime.db.transaction().execute(async (trx) => {
        const bc = await findBrokerCarrier(trx, brokerCarrierId, caller.brokerId, { forUpdate: true });
        if (!bc) throw brokerCarrierNotFound(brokerCarrierId);
        await trx.deleteFrom('preferred_region').where('broker_carrier_id', '=', brokerCarrierId).execute();
        if (checked.regions.length > 0)
          await trx
            .insertInto('preferred_region')
            .values(
              checked.regions.map((r) => ({
                broker_carrier_id: brokerCarrierId,
                region: r.regionId,
                type: r.type,
              })),
            )
            .execute();
        await publishBrokerCarrier(runtime, trx, brokerCarrierId, today(), {}, actorOf(request));
        return bc.carrier_master_id;
      });
      const view = await loadCarrierView(db, carrierMasterId, caller.brokerId);
      return detailsView(view!, caller.brokerId, today(), true);
    },
  );

  app.put(
    '/api/brokerCarrier/insurance',
    {
      preHandler: editCarriers,
      schema: {
        tags: ['carriers'],
        summary:
          'Adds an insurance certificate to a broker carrier, or changes one of its own (a renewal); its status is worked out at once',
        body: InsuranceIn,
        response: { 200: Type.Ref('CarrierDetails'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { brokerCarrierId, brokerCarrierInsuranceId, expirationDate, ...rest } = request.body;
      if (!isCalendarDate(expirationDate))
        throw fieldError('expirationDate', 'expirationDate is not a calendar date.');
      const carrierMasterId = await runtime.db.transaction().execute(async (trx) => {
        const bc = await findBrokerCarrier(trx, brokerCarrierId, caller.brokerId, { forUpdate: true });
        if (!bc) throw brokerCarrierNotFound(brokerCarrierId);
        const saved = await saveInsurance(
          runtime,
          trx,
          brokerCarrierId,
          {
            ...(brokerCarrierInsuranceId ? { brokerCarrierInsuranceId } : {}),
            insuranceType: rest.insuranceType.trim(),
            insurerName: rest.insurerName?.trim() || null,
            policyNumber: rest.policyNumber?.trim() || null,
            coverageAmount: rest.coverageAmount ?? null,
            expirationDate,
          },
          today(),
          actorOf(request),
        );
        if ('notFound' in saved)
          throw notFound(
            `Insurance ${brokerCarrierInsuranceId} of broker carrier ${brokerCarrierId} was not found.`,
          );
        return bc.carrier_master_id;
      });
      const view = await loadCarrierView(db, carrierMasterId, caller.brokerId);
      return detailsView(view!, caller.brokerId, today(), true);
    },
  );

  app.get(
    '/api/brokerCarrierPortalLink/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary:
          "The broker carrier's portal link (001 §7); 404 'Carrier portal link does not exist!' without one",
        params: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 64, description: 'the broker carrier id' }),
        }),
        response: { 200: PortalLinkOut, ...errors },
      },
    },
    async (request) => {
      const bc = await findBrokerCarrier(db, request.params.id, callerOf(request).brokerId);
      if (!bc?.portal_link) throw notFound(messages.carrier.portalLinkMissing);
      return { brokerCarrierId: bc.broker_carrier_id, portalLink: bc.portal_link };
    },
  );
}
