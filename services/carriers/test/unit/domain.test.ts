// The carriers service's pure rules: insurance status by date (000 §9), compliance, audit scoring and
// the carrier score (000 §3), leg audit visibility (000 §4), preferred regions (002 §3.1), the terminal
// page and who sees which broker's data.
import { ShipmentStatus, StaffPermission, TransitLegType } from '@loadline/contracts/catalogue';
import { demoAudits } from '@loadline/contracts/demo/carriers';
import { CARRIER_LIST_MAX_PAGE_SIZE } from '@loadline/contracts/rules/carriers';
import { csvField, toCsv } from '@loadline/platform/csv';
import { testIdentity } from '@loadline/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  brokerOfPath,
  canEditCarriers,
  mayExportBrokerCarriers,
  mayListBrokerCarriers,
} from '../../src/domain/access.ts';
import { carrierScore, emptyTally, scoreAudit, tallyChange, toStars } from '../../src/domain/audits.ts';
import {
  carrierCsvRow,
  carrierListFilter,
  carrierListItem,
  carrierListOrder,
  carrierListPage,
} from '../../src/domain/carrier-list.ts';
import { complianceOn } from '../../src/domain/compliance.ts';
import {
  daysUntil,
  insuranceMoveOn,
  insuranceStateOf,
  insuranceStatusOn,
  insuranceSummaryOn,
  isNotYetExpired,
} from '../../src/domain/insurance.ts';
import { auditRefusal, auditShown } from '../../src/domain/leg-audits.ts';
import { activeLegOf } from '../../src/domain/legs.ts';
import { checkPreferredRegions, masterStateRegions } from '../../src/domain/regions.ts';
import { countryName, escapeHtml, renderTerminalPage, terminalServing } from '../../src/domain/terminals.ts';

const today = '2026-11-23';
const S = ShipmentStatus.values;
const L = TransitLegType.values;

describe('insurance status by expiration date (000 §9: warnings at 10 and 30 days)', () => {
  it.each([
    ['2027-06-01', 'Current'],
    ['2026-12-24', 'Current'], // 31 days
    ['2026-12-23', 'ExpiringIn30Days'], // 30 days
    ['2026-12-04', 'ExpiringIn30Days'], // 11 days
    ['2026-12-03', 'ExpiringIn10Days'], // 10 days
    ['2026-11-24', 'ExpiringIn10Days'], // tomorrow
    ['2026-11-23', 'Expired'], // at expiry
    ['2025-01-01', 'Expired'],
  ])('%s is %s on 2026-11-23', (date, status) => {
    expect(insuranceStatusOn(date, today)).toBe(status);
  });

  it('counts calendar days across months and years', () => {
    expect(daysUntil('2027-01-02', '2026-12-31')).toBe(2);
    expect(daysUntil('2026-03-01', '2026-02-28')).toBe(1);
  });

  it('shows an insurance only while not yet expired (000 §2 item 11)', () => {
    expect(isNotYetExpired('2026-11-24', today)).toBe(true);
    expect(isNotYetExpired('2026-11-23', today)).toBe(false);
  });

  it('maps statuses to the 002 §3.7 insurance state', () => {
    expect(insuranceStateOf('Current')).toBe('Pass');
    expect(insuranceStateOf('ExpiringIn30Days')).toBe('Expiring');
    expect(insuranceStateOf('ExpiringIn10Days')).toBe('Expiring');
    expect(insuranceStateOf('Expired')).toBe('Expired');
    expect(insuranceStateOf('NotOnFile')).toBe('Expired');
  });

  it('summarizes a carrier: Not on File without insurance, else the worst coverage by its latest certificate', () => {
    expect(insuranceSummaryOn([], today)).toBe('NotOnFile');
    const auto = { insuranceType: 'Auto Liability', expirationDate: '2026-11-01' };
    const cargo = { insuranceType: 'Cargo', expirationDate: '2026-12-01' };
    expect(insuranceSummaryOn([auto, cargo], today)).toBe('Expired');
    const renewed = { insuranceType: 'auto liability ', expirationDate: '2027-11-01' };
    expect(insuranceSummaryOn([auto, renewed, cargo], today)).toBe('ExpiringIn10Days');
    expect(insuranceSummaryOn([renewed], today)).toBe('Current');
  });

  it('moves a status once: no move when the recorded one still holds', () => {
    expect(insuranceMoveOn('Current', '2026-12-20', today)).toEqual({
      previousStatus: 'Current',
      status: 'ExpiringIn30Days',
    });
    expect(insuranceMoveOn('ExpiringIn30Days', '2026-12-20', today)).toBeNull();
  });
});

