import { describe, expect, it } from 'vitest';
import {
  generateIdentityKeys,
  hasPermission,
  IdentitySigner,
  identityLifetimeSeconds,
  signIdentity,
  verifyIdentity,
} from '../src/identity.ts';
import { canSeeShipment, inShipmentScope, shipmentScope } from '../src/shipment-scope.ts';
import { type DemoCaller, demoCallers, demoOrganizationIds, testIdentity } from '../src/testing/index.ts';

const keys = generateIdentityKeys();

describe('signed identity', () => {
  it('verifies what the gateway signed', () => {
    const header = signIdentity(testIdentity({ userId: 'usr_1' }), keys.privateKey);
    const checked = verifyIdentity(header, keys.publicKey);
    expect(checked).toEqual({ ok: true, identity: testIdentity({ userId: 'usr_1' }) });
  });

  it('refuses a tampered identity', () => {
    const header = signIdentity(testIdentity({ permissions: 0 }), keys.privateKey);
    const [, signature] = header.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...testIdentity({ permissions: 16777216 }), exp: 9e9 }),
    ).toString('base64url');
    expect(verifyIdentity(`${forged}.${signature}`, keys.publicKey)).toEqual({
      ok: false,
      reason: 'identity signature does not match',
    });
  });

  it('refuses an identity signed by another key, an expired one and a malformed one', () => {
    const other = generateIdentityKeys();
    expect(verifyIdentity(signIdentity(testIdentity(), other.privateKey), keys.publicKey).ok).toBe(false);
    const old = signIdentity(testIdentity(), keys.privateKey, Date.now() - 120_000);
    expect(verifyIdentity(old, keys.publicKey)).toEqual({ ok: false, reason: 'identity expired' });
    expect(verifyIdentity('nonsense', keys.publicKey)).toEqual({ ok: false, reason: 'malformed identity' });
  });

  it('checks a header seen before without its signature again, yet still refuses it once expired', () => {
    const now = Date.now();
    const header = signIdentity(testIdentity({ userId: 'usr_again' }), keys.privateKey, now);
    expect(verifyIdentity(header, keys.publicKey, now).ok).toBe(true);
    expect(verifyIdentity(header, keys.publicKey, now + 1000)).toEqual({
      ok: true,
      identity: testIdentity({ userId: 'usr_again' }),
    });
    expect(verifyIdentity(header, keys.publicKey, now + (identityLifetimeSeconds + 1) * 1000)).toEqual({
      ok: false,
      reason: 'identity expired',
    });
    // Remembered per key: the same header offered under another key is checked, and refused.
    expect(verifyIdentity(header, generateIdentityKeys().publicKey, now).ok).toBe(false);
  });

  it('the gateway signer reuses a header for half its lifetime, and signs a changed identity anew', () => {
    const signer = new IdentitySigner(keys.privateKey);
    const now = Date.now();
    const first = signer.sign(testIdentity({ userId: 'usr_s' }), now);
    expect(signer.sign(testIdentity({ userId: 'usr_s' }), now + 1000)).toBe(first);
    const later = signer.sign(
      testIdentity({ userId: 'usr_s' }),
      now + (identityLifetimeSeconds / 2 + 1) * 1000,
    );
    expect(later).not.toBe(first);
    expect(verifyIdentity(later, keys.publicKey, now + (identityLifetimeSeconds / 2 + 1) * 1000).ok).toBe(
      true,
    );
    const changed = signer.sign(testIdentity({ userId: 'usr_s', permissions: 16384 }), now + 1000);
    expect(changed).not.toBe(first);
    expect(verifyIdentity(changed, keys.publicKey, now + 1000)).toEqual({
      ok: true,
      identity: testIdentity({ userId: 'usr_s', permissions: 16384 }),
    });
  });

  it('grants a permission only to staff holding every bit of it', () => {
    expect(hasPermission(testIdentity({ permissions: 16384 | 32768 }), 32768)).toBe(true);
    expect(hasPermission(testIdentity({ permissions: 16384 }), 32768)).toBe(false);
    expect(hasPermission(testIdentity({ kind: 'customer', permissions: 32768 }), 32768)).toBe(false);
  });
});

describe('who sees which shipment (DESIGN.md "Identity")', () => {
  const acmeShipment = { brokerId: 'org_broker', customerOrganizationId: 'org_acme' };
  const staff = testIdentity({ kind: 'staff', brokerId: 'org_broker', organizationId: 'org_broker' });
  const acme = testIdentity({ kind: 'customer', brokerId: 'org_broker', organizationId: 'org_acme' });
  const globex = testIdentity({ kind: 'customer', brokerId: 'org_broker', organizationId: 'org_globex' });
  const rival = testIdentity({ kind: 'staff', brokerId: 'org_rival', organizationId: 'org_rival' });

  it("lets broker staff see their broker's shipments and a customer only its own organization's", () => {
    expect(canSeeShipment(staff, acmeShipment)).toBe(true);
    expect(canSeeShipment(acme, acmeShipment)).toBe(true);
    expect(canSeeShipment(globex, acmeShipment)).toBe(false);
    expect(canSeeShipment(rival, acmeShipment)).toBe(false);
  });

  it('gives the same answer as a query scope', () => {
    expect(shipmentScope(staff)).toEqual({ brokerId: 'org_broker', customerOrganizationId: null });
    expect(shipmentScope(acme)).toEqual({ brokerId: 'org_broker', customerOrganizationId: 'org_acme' });
    expect(inShipmentScope(shipmentScope(globex), acmeShipment)).toBe(false);
    expect(inShipmentScope(shipmentScope(rival), acmeShipment)).toBe(false);
  });
});

describe('the demo callers the services test as', () => {
  it('are the demo users with their organizations, as the gateway signs them', () => {
    expect(demoOrganizationIds).toEqual({
      broker: 'org_demo_broker',
      acme: 'org_demo_acme',
      globex: 'org_demo_globex',
    });
    expect(demoCallers.ops).toMatchObject({
      userId: 'usr_demo_ops',
      kind: 'staff',
      email: 'ops@demo.test',
      displayName: 'Omar Operations',
      organizationId: 'org_demo_broker',
      organizationType: 60,
      brokerId: 'org_demo_broker',
    });
    expect(demoCallers.shipper).toMatchObject({
      userId: 'usr_demo_shipper',
      kind: 'customer',
      displayName: 'Sam Shipper',
      organizationId: 'org_demo_acme',
      organizationType: 70,
      brokerId: 'org_demo_broker',
      permissions: 0,
    });
    expect(demoCallers.buyer).toMatchObject({ displayName: 'Bea Buyer', organizationId: 'org_demo_globex' });
    expect(demoCallers.admin).toMatchObject({
      displayName: 'Avery Admin',
      organizationId: 'org_demo_broker',
    });
  });

  it('put the other broker outside the demo data, and each customer only in its own organization', () => {
    const acmeShipment = { brokerId: 'org_demo_broker', customerOrganizationId: 'org_demo_acme' };
    const sees = (caller: DemoCaller) => canSeeShipment(testIdentity(caller), acmeShipment);
    expect([demoCallers.ops, demoCallers.shipper].map(sees)).toEqual([true, true]);
    expect([demoCallers.buyer, demoCallers.otherBroker].map(sees)).toEqual([false, false]);
  });
});
