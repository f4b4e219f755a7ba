// Order entry's pure rules: the accessorials checklist and its filtering (002 §3.5, 001 §2), the order's
// accessorials, commodities with their class (000 §5, 002 §9) and hazmat details, special instructions,
// and the customer trends' ranges (001 §2).
import { AccessorialType, HAZARDOUS_ACCESSORIAL_ID, StaffPermission } from '@loadline/contracts/catalogue';
import { demoCallers } from '@loadline/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  type AccessorialDefinition,
  accessorialChecklist,
  accessorialMasterList,
  chooseAccessorials,
  inPuertoRico,
} from '../../src/domain/accessorials.ts';
import { draftCommodities, specialInstructionsOf } from '../../src/domain/commodities.ts';
import { draftShipment } from '../../src/domain/new-shipment.ts';
import { trendsRanges } from '../../src/domain/trends.ts';

const customer = { kind: 'customer' as const, permissions: 0 };
const staff = { kind: 'staff' as const, permissions: 0 };
const manager = { kind: 'staff' as const, permissions: StaffPermission.combine('ITSupportAdmin') };
const ohio = { state: 'OH', zipCode: '45414' };
const illinois = { state: 'IL', zipCode: '60632' };
const sanJuan = { state: 'PR', zipCode: '00901' };

const ids = (groups: ReturnType<typeof accessorialChecklist>) =>
  groups.flatMap((g) => g.accessorials.map((a) => a.accessorialId));

describe('accessorials checklist (001 §2, 002 §3.5)', () => {
  const list: AccessorialDefinition[] = [
    {
      accessorialId: 1,
      name: 'A',
      accessorialType: 2,
      availability: 0,
      display: 'Show',
      puertoRicoOnly: false,
    },
    {
      accessorialId: 2,
      name: 'B',
      accessorialType: 2,
      availability: 2,
      display: 'Show',
      puertoRicoOnly: false,
    },
    {
      accessorialId: 3,
      name: 'C',
      accessorialType: 3,
      availability: 0,
      display: 'Hide',
      puertoRicoOnly: false,
    },
    {
      accessorialId: 4,
      name: 'D',
      accessorialType: 3,
      availability: 0,
      display: 'ShowBackOffice',
      puertoRicoOnly: false,
    },
    {
      accessorialId: 5,
      name: 'E',
      accessorialType: 6,
      availability: 0,
      display: 'ShowManagers',
      puertoRicoOnly: false,
    },
    {
      accessorialId: 6,
      name: 'F',
      accessorialType: 10,
      availability: 0,
      display: 'Show',
      puertoRicoOnly: true,
    },
    {
      accessorialId: 7,
      name: 'G',
      accessorialType: 4,
      availability: 1,
      display: 'Show',
      puertoRicoOnly: false,
    },
    {
      accessorialId: 8,
      name: 'H',
      accessorialType: 1,
      availability: 0,
      display: 'Selected',
      puertoRicoOnly: false,
    },
  ];

  it('filters out Puerto Rico-only accessorials unless the origin or the destination is in Puerto Rico', () => {
    expect(ids(accessorialChecklist(staff, ohio, illinois, list))).not.toContain(6);
    expect(ids(accessorialChecklist(staff, sanJuan, illinois, list))).toContain(6);
    expect(ids(accessorialChecklist(staff, ohio, sanJuan, list))).toContain(6);
    expect(ids(accessorialChecklist(staff, ohio, { zipCode: '00725' }, list))).toContain(6);
  });

  it('never shows Not Available or hidden ones; the back office and managers see their own', () => {
    expect(ids(accessorialChecklist(customer, ohio, illinois, list))).toEqual([8, 1, 7]);
    expect(ids(accessorialChecklist(staff, ohio, illinois, list))).toEqual([8, 1, 4, 7]);
    expect(ids(accessorialChecklist(manager, ohio, illinois, list))).toEqual([8, 1, 4, 7, 5]);
  });

  it('splits by accessorial type in the type order, and marks selected, required and hazardous', () => {
    const groups = accessorialChecklist(staff, ohio, illinois);
    expect(groups.map((g) => g.accessorialType)).toEqual(
      [...groups.map((g) => g.accessorialType)].sort((a, b) => a - b),
    );
    expect(groups[0]!.name).toBe(AccessorialType.nameOf(groups[0]!.accessorialType));
    const all = groups.flatMap((g) => g.accessorials);
    expect(all.find((a) => a.accessorialId === HAZARDOUS_ACCESSORIAL_ID)).toMatchObject({ hazardous: true });
    const required = accessorialMasterList.find((d) => d.availability === 1)!;
    expect(all.find((a) => a.accessorialId === required.accessorialId)).toMatchObject({
      selected: true,
      required: true,
    });
  });

  it('knows Puerto Rico by state, ZIP or country', () => {
    expect(inPuertoRico({ state: 'pr' })).toBe(true);
    expect(inPuertoRico({ zipCode: '00612' })).toBe(true);
    expect(inPuertoRico({ country: 'Puerto Rico' })).toBe(true);
    expect(inPuertoRico({ zipCode: '00501' })).toBe(false);
    expect(inPuertoRico({ state: 'OH', zipCode: '45414' })).toBe(false);
  });

  it('refuses accessorials the caller could not check, and adds the required ones', () => {
    const prOnly = accessorialMasterList.find((d) => d.puertoRicoOnly)!;
    const backOffice = accessorialMasterList.find((d) => d.display === 'ShowBackOffice')!;
    const chosen = chooseAccessorials(
      customer,
      [12, prOnly.accessorialId, backOffice.accessorialId, 9999, 12],
      ohio,
      illinois,
    );
    expect(chosen.problems.map((p) => p.field)).toEqual([
      'accessorials.1',
      'accessorials.2',
      'accessorials.3',
      'accessorials.4',
    ]);
    const ok = chooseAccessorials(customer, [12], ohio, illinois);
    expect(ok.problems).toEqual([]);
    expect(ok.accessorials.map((a) => a.accessorialId)).toContain(12);
    expect(ok.accessorials.map((a) => a.accessorialId)).toContain(
      accessorialMasterList.find((d) => d.availability === 1)!.accessorialId,
    );
  });
});