describe('compliance', () => {
  const good = {
    authority: 1,
    dotStatus: 1,
    carrierRating: 'Satisfactory',
    brokerCarrierStatus: 1,
    insurances: [{ insuranceType: 'Cargo', expirationDate: '2027-06-01' }],
  };

  it('complies when enabled, active, not unsatisfactory and insured (expiring still complies)', () => {
    expect(complianceOn(good, today)).toEqual({
      inCompliance: true,
      insuranceStatus: 'Current',
      reasons: [],
    });
    const expiring = { ...good, insurances: [{ insuranceType: 'Cargo', expirationDate: '2026-11-30' }] };
    expect(complianceOn(expiring, today)).toMatchObject({
      inCompliance: true,
      insuranceStatus: 'ExpiringIn10Days',
    });
  });

  it('names every failed check', () => {
    const bad = complianceOn(
      { authority: 2, dotStatus: 0, carrierRating: 'Unsatisfactory', brokerCarrierStatus: 2, insurances: [] },
      today,
    );
    expect(bad.inCompliance).toBe(false);
    expect(bad.reasons.map((r) => r.code)).toEqual([
      'Blocked',
      'AuthorityNotActive',
      'DotStatusInactive',
      'UnsatisfactoryRating',
      'InsuranceNotOnFile',
    ]);
    expect(complianceOn({ ...good, brokerCarrierStatus: 3 }, today).reasons[0]!.code).toBe('Disabled');
    expect(complianceOn({ ...good, brokerCarrierStatus: null }, today).reasons[0]!.code).toBe(
      'NotInCarrierList',
    );
  });

  it('TSA compliance does not decide (it is not among the facts)', () => {
    expect(complianceOn({ ...good, carrierRating: 'NotRated' }, today).inCompliance).toBe(true);
  });

  it('names in the detail of an expired insurance the coverage that expired and its date (MM/DD/YYYY)', () => {
    const oneExpired = complianceOn(
      {
        ...good,
        insurances: [
          { insuranceType: 'Cargo', expirationDate: '2027-03-23' },
          { insuranceType: 'Auto Liability', expirationDate: '2026-11-20' },
        ],
      },
      today,
    );
    expect(oneExpired.insuranceStatus).toBe('Expired');
    expect(oneExpired.reasons).toEqual([
      {
        code: 'InsuranceExpired',
        message: "The carrier's insurance has expired.",
        detail: 'Auto Liability expired 11/20/2026.',
      },
    ]);
    // Expiring on its date: expired that very day.
    expect(
      complianceOn({ ...good, insurances: [{ insuranceType: 'Cargo', expirationDate: today }] }, today)
        .reasons[0]!.detail,
    ).toBe('Cargo expired 11/23/2026.');
  });

  it('names every expired coverage, earliest first then by type, each by its latest certificate', () => {
    const detailOf = (insurances: { insuranceType: string; expirationDate: string }[]) =>
      complianceOn({ ...good, insurances }, today).reasons.find((r) => r.code === 'InsuranceExpired')?.detail;
    const both = [
      { insuranceType: 'Cargo', expirationDate: '2026-11-21' },
      { insuranceType: 'Auto Liability', expirationDate: '2026-11-21' },
      { insuranceType: 'General Liability', expirationDate: '2025-06-30' },
    ];
    expect(detailOf(both)).toBe(
      'General Liability expired 06/30/2025. Auto Liability expired 11/21/2026. Cargo expired 11/21/2026.',
    );
    expect(detailOf([...both].reverse())).toBe(detailOf(both));
    // A renewed cargo policy (any case) replaces the expired one: only auto liability is named.
    expect(
      detailOf([
        { insuranceType: 'Cargo', expirationDate: '2026-11-01' },
        { insuranceType: ' cargo ', expirationDate: '2027-11-01' },
        { insuranceType: 'Auto Liability', expirationDate: '2026-11-18' },
      ]),
    ).toBe('Auto Liability expired 11/18/2026.');
    // Nothing on file: the message says it all.
    expect(complianceOn({ ...good, insurances: [] }, today).reasons).toEqual([
      { code: 'InsuranceNotOnFile', message: 'No insurance is on file for the carrier.' },
    ]);
  });
});

