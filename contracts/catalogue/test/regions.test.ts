import { describe, expect, it } from 'vitest';
import {
  DAY_OF_MONTH_LAST_DAY,
  DayOfWeek,
  dayOfMonthName,
  dayOfWeekFlag,
  WEEKDAYS_MASK,
  WEEKEND_MASK,
} from '../calendar.ts';
import {
  CanadianProvince,
  Country,
  PreferredRegionType,
  Region,
  regionOfCountry,
  regionOfState,
  statesInRegions,
  UsState,
} from '../regions.ts';

describe('DayOfWeek (002 §3.1)', () => {
  it('matches the spec', () => {
    expect(Object.entries(DayOfWeek.values)).toEqual([
      ['Sunday', 1],
      ['Monday', 2],
      ['Tuesday', 4],
      ['Wednesday', 8],
      ['Thursday', 16],
      ['Friday', 32],
      ['Saturday', 64],
    ]);
    expect(WEEKDAYS_MASK).toBe(62);
    expect(WEEKEND_MASK).toBe(65);
    expect(DayOfWeek.codesIn(1 + 64)).toEqual(['Sunday', 'Saturday']);
    expect(dayOfWeekFlag(0)).toBe(1);
    expect(dayOfWeekFlag(6)).toBe(64);
  });

  it('has days of month 1 to 31 and Last Day 32', () => {
    expect(DAY_OF_MONTH_LAST_DAY).toBe(32);
    expect(dayOfMonthName(1)).toBe('1');
    expect(dayOfMonthName(31)).toBe('31');
    expect(dayOfMonthName(32)).toBe('Last Day');
    expect(dayOfMonthName(0)).toBeUndefined();
    expect(dayOfMonthName(33)).toBeUndefined();
  });
});

describe('Region (002 §3.1)', () => {
  it('matches the spec values and states', () => {
    expect(Region.entries.map((r) => [r.code, r.value, [...r.states]])).toEqual([
      ['NewEngland', 1, ['ME', 'VT', 'NH', 'MA', 'CT', 'RI', 'NJ']],
      ['Northeast', 2, ['NY', 'PA', 'DE']],
      ['MidAtlantic', 4, ['MD', 'DC', 'VA', 'WV', 'NC', 'SC']],
      ['Southeast', 8, ['AL', 'FL', 'GA', 'MS', 'TN']],
      ['Midwest', 16, ['KY', 'IN', 'MI', 'OH']],
      ['GreatLakes', 32, ['MT', 'ND', 'SD', 'MN', 'IA', 'WI']],
      ['CentralPlains', 64, ['IL', 'MO', 'KS', 'NE']],
      ['SouthCentral', 128, ['TX', 'OK', 'LA', 'AR']],
      ['RockyMountain', 256, ['AZ', 'CO', 'ID', 'NM', 'NV', 'UT', 'WY']],
      ['PacificCoast', 512, ['CA', 'OR', 'WA']],
      ['AllCanada', 1024, []],
      ['AllMexico', 2048, []],
    ]);
  });

  it('finds the region of a state', () => {
    expect(regionOfState('NJ')?.code).toBe('NewEngland');
    expect(regionOfState('tx')?.value).toBe(128);
    expect(regionOfState('DC')?.code).toBe('MidAtlantic');
    expect(regionOfState('ON')?.code).toBe('AllCanada');
    expect(regionOfState('AK')).toBeUndefined();
    expect(regionOfState('HI')).toBeUndefined();
    expect(regionOfState('GU')).toBeUndefined();
    expect(regionOfState('ZZ')).toBeUndefined();
    expect(regionOfCountry(52)?.code).toBe('AllMexico');
    expect(regionOfCountry(2027)?.code).toBe('AllCanada');
    expect(regionOfCountry(1)).toBeUndefined();
  });

  it('puts every US state code except AK, HI and GU in exactly one region', () => {
    const listed = Region.entries.flatMap((r) => [...r.states] as string[]);
    expect(new Set(listed).size).toBe(listed.length);
    const missing = UsState.codes.filter((c) => !listed.includes(c));
    expect(missing).toEqual(['AK', 'GU', 'HI']);
    for (const state of listed) expect(UsState.has(state)).toBe(true);
  });

  it('lists the states of a region mask', () => {
    expect(statesInRegions(2 + 512)).toEqual(['NY', 'PA', 'DE', 'CA', 'OR', 'WA']);
    expect(statesInRegions(1024)).toHaveLength(13);
  });

  it('has 52 US states and territories from AL to WY, 13 provinces and the three known countries', () => {
    expect(UsState.codes).toHaveLength(52);
    expect(UsState.codes[0]).toBe('AL');
    expect(UsState.codes[51]).toBe('WY');
    expect(UsState.has('DC') && UsState.has('GU')).toBe(true);
    expect(CanadianProvince.codes).toHaveLength(13);
    expect(CanadianProvince.codes[0]).toBe('AB');
    expect(CanadianProvince.codes[12]).toBe('YT');
    expect(Country.values).toEqual({ USA: 1, Mexico: 52, Canada: 2027 });
    expect(PreferredRegionType.values).toEqual({ Inbound: 1, Outbound: 2, Both: 3 });
  });
});
