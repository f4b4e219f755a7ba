// HTTP doors of the broker carrier calls (000 §7, 001 §7 carriers): carrier details, compliance, score,
// favorite, the master list of states per region, the portal link; and the preview's edits (status,
// preferred regions, insurance certificates), which need LSP Carrier Add/Edit (001 §6).
import { StaffPermission } from '@loadline/contracts/catalogue';
import { type App, callerOf, requirePermission, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import {
  carrierComplianceOf,
  carrierDetailsOf,
  carrierScoreOf,
  masterStateRegionList,
  portalLinkOf,
  saveInsuranceCertificate,
  setFavorite,
  setPreferredRegions,
  setStatus,
} from '../app/broker-carriers.ts';
import type { CarriersDeps } from '../service.ts';
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

/** 001 §6: edits in the carrier preview need LSP Carrier Add/Edit (002 §6.2). */
const editCarriers = requirePermission(
  StaffPermission.values.LSPCarrierAddEdit,
  "edit your broker's carriers",
);

export function brokerCarrierRoutes(app: App, deps: CarriersDeps): void {
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
    async () => masterStateRegionList(),
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
    (request) => carrierScoreOf(deps, callerOf(request), request.params.carrierMasterId),
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
    (request) =>
      carrierComplianceOf(deps, callerOf(request), request.params.carrierMasterId, request.params.brokerId),
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
    (request) =>
      carrierDetailsOf(deps, callerOf(request), request.params.carrierMasterId, request.params.brokerId),
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
    (request) => setFavorite(deps, callerOf(request), request.body),
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
    (request) => setStatus(deps, callerOf(request), request.body),
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
    (request) => setPreferredRegions(deps, callerOf(request), request.body),
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
    (request) => saveInsuranceCertificate(deps, callerOf(request), request.body),
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
    (request) => portalLinkOf(deps, callerOf(request), request.params.id),
  );
}