describe('audits and the carrier score (000 §3, 5 stars)', () => {
  it('scores answers: 2 points a star, 10 for yes, an option its points', () => {
    const a = scoreAudit('Pickup', {
      'pickup-on-time': true,
      'pickup-driver': 4,
      'pickup-equipment': 'Good',
    });
    expect(a).toEqual({
      ok: true,
      audit: {
        points: 28,
        maxPoints: 30,
        score: (5 * 28) / 30,
        answers: { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
      },
    });
    const worst = scoreAudit('Delivery', {
      'delivery-on-time': false,
      'delivery-condition': false,
      'delivery-communication': 1,
      'delivery-paperwork': 'Later',
    });
    expect(worst.ok && worst.audit).toMatchObject({ points: 2, maxPoints: 40 });
  });

  it('refuses a missing, mistyped or unknown answer', () => {
    const r = scoreAudit('Pickup', { 'pickup-on-time': 1, 'pickup-driver': 2.5, 'delivery-on-time': true });
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.errors).sort()).toEqual([
      'answers.delivery-on-time',
      'answers.pickup-driver',
      'answers.pickup-equipment',
      'answers.pickup-on-time',
    ]);
    expect(
      scoreAudit('Pickup', { 'pickup-on-time': true, 'pickup-driver': 0, 'pickup-equipment': 'Good' }).ok,
    ).toBe(false);
  });

  it('rounds star scores to the nearest half star, a quarter up', () => {
    expect([3.24, 3.25, 3.74, 3.75, 4.99, 0.2].map(toStars)).toEqual([3, 3.5, 3.5, 4, 5, 0]);
  });

  it('works the score out from running sums: known audits', () => {
    let tally = emptyTally;
    const add = (t: typeof tally, c: typeof tally) =>
      Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v + c[k as keyof typeof c]])) as typeof tally;
    tally = add(tally, tallyChange('Pickup', { points: 28, maxPoints: 30 }, null));
    tally = add(tally, tallyChange('Pickup', { points: 11, maxPoints: 30 }, null));
    tally = add(tally, tallyChange('Delivery', { points: 40, maxPoints: 40 }, null));
    expect(carrierScore(tally)).toEqual({
      totalAuditCount: 3,
      pickupAuditCount: 2,
      deliveryAuditCount: 1,
      starScore: 4,
      actualScore: 3.83,
      pickupStarScore: 3.5,
      actualPickupScore: 3.25,
      deliveryStarScore: 5,
      actualDeliveryScore: 5,
    });
    // Replacing the 11-point audit with a 30-point one keeps the counts.
    tally = add(tally, tallyChange('Pickup', { points: 30, maxPoints: 30 }, { points: 11, maxPoints: 30 }));
    expect(carrierScore(tally)).toMatchObject({
      pickupAuditCount: 2,
      actualPickupScore: 4.83,
      actualScore: 4.89,
    });
  });

  it('has no score without audits', () => {
    expect(carrierScore(emptyTally)).toMatchObject({
      totalAuditCount: 0,
      starScore: null,
      actualScore: null,
    });
  });

  it('every demo audit answers its questions', () => {
    for (const a of demoAudits()) expect(scoreAudit(a.category, a.answers).ok, a.auditId).toBe(true);
  });
});

describe('leg audit visibility (000 §4)', () => {
  const leg = (transitType: number, status: number, carrierMasterId: string | null = 'car_x') => ({
    transitType,
    status,
    carrierMasterId,
  });
  it.each([
    [L.Linehaul, S.Dispatched, false, false],
    [L.Linehaul, S.InTransit, true, false],
    [L.Linehaul, S.OutForDelivery, true, false],
    [L.Linehaul, S.Delivered, true, true],
    [L.Linehaul, S.Complete, true, true],
    [L.Linehaul, S.Canceled, false, false],
    [L.PickupLocal, S.Delivered, false, false],
    [L.DeliveryLocal, S.Delivered, false, false],
  ])('leg type %i at status %i: pickup %s, delivery %s', (type, status, pickup, delivery) => {
    expect(auditShown(leg(type, status), 'Pickup')).toBe(pickup);
    expect(auditShown(leg(type, status), 'Delivery')).toBe(delivery);
  });

  it('says why an audit is not taken', () => {
    expect(auditRefusal(leg(L.Linehaul, S.Delivered, null), 'Pickup')).toBe(
      'The leg has no carrier to audit.',
    );
    expect(auditRefusal(leg(L.Linehaul, S.Delivered), 'Delivery')).toBeNull();
  });

  it('picks the active leg as the shipments service does', () => {
    const l = (id: string, transitType: number, active: boolean) => ({
      transitLegId: id,
      sequence: 0,
      transitType,
      status: S.InTransit,
      active,
      carrierMasterId: null,
      carrierMasterName: null,
      scac: null,
      serviceLevel: null,
    });
    expect(activeLegOf([l('a', L.PickupLocal, false), l('b', L.Linehaul, true)])!.transitLegId).toBe('b');
    expect(activeLegOf([l('a', L.PickupLocal, false), l('b', L.Linehaul, false)])!.transitLegId).toBe('b');
    expect(activeLegOf([l('a', L.PickupLocal, false)])!.transitLegId).toBe('a');
    expect(activeLegOf([])).toBeUndefined();
  });
});

