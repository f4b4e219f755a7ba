// Shared pieces of the shipments integration tests: the demo callers, a service on its own schema
// with the demo data, and outbox readers.
import { PaymentPreference, ShipmentAlertType } from '@loadline/contracts/catalogue';
import { demoCustomers } from '@loadline/contracts/demo';
import { subjects } from '@loadline/contracts/events';
import { type App, createEnvelope, type ServiceRuntime } from '@loadline/platform';
import { buildService, demoCallers, demoOrganizationIds, type TestService } from '@loadline/platform/testing';
import type { CarrierDispatchAdapter } from '../../src/adapters/carrier-dispatch.ts';
import { organizationReadModel } from '../../src/consumers/index.ts';
import {
  type ShipmentsAdapters,
  type ShipmentsSettings,
  type ShipmentsTables,
  seedDemoData,
  shipmentsService,
} from '../../src/service.ts';

export const { broker } = demoOrganizationIds;
export const today = '2026-11-23';

export const { ops, admin, shipper, buyer, otherBroker } = demoCallers;

export type Shipments = TestService<ShipmentsTables, ShipmentsSettings, ShipmentsAdapters>;
/** What the outbox readers need of a built service. */
type WithRuntime = { runtime: ServiceRuntime<ShipmentsTables> };

export interface Service {
  t: Shipments;
  app: App;
  close(): Promise<void>;
}

/**
 * The service (buildService: its own schema, stream namespace and queue prefix), with the demo shipments
 * as of `today`; `dispatch` replaces the carrier-dispatch adapter.
 */
export async function startService(options: { dispatch?: CarrierDispatchAdapter } = {}): Promise<Service> {
  const t = await buildService(shipmentsService, {
    ...(options.dispatch ? { adapters: { dispatch: options.dispatch } } : {}),
  });
  await seedDemoData(t.runtime, today);
  return { t, app: t.app, close: () => t.cleanup() };
}

export interface OutboxRow {
  position: number;
  subject: string;
  envelope: { id: string; data: Record<string, unknown> };
}

export async function outbox(t: WithRuntime): Promise<OutboxRow[]> {
  return (await t.runtime.db
    .selectFrom('outbox')
    .select(['position', 'subject', 'envelope'])
    .orderBy('position')
    .execute()) as OutboxRow[];
}

export const lastPosition = async (t: WithRuntime) => (await outbox(t)).at(-1)?.position ?? 0;
export const outboxAfter = async (t: WithRuntime, position: number) =>
  (await outbox(t)).filter((r) => r.position > position);

/** A new LTL shipment for Acme, Toledo to Nashville, as POST /api/shipments takes it. */
export const newShipment = (overrides: Record<string, unknown> = {}) => ({
  customerOrganizationId: 'org_demo_acme',
  shipmentType: 2,
  transitDays: 2,
  totalWeight: 1200,
  stops: [
    {
      stopType: 'FirstPick',
      companyName: 'Acme Plant 3',
      city: 'Toledo',
      state: 'OH',
      zipCode: '43604',
      scheduledReadyDateTime: '2026-11-26T08:00',
      scheduledCloseDateTime: '2026-11-26T15:00',
    },
    { stopType: 'LastDrop', companyName: 'Zenith Retail', city: 'Nashville', state: 'TN', zipCode: '37210' },
  ],
  ...overrides,
});

/**
 * Globex Foods is on credit hold and its Committed demo loads are over its limit, so neither
 * `canUpdateTransitLegStatus` nor `updatestatus` lets them move beyond Committed. This clears
 * both as the other services would: the directory lifts the hold (organization.changed, through
 * the read model's consumer) and accounting resolves the credit-limit-exceeded alerts.
 */
export async function clearGlobexCredit(t: WithRuntime): Promise<void> {
  const globex = demoCustomers.find((c) => c.organizationId === 'org_demo_globex')!;
  const readModel = t.runtime.consumers.find((c) => c.durableName.endsWith(organizationReadModel.name));
  if (!readModel) throw new Error('the organization read model is not registered');
  await readModel.apply(
    createEnvelope('directory', subjects.organizationChanged, {
      ...globex,
      version: 100,
      paymentPreference: PaymentPreference.values.Approved,
    }) as never,
  );
  await t.runtime.db
    .updateTable('shipment_alert')
    .set({ resolved: true, resolved_at: new Date() })
    .where('alert_type', '=', ShipmentAlertType.values.CreditLimitExceeded)
    .execute();
}