const units = { weightUnit: 0, dimensionUnit: 0, scale: 'standard' as const, hazmatDetailsRequired: true };
const pallet = { description: 'Machine parts', pieces: 2, weight: 1000, length: 48, width: 40, height: 48 };
const hazmat = {
  unNumber: 'un 1263',
  properShippingName: 'Paint',
  hazardClass: '3',
  packingGroup: 2,
  emergencyContactName: 'ChemTel',
  emergencyContactPhone: '800-255-3924',
};

describe('commodities (000 §5, 002 §3.1, §9)', () => {
  it('gives the class from density on the broker’s scale when none is given', () => {
    // 2 pallets 48x40x48 in = 106.67 ft³; 1000 lb → 9.375 lb/ft³
    expect(draftCommodities([pallet], units).commodities[0]!.freightClass).toBe(100);
    expect(draftCommodities([pallet], { ...units, scale: 'alternate' }).commodities[0]!.freightClass).toBe(
      100,
    );
    expect(
      draftCommodities([{ ...pallet, weight: 900 }], { ...units, scale: 'alternate' }).commodities[0]!
        .freightClass,
    ).toBe(110);
    expect(draftCommodities([{ ...pallet, weight: 900 }], units).commodities[0]!.freightClass).toBe(100);
  });

  it('keeps a class given (77.5 stored as 77), and has none without dimensions', () => {
    expect(draftCommodities([{ ...pallet, freightClass: 77.5 }], units).commodities[0]!.freightClass).toBe(
      77,
    );
    const flat = { description: pallet.description, pieces: pallet.pieces, weight: pallet.weight };
    expect(draftCommodities([flat], units).commodities[0]!).toMatchObject({
      freightClass: null,
      length: null,
    });
  });

  it('keeps weights and dimensions to the hundredth; one that rounds to 0 or a total too heavy is refused', () => {
    expect(draftCommodities([{ ...pallet, weight: 1000.004 }], units).commodities[0]!.weight).toBe(1000);
    expect(draftCommodities([{ ...pallet, weight: 0.001 }], units).problems.map((p) => p.field)).toEqual([
      'commodities.0.weight',
    ]);
    const heavy = { ...pallet, weight: 9_000_000_000 };
    expect(draftCommodities([heavy, heavy], units).problems.map((p) => p.field)).toEqual(['commodities']);
  });

  it('names each bad field', () => {
    const { problems, commodities } = draftCommodities(
      [{ description: ' ', pieces: 0, weight: 0, length: 10, freightClass: 51, packageType: 7 }],
      units,
    );
    expect(commodities).toEqual([]);
    expect(problems.map((p) => p.field).sort()).toEqual(
      [
        'commodities.0.description',
        'commodities.0.freightClass',
        'commodities.0.height',
        'commodities.0.packageType',
        'commodities.0.pieces',
        'commodities.0.weight',
        'commodities.0.width',
      ].sort(),
    );
  });

  it('checks hazmat details; staff must give them, a customer may set the flag alone', () => {
    const ok = draftCommodities([{ ...pallet, hazmat }], units).commodities[0]!;
    expect(ok).toMatchObject({
      hazardous: true,
      hazmat: { unNumber: 'UN1263', hazardClass: '3', packingGroup: 2 },
    });
    expect(draftCommodities([{ ...pallet, hazardous: true }], units).problems.map((p) => p.field)).toEqual([
      'commodities.0.hazmat',
    ]);
    expect(
      draftCommodities([{ ...pallet, hazardous: true }], { ...units, hazmatDetailsRequired: false })
        .commodities[0],
    ).toMatchObject({
      hazardous: true,
      hazmat: null,
    });
    const bad = draftCommodities(
      [
        {
          ...pallet,
          hazmat: {
            unNumber: '1263',
            properShippingName: '',
            hazardClass: '10',
            packingGroup: 5,
            emergencyContactPhone: 'call us',
          },
        },
      ],
      units,
    );
    expect(bad.problems.map((p) => p.field).sort()).toEqual([
      'commodities.0.hazmat.emergencyContactPhone',
      'commodities.0.hazmat.hazardClass',
      'commodities.0.hazmat.packingGroup',
      'commodities.0.hazmat.properShippingName',
      'commodities.0.hazmat.unNumber',
    ]);
  });

  it('bounds special instructions and treats blank as none', () => {
    expect(specialInstructionsOf('  Call before  ')).toEqual({ ok: true, value: 'Call before' });
    expect(specialInstructionsOf('   ')).toEqual({ ok: true, value: null });
    expect(specialInstructionsOf('x'.repeat(2001))).toMatchObject({
      ok: false,
      problem: { field: 'specialInstructions' },
    });
  });
});

