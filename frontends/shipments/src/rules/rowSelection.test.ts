import { describe, expect, it } from 'vitest';
import { pageSelection, togglePage, toggleShipment } from './rowSelection.ts';

describe('the grid row selection', () => {
  it('picks and unpicks one shipment, in the order picked, each once', () => {
    expect(toggleShipment([], 10005, true)).toEqual([10005]);
    expect(toggleShipment([10005], 10001, true)).toEqual([10005, 10001]);
    expect(toggleShipment([10005, 10001], 10005, true)).toEqual([10001, 10005]);
    expect(toggleShipment([10005, 10001], 10005, false)).toEqual([10001]);
    expect(toggleShipment([10001], 10007, false)).toEqual([10001]);
  });

  it('says whether none, some or all of the page is selected', () => {
    expect(pageSelection([], [10001, 10005])).toBe('none');
    expect(pageSelection([10101], [10001, 10005])).toBe('none');
    expect(pageSelection([10005], [10001, 10005])).toBe('some');
    expect(pageSelection([10101, 10005, 10001], [10001, 10005])).toBe('all');
    expect(pageSelection([10001], [])).toBe('none');
  });

  it('selects the rest of the page, or clears the page when all of it is selected, keeping other pages', () => {
    expect(togglePage([10101, 10005], [10001, 10005, 10007])).toEqual([10101, 10005, 10001, 10007]);
    expect(togglePage([10101, 10005, 10001, 10007], [10001, 10005, 10007])).toEqual([10101]);
    expect(togglePage([], [])).toEqual([]);
  });
});
