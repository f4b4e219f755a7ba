// The remote's pure rules: the log's queries, the remaining load, delays, the add form and its presets, and the
// organization and carrier logs' offers (000 §4, §5, §6, §9).
import {
  ACTIVITY_DELAY_OPTIONS_MINUTES,
  AccessLevel,
  ShipmentActivityType,
  StaffPermission,
} from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import {
  ADDABLE_TYPES,
  appendRemaining,
  DELAY_CHOICES,
  delayLabel,
  emptyShipmentForm,
  filterFromKey,
  formProblem,
  logQuery,
  NO_FILTER,
  shipmentActivityBody,
  TYPE_FILTER_CHOICES,
  withPreset,
  withType,
} from './log.ts';
import {
  carrierLogRules,
  emptyNotesForm,
  organizationLogRules,
  withNotesPreset,
  withNotesType,
} from './notes.ts';

const T = ShipmentActivityType.values;
const A = AccessLevel.values;

describe('the log query (000 §4, §9)', () => {
  it('asks for the latest 50, then everything from an index with getRemaining', () => {
    expect(logQuery(10005, NO_FILTER)).toEqual({ shipmentId: 10005, recordCount: 50, startIndex: 0 });
    expect(logQuery(10005, NO_FILTER, 50)).toEqual({
      shipmentId: 10005,
      recordCount: 50,
      startIndex: 50,
      getRemaining: true,
    });
  });

  it('turns the filters into the service’s query', () => {
    expect(logQuery(1, { type: T.Audit, pinnedOnly: true, nonSystemOnly: false })).toMatchObject({
      activityType: T.Audit,
      pinnedOnly: true,
    });
    const system = logQuery(1, { type: 'SystemNote', pinnedOnly: false, nonSystemOnly: true });
    expect(system).toMatchObject({ systemNotes: true, nonSystemOnly: true });
    expect(system.activityType).toBeUndefined();
    expect(logQuery(1, NO_FILTER).activityType).toBeUndefined();
  });

  it('lists the type filters in 000 §3’s order, System Note last, and reads them back', () => {
    expect(TYPE_FILTER_CHOICES.map((c) => c.name)).toEqual([
      'All',
      'General',
      'Claims',
      'Audit',
      'Receivable',
      'Payable',
      'Pricing',
      'Operations',
      'Status Change',
      'Email',
      'System Note',
    ]);
    expect(filterFromKey('SystemNote')).toBe('SystemNote');
    expect(filterFromKey(String(T.Payable))).toBe(T.Payable);
    expect(filterFromKey('junk')).toBe(T.All);
  });

  it('appends the remaining without an entry twice', () => {
    const e = (id: number) => ({ id });
    expect(appendRemaining([e(3), e(2)], [e(2), e(1)]).map((x) => x.id)).toEqual([3, 2, 1]);
  });
});

describe('the add form (000 §3, §4, §5, §9)', () => {
  it('starts General, Private, empty, not assigned', () => {
    expect(emptyShipmentForm()).toMatchObject({
      activityType: T.General,
      accessLevel: A.Private,
      description: '',
      preset: null,
      assign: false,
    });
  });

  it('offers the types a person adds: not All, Status Change or Email', () => {
    expect(ADDABLE_TYPES.map((t) => t.name)).toEqual([
      'General',
      'Claims',
      'Audit',
      'Receivable',
      'Payable',
      'Pricing',
      'Operations',
    ]);
  });

  it('puts the preset first, replaces it, and clears it with another type', () => {
    let form = withType({ ...emptyShipmentForm(), description: 'Rate confirmed' }, T.Audit);
    form = withPreset(form, 2);
    expect(form.description).toBe('Call. Rate confirmed');
    form = withPreset(form, 3);
    expect(form).toMatchObject({ preset: 3, description: 'EDI. Rate confirmed' });
    form = withType(form, T.General);
    expect(form).toMatchObject({ preset: null, description: 'Rate confirmed' });
  });

  it('sends the preset under its type’s field, and an assignment with its delay', () => {
    const payable = withPreset(withType({ ...emptyShipmentForm(), description: 'x' }, T.Payable), 4);
    expect(shipmentActivityBody(7, payable)).toMatchObject({ presetPayableNote: 4, presetAuditNote: null });
    const assigned = { ...emptyShipmentForm(), description: 'x', assign: true, delayMinutes: 30 };
    expect(formProblem(assigned)).toBe('Choose whom to assign.');
    expect(shipmentActivityBody(7, { ...assigned, assignee: 'team' })).toMatchObject({
      isAssignment: true,
      isTeam: true,
      assignmentDelayMinutes: 30,
    });
    expect(formProblem({ ...emptyShipmentForm(), description: '  ' })).toBe('Enter a description.');
  });

  it('offers now and the catalogue’s delays (000 §9) with their names', () => {
    expect(DELAY_CHOICES).toEqual([0, ...ACTIVITY_DELAY_OPTIONS_MINUTES]);
    expect(DELAY_CHOICES.map(delayLabel)).toEqual([
      'Now',
      '30 minutes',
      '1 hour',
      '2 hours',
      '4 hours',
      '1 day',
      '2 days',
      '1 week',
    ]);
  });
});

describe('the organization and carrier logs (000 §5, §6)', () => {
  const P = StaffPermission.values;

  it('offers Admin on the organization log to the four permissions, the default for IT support admins', () => {
    expect(organizationLogRules('o', 0).accessLevels).toEqual([A.Public, A.Private]);
    for (const p of [P.ITSupportAdmin, P.AccountingARRevisions, P.AccountingAPRevisions, P.MarginAddEdit])
      expect(organizationLogRules('o', p).accessLevels).toContain(A.Admin);
    expect(organizationLogRules('o', P.MarginAddEdit).defaultAccessLevel).toBe(A.Private);
    expect(organizationLogRules('o', P.ITSupportAdmin).defaultAccessLevel).toBe(A.Admin);
  });

  it('puts Onboarding presets first and sends them under their field', () => {
    const rules = organizationLogRules('org_acme', 0);
    let form = withNotesType({ ...emptyNotesForm(rules), description: 'went well' }, '3');
    form = withNotesPreset(rules, form, 0);
    expect(form.description).toBe('Kickoff call. went well');
    expect(rules.body(form)).toMatchObject({ presetOnboardingNote: 0, presetCollectionNote: null });
    expect(rules.presets('2')).toEqual([]);
  });

  it('the carrier log: its three types, Admin for IT support admins only, Private by default', () => {
    expect(carrierLogRules('c', 0).types.map((t) => t.value)).toEqual([
      'General',
      'BillPayments',
      'Variance',
    ]);
    expect(carrierLogRules('c', P.AccountingARRevisions).accessLevels).toEqual([A.Public, A.Private]);
    expect(carrierLogRules('c', P.ITSupportAdmin).accessLevels).toContain(A.Admin);
    expect(carrierLogRules('c', P.ITSupportAdmin).defaultAccessLevel).toBe(A.Private);
  });
});