describe('the order in draftShipment', () => {
  const body = (over: Record<string, unknown>) => ({
    shipmentType: 2,
    stops: [
      { stopType: 'FirstPick', city: 'Dayton', state: 'OH', zipCode: '45414' },
      { stopType: 'LastDrop', city: 'Chicago', state: 'IL', zipCode: '60632' },
    ],
    ...over,
  });
  const now = new Date('2026-11-23T12:00:00Z');

  it('a hazardous commodity brings accessorial 46; 46 without one is refused', () => {
    const drafted = draftShipment(
      demoCallers.shipper as never,
      body({ commodities: [{ ...pallet, hazardous: true }] }),
      now,
    );
    expect(drafted.ok).toBe(true);
    if (!drafted.ok) return;
    expect(drafted.draft.shipment.accessorials!.map((a) => a.accessorialId)).toContain(
      HAZARDOUS_ACCESSORIAL_ID,
    );
    expect(drafted.draft.shipment.totalWeight).toBe(1000);
    const refused = draftShipment(
      demoCallers.shipper as never,
      body({ commodities: [pallet], accessorials: [HAZARDOUS_ACCESSORIAL_ID] }),
      now,
    );
    expect(refused).toMatchObject({ ok: false, problems: [{ field: 'accessorials.0' }] });
  });
});

describe('customer trends ranges (001 §2)', () => {
  it('Last 7 Days ends today; This Month so far; Last Month whole, across a year end', () => {
    expect(trendsRanges('2026-11-23')).toEqual([
      { range: 'Last7Days', name: 'Last 7 Days', from: '2026-11-17', to: '2026-11-23' },
      { range: 'ThisMonth', name: 'This Month', from: '2026-11-01', to: '2026-11-23' },
      { range: 'LastMonth', name: 'Last Month', from: '2026-10-01', to: '2026-10-31' },
    ]);
    expect(trendsRanges('2027-01-03').map((r) => [r.from, r.to])).toEqual([
      ['2026-12-28', '2027-01-03'],
      ['2027-01-01', '2027-01-03'],
      ['2026-12-01', '2026-12-31'],
    ]);
  });
});
