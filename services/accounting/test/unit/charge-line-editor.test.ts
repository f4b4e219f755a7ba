// What the inline editor may change on a charge line beyond its amounts (001 §7 inline editor, 002 §3.5):
// its type, its billing status (the ones a person chooses), its carrier and vendor, each refused in the
// words of the line's `locks` once the line is invoiced or billed (decisions 0055, 0057).
import { describe, expect, it } from 'vitest';
import {
  billingStatusChoiceMessage,
  changeChargeLine,
  chargeLineLocks,
  lockReasons,
} from '../../src/domain/charge-lines.ts';
import { line } from './fixtures.ts';

describe('the inline editor’s other fields', () => {
  it('changes the type and the billing status of a line on no invoice', () => {
    const open = line({ billingStatus: 'NotReady' });
    const changed = changeChargeLine(open, { ...open, chargeLineType: 'Fuel', billingStatus: 'Ready' });
    expect(changed.ok && changed.line).toMatchObject({ chargeLineType: 'Fuel', billingStatus: 'Ready' });
  });

  it('leaves Has Variance and Created to the service, yet accepts them as read', () => {
    const open = line({});
    const created = changeChargeLine(open, { ...open, billingStatus: 'Created' });
    expect(created.ok).toBe(false);
    expect(!created.ok && created.status).toBe(400);
    expect(!created.ok && created.problems[0]).toEqual({
      field: 'billingStatus',
      message: billingStatusChoiceMessage,
    });
    const asRead = line({ billingStatus: 'HasVariance' });
    expect(changeChargeLine(asRead, { ...asRead, description: 'x' }).ok).toBe(true);
  });

  it('locks the billing status of an invoiced line and the carrier and vendor of a billed one', () => {
    const invoiced = line({ invoiceId: 'inv_1', billingStatus: 'Created' });
    expect(chargeLineLocks(invoiced).billingStatus).toBe(lockReasons.billingStatus);
    const refused = changeChargeLine(invoiced, { ...invoiced, billingStatus: 'Ready' });
    expect(!refused.ok && refused.status).toBe(409);
    expect(!refused.ok && refused.problems[0]?.message).toBe(lockReasons.billingStatus);
    // the carrier of an invoiced (not billed) line may still change: the buy is the carrier's to settle
    expect(chargeLineLocks(invoiced).vendor).toBeNull();

    const billed = line({ billId: 'bil_1' });
    expect(chargeLineLocks(billed).vendor).toBe(lockReasons.vendor);
    for (const change of [{ carrierMasterId: null }, { vendorOrganizationId: 'org_demo_acme' }]) {
      const vendor = changeChargeLine(billed, { ...billed, ...change });
      expect(!vendor.ok && vendor.problems[0]?.message).toBe(lockReasons.vendor);
    }
    // sent back as read, nothing is refused
    expect(changeChargeLine(billed, { ...billed, description: 'Linehaul, revised' }).ok).toBe(true);
  });

  it('takes no carrier or vendor name from the body (the use case names them)', () => {
    const open = line({});
    const changed = changeChargeLine(open, { ...open, carrierMasterName: 'Anything', vendorName: 'Else' });
    expect(changed.ok && changed.line).toMatchObject({
      carrierMasterName: 'Old Line Freight',
      vendorName: null,
    });
  });
});