describe('preferred regions (002 §3.1)', () => {
  it('lists every region with its states, Canada with its provinces', () => {
    const regions = masterStateRegions();
    expect(regions.map((r) => r.regionId)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]);
    expect(regions.find((r) => r.code === 'MidAtlantic')!.states.map((s) => s.code)).toEqual([
      'MD',
      'DC',
      'VA',
      'WV',
      'NC',
      'SC',
    ]);
    expect(regions.find((r) => r.code === 'AllCanada')!.states[0]).toEqual({ code: 'AB', name: 'Alberta' });
    expect(regions.find((r) => r.code === 'AllMexico')!.states).toEqual([]);
  });

  it('accepts known regions and types once each, sorted by region', () => {
    expect(
      checkPreferredRegions([
        { regionId: 512, type: 3 },
        { regionId: 1, type: 1 },
      ]),
    ).toEqual({
      ok: true,
      regions: [
        { regionId: 1, type: 1 },
        { regionId: 512, type: 3 },
      ],
    });
    const bad = checkPreferredRegions([
      { regionId: 3, type: 1 },
      { regionId: 1, type: 0 },
      { regionId: 1, type: 2 },
    ]);
    expect(!bad.ok && bad.errors).toEqual({
      'regions.0.regionId': '3 is not a region (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048).',
      'regions.1.type': 'type must be one of: Inbound 1, Outbound 2, Both 3.',
      'regions.2.regionId': 'New England is listed more than once.',
    });
  });
});

describe('the terminal page (000 §2 item 7)', () => {
  const dayton = {
    code: 'DAY',
    name: 'Dayton terminal',
    streetAddress: '2750 Valley Pike',
    city: 'Dayton',
    state: 'OH',
    zipCode: '45404',
    phone: '(555) 010-3101',
    contactName: 'Ken Mills',
    servedZipPrefixes: ['453', '454'],
  };

  it('finds the terminal serving a ZIP code by its first three characters', () => {
    expect(terminalServing([dayton], '45414-1234')).toBe(dayton);
    expect(terminalServing([dayton], '60632')).toBeNull();
    expect(terminalServing([dayton], null)).toBeNull();
  });

  it('reads a country as its 002 §3.1 number, code or name; USA when empty', () => {
    expect(countryName('2027')).toBe('Canada');
    expect(countryName('mexico')).toBe('Mexico');
    expect(countryName(undefined)).toBe('USA');
    expect(countryName('US')).toBe('USA');
    expect(countryName('99')).toBeNull();
  });

  it('escapes every value', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = renderTerminalPage({
      shipmentId: null,
      carrierCode: 'X',
      carrierName: '<img src=x onerror=alert(1)>',
      serviceLevel: null,
      origin: {
        zip: '45414',
        country: 'USA',
        terminal: { ...dayton, contactName: '<script>alert(1)</script>' },
      },
      destination: { zip: null, country: 'USA', terminal: null },
    });
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('No ZIP code given.');
  });
});

describe('who sees which broker', () => {
  const staff = testIdentity({
    brokerId: 'org_b',
    permissions: StaffPermission.combine('LSPCarrierAddEdit'),
  });
  it('reads {brokerId or 0} as the caller’s broker, else nobody', () => {
    expect(brokerOfPath(staff, '0')).toBe('org_b');
    expect(brokerOfPath(staff, 'org_b')).toBe('org_b');
    expect(brokerOfPath(staff, 'org_c')).toBeNull();
  });
  it('edits need LSP Carrier Add/Edit, and staff', () => {
    expect(canEditCarriers(staff)).toBe(true);
    expect(canEditCarriers({ ...staff, permissions: 0 })).toBe(false);
    expect(canEditCarriers({ ...staff, kind: 'customer' })).toBe(false);
  });
});

