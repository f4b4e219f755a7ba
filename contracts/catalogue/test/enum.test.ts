import { describe, expect, it } from 'vitest';
import { bitAnd, bitOr, defineEnum, defineFlags, defineNamedList, inRange, isPowerOfTwo } from '../enum.ts';

describe('defineEnum', () => {
  const Sample = defineEnum([
    { value: 5, code: 'Quote', name: 'Quote' },
    { value: 410, code: 'InTransit', name: 'In Transit', description: 'on the road' },
  ]);

  it('indexes by code and value', () => {
    const inTransit: 410 = Sample.values.InTransit;
    expect(inTransit).toBe(410);
    expect(Sample.byCode.InTransit.name).toBe('In Transit');
    expect(Sample.fromValue(5)?.code).toBe('Quote');
    expect(Sample.fromCode('InTransit')?.value).toBe(410);
    expect(Sample.nameOf(410)).toBe('In Transit');
    expect(Sample.codeOf(410)).toBe('InTransit');
    expect(Sample.nameOf(6)).toBeUndefined();
    expect(Sample.has(5)).toBe(true);
    expect(Sample.has(6)).toBe(false);
    expect(Sample.has('5')).toBe(false);
    expect(Sample.codes).toEqual(['Quote', 'InTransit']);
    expect(Sample.valueList).toEqual([5, 410]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(Sample)).toBe(true);
    expect(Object.isFrozen(Sample.entries)).toBe(true);
    expect(Object.isFrozen(Sample.entries[0])).toBe(true);
    expect(Object.isFrozen(Sample.values)).toBe(true);
  });

  it('refuses duplicate values and codes', () => {
    expect(() =>
      defineEnum([
        { value: 1, code: 'A', name: 'A' },
        { value: 1, code: 'B', name: 'B' },
      ]),
    ).toThrow(/duplicate value/);
    expect(() =>
      defineEnum([
        { value: 1, code: 'A', name: 'A' },
        { value: 2, code: 'A', name: 'B' },
      ]),
    ).toThrow(/duplicate code/);
  });
});

describe('defineNamedList', () => {
  const List = defineNamedList([
    { code: 'Driver', name: 'Driver' },
    { code: 'Terminal', name: 'Terminal' },
  ]);

  it('keeps order without values', () => {
    expect(List.codes).toEqual(['Driver', 'Terminal']);
    expect(List.indexOf('Terminal')).toBe(1);
    expect(List.has('Driver')).toBe(true);
    expect(List.has('Airport')).toBe(false);
    expect(List.nameOf('Terminal')).toBe('Terminal');
    expect('value' in List.entries[0]).toBe(false);
  });
});

describe('defineFlags', () => {
  const Flags = defineFlags([
    { value: 1, code: 'A', name: 'A' },
    { value: 2, code: 'B', name: 'B' },
    { value: 2 ** 40, code: 'Big', name: 'Big' },
    { value: 3, code: 'AB', name: 'A and B', composite: true },
  ]);

  it('tests, lists and combines', () => {
    expect(Flags.has(3, 'A')).toBe(true);
    expect(Flags.test(1, 'B')).toBe(false);
    expect(Flags.has(1, 'AB')).toBe(false);
    expect(Flags.has(3, 'AB')).toBe(true);
    expect(Flags.codesIn(3)).toEqual(['A', 'B', 'AB']);
    expect(Flags.combine('A', 'Big')).toBe(2 ** 40 + 1);
    expect(Flags.has(2 ** 40 + 1, 'Big')).toBe(true);
    expect(Flags.has(2 ** 40 + 1, 'B')).toBe(false);
    expect(Flags.remove(3, 'A')).toBe(2);
    expect(Flags.add(0, 'B')).toBe(2);
    expect(Flags.unknownBits(4 + 1)).toBe(4);
  });

  it('treats a malformed mask as empty', () => {
    expect(Flags.has(-1, 'A')).toBe(false);
    expect(Flags.has(1.5, 'A')).toBe(false);
    expect(Flags.list(Number.NaN)).toEqual([]);
  });

  it('throws on an unknown flag', () => {
    // @ts-expect-error an unknown code is a type error too
    expect(() => Flags.has(1, 'C')).toThrow(/Unknown flag/);
  });

  it('refuses a non power of two unless composite', () => {
    expect(() => defineFlags([{ value: 3, code: 'X', name: 'X' }])).toThrow(/power of two/);
    expect(() => defineFlags([{ value: 0, code: 'X', name: 'X' }])).toThrow(/positive/);
  });
});

describe('bit helpers', () => {
  it('stay exact above 2^31', () => {
    expect(bitAnd(2 ** 31 + 1, 2 ** 31)).toBe(2 ** 31);
    expect(bitOr(2 ** 31, 1)).toBe(2 ** 31 + 1);
    expect(bitAnd(2 ** 33 + 4, 2 ** 33)).toBe(2 ** 33);
    expect(isPowerOfTwo(1073741824)).toBe(true);
    expect(isPowerOfTwo(67108865)).toBe(false);
    expect(inRange({ min: 1, max: 3 }, 3)).toBe(true);
    expect(inRange({ min: 1, max: 3 }, 4)).toBe(false);
  });
});
