import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { masterRegions } from '../../test/fixtures.ts';
import { money } from './format.ts';
import { stateDirections, withRegionChoice } from './regions.ts';
import { auditCountText, starFills, starsLabel } from './stars.ts';

describe('stars (000 §2 item 8: 5 stars)', () => {
  it('fills whole and half stars from a star score', () => {
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(null)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });
  it('says it for a screen reader', () => {
    expect(starsLabel(4.5)).toBe('4.5 out of 5 stars');
    expect(starsLabel(null)).toBe('Not rated');
    expect(auditCountText(1)).toBe('1 audit');
    expect(auditCountText(24)).toBe('24 audits');
  });
});

describe('preferred regions on the map (001 §2, 002 §3.1)', () => {
  it('gives each state of a preferred region its direction', () => {
    const map = stateDirections(masterRegions, [
      { regionId: 256, type: 3 },
      { regionId: 512, type: 1 },
    ]);
    expect(Object.fromEntries(map)).toEqual({ CO: 3, UT: 3, CA: 1 });
  });
  it('changes one region in the whole list, sorted by region', () => {
    const list = [
      { regionId: 512, type: 1 },
      { regionId: 256, type: 3 },
    ];
    expect(withRegionChoice(list, 1, 2)).toEqual([
      { regionId: 1, type: 2 },
      { regionId: 256, type: 3 },
      { regionId: 512, type: 1 },
    ]);
    expect(withRegionChoice(list, 256, null)).toEqual([{ regionId: 512, type: 1 }]);
    expect(withRegionChoice(list, 512, 3)).toEqual([
      { regionId: 256, type: 3 },
      { regionId: 512, type: 3 },
    ]);
  });
});

describe('display', () => {
  it('shows amounts in dollars', () => {
    expect(money(1000000)).toBe('$1,000,000');
    expect(money(null)).toBe('');
  });
});
