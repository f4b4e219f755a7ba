// The shipments service's HTTP shape with every server stopped: who is calling comes first (401, 403),
// then what is sent (400 naming the field). Built offline (buildService with `offline`): no PostgreSQL,
// NATS or Redis.
import { buildService, demoCallers } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentsService } from '../../src/service.ts';
import type { Shipments } from '../int/fixtures.ts';

let t: Shipments;
beforeAll(async () => {
  t = await buildService(shipmentsService, { offline: true });
});
afterAll(async () => t?.cleanup());

describe('the shipments HTTP shape, no server running', () => {
  it('answers 401 without a signed identity', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shipments/10001' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a customer on the status update before reading its input', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ShipmentUpdateStatus/updatestatus',
      headers: t.as(demoCallers.shipper),
      payload: { colour: 'red' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 naming the fields of a bad status update', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ShipmentUpdateStatus/updatestatus',
      headers: t.as(demoCallers.ops),
      payload: { shipmentId: 10001, status: 'InTransit', pickupReadyDateTime: 'soon' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['model.pickupReadyDateTime', 'model.status']);
  });

  it('answers 400 to a new shipment without stops', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(demoCallers.ops),
      payload: { customerOrganizationId: 'org_demo_acme', shipmentType: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('stops is required.');
  });
});