describe("the broker's carrier list (decision 0118)", () => {
  it('searches a prefix in lower case with the LIKE wildcards escaped; an MC or DOT number by its digits', () => {
    expect(carrierListFilter({ search: '  Old Line ' })).toMatchObject({
      prefix: 'old line%',
      digitsPrefix: null,
    });
    expect(carrierListFilter({ search: '100%_\\' }).prefix).toBe('100\\%\\_\\\\%');
    expect(carrierListFilter({ search: 'MC-612407' })).toMatchObject({
      prefix: 'mc-612407%',
      digitsPrefix: '612407%',
    });
    expect(carrierListFilter({ search: 'dot 2214' }).digitsPrefix).toBe('2214%');
    expect(carrierListFilter({ search: '   ' })).toEqual({
      prefix: null,
      digitsPrefix: null,
      status: null,
      outOfComplianceOnly: false,
    });
    expect(carrierListFilter({ status: 2, outOfCompliance: true })).toMatchObject({
      status: 2,
      outOfComplianceOnly: true,
    });
  });

  it("pages with the platform's clamps", () => {
    expect(carrierListPage({})).toEqual({ page: 1, pageSize: 100, offset: 0 });
    expect(carrierListPage({ page: 3, pageSize: 20 })).toEqual({ page: 3, pageSize: 20, offset: 40 });
    expect(carrierListPage({ page: -1, pageSize: 10_000 }).pageSize).toBe(CARRIER_LIST_MAX_PAGE_SIZE);
  });

  it('shows a row with its compliance reasons and insurance status on the day', () => {
    const row = {
      brokerCarrierId: 'bcr_1',
      carrierMasterId: 'car_1',
      name: 'Summit Carriers',
      scac: 'SMCR',
      mcNumber: null,
      dotNumber: null,
      city: null,
      state: null,
      status: 2,
      favorite: false,
      inherited: false,
      authority: 1,
      dotStatus: 1,
      carrierRating: 'Satisfactory',
      insurances: [{ insuranceType: 'Auto Liability', expirationDate: '2026-11-23' }],
    };
    expect(carrierListItem(row, today)).toMatchObject({
      statusName: 'Blocked',
      inCompliance: false,
      complianceReasons: [{ code: 'Blocked' }, { code: 'InsuranceExpired' }],
      insuranceStatus: 'Expired',
      insuranceState: 'Expired',
    });
    expect(carrierListItem(row, today).complianceReasons[1]!.detail).toBe(
      'Auto Liability expired 11/23/2026.',
    );
    expect(carrierCsvRow(carrierListItem(row, today))[7]).toBe(
      "Out of compliance: The carrier is blocked. The carrier's insurance has expired. Auto Liability expired 11/23/2026.",
    );
    expect(carrierListItem({ ...row, status: 1 }, '2026-11-22')).toMatchObject({
      inCompliance: true,
      complianceReasons: [],
      insuranceStatus: 'ExpiringIn10Days',
    });
  });

  it('is for staff only', () => {
    expect(mayListBrokerCarriers(testIdentity())).toBe(true);
    expect(mayListBrokerCarriers(testIdentity({ kind: 'customer' }))).toBe(false);
  });
});

describe("the carrier list CSV (the platform's one CSV helper) and its order", () => {
  it('leaves plain values as they are, quotes one holding a quote (doubled), commas and line breaks as spaces', () => {
    expect(csvField('Old Line Freight')).toBe('Old Line Freight');
    expect(csvField('Say "hi", then\r\nleave')).toBe('"Say ""hi""  then leave"');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const risky of ['=1+1', '+1 Freight', '-2+3', '@SUM(A1)', '\tTX'])
      expect(csvField(risky)).toBe(`'${risky}`);
    expect(csvField('a=1')).toBe('a=1');
  });

  it('writes the byte-order mark, the header, then CRLF rows', () => {
    expect(toCsv(['A', 'B'], [['x', null]])).toBe('\uFEFFA,B\r\nx,\r\n');
  });

  it('sorts by name A to Z unless asked', () => {
    expect(carrierListOrder({})).toEqual({ sort: 'name', direction: 'asc' });
    expect(carrierListOrder({ sort: 'city', direction: 'desc' })).toEqual({
      sort: 'city',
      direction: 'desc',
    });
  });

  it('lets staff export unless their account hides exports', () => {
    const staff = testIdentity({ kind: 'staff', permissions: StaffPermission.combine('LSPCarrierDetails') });
    expect(mayExportBrokerCarriers(staff)).toBe(true);
    expect(
      mayExportBrokerCarriers({ ...staff, permissions: StaffPermission.combine('HideExportToExcel') }),
    ).toBe(false);
    expect(mayExportBrokerCarriers(testIdentity({ kind: 'customer' }))).toBe(false);
  });
});
