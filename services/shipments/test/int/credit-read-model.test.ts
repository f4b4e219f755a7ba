// The credit-hold check reads the accounting service's credit position (credit.changed, issue 16) instead of
// an open balance of 0: an open balance above the limit, or accounting's hold of a new customer, refuses a
// move beyond Committed; a position under the limit lets it through; an older version never overwrites a
// newer one.
import { PaymentPreference, ShipmentStatus } from '@loadline/contracts/catalogue';
import { type CreditChangedV1, subjects } from '@loadline/contracts/events';
import { createEnvelope } from '@loadline/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReadModel } from '../../src/consumers/index.ts';
import { clearGlobexCredit, ops, type Service, startService } from './fixtures.ts';

const S = ShipmentStatus.values;
let service: Service;

const can = async (shipmentId: number, status: number) =>
  (
    await service.app.inject({
      method: 'POST',
      url: '/api/creditHoldShipment/canUpdateTransitLegStatus',
      headers: service.t.as(ops),
      payload: { shipmentId, newtransitLegStatus: status },
    })
  ).json();

const aging = {
  current: 0,
  pastDue: 0,
  days15: 0,
  days25: 0,
  days30: 0,
  days45: 0,
  days60: 0,
  days90: 0,
  days120: 0,
};
const position = (over: Partial<CreditChangedV1>): CreditChangedV1 => ({
  organizationId: 'org_demo_globex',
  brokerId: 'org_demo_broker',
  version: 1,
  asOf: '2026-11-23',
  paymentPreference: PaymentPreference.values.Approved,
  creditLimitCents: 1_000_000,
  openInvoicesCents: 0,
  uninvoicedCents: 0,
  openBalanceCents: 0,
  totalPastDueCents: 0,
  aging,
  creditLimitExceeded: false,
  enablePastDueNotification: true,
  onCreditHold: false,
  creditHoldReason: null,
  ...over,
});

const deliver = async (data: CreditChangedV1) => {
  const consumer = service.t.runtime.consumers.find((c) => c.durableName.endsWith(creditReadModel.name));
  if (!consumer) throw new Error('the credit read model is not registered');
  return consumer.apply(createEnvelope('accounting', subjects.creditChanged, data) as never);
};

beforeAll(async () => {
  service = await startService();
  // The directory lifts Globex's hold and accounting resolved its alerts: only the balance can refuse now.
  await clearGlobexCredit(service.t);
});
afterAll(async () => service?.close());

describe('the credit-hold check reads accounting’s credit position', () => {
  it('lets a Committed load move while the open balance is under the limit', async () => {
    await deliver(position({ version: 1, openBalanceCents: 400_000 }));
    expect(await can(10002, S.Ready)).toBe(true);
  });

  it('refuses it once the open balance is above the limit (cents against cents), and the update says why', async () => {
    await deliver(
      position({
        version: 2,
        openBalanceCents: 1_000_001,
        creditLimitExceeded: true,
        onCreditHold: true,
        creditHoldReason: 'OverCreditLimit',
      }),
    );
    expect(await can(10002, S.Ready)).toBe(false);
    expect(await can(10002, S.Committed)).toBe(true);
    const res = await service.app.inject({
      method: 'PUT',
      url: '/api/ShipmentUpdateStatus/updatestatus',
      headers: service.t.as(ops),
      payload: { shipmentId: 10002, status: S.Ready },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['model.status'][0]).toMatch(/is over its credit limit/);
  });

  it('keeps the newest version whatever the order of delivery', async () => {
    await deliver(position({ version: 1, openBalanceCents: 0 }));
    expect(await can(10002, S.Ready)).toBe(false);
  });

  it('refuses a new customer accounting holds (ApplyNewCustomerCreditHold), under its limit', async () => {
    await deliver(
      position({
        version: 3,
        paymentPreference: null,
        openBalanceCents: 0,
        onCreditHold: true,
        creditHoldReason: 'NewCustomer',
      }),
    );
    expect(await can(10002, S.Dispatched)).toBe(false);
    const res = await service.app.inject({
      method: 'PUT',
      url: '/api/ShipmentUpdateStatus/updatestatus',
      headers: service.t.as(ops),
      payload: { shipmentId: 10002, status: S.Dispatched },
    });
    expect(res.json().errors['model.status'][0]).toMatch(/is on credit hold/);
  });

  it('lets it move again once accounting lifts the hold', async () => {
    await deliver(position({ version: 4, openBalanceCents: 10 }));
    expect(await can(10002, S.Ready)).toBe(true);
  });
});
