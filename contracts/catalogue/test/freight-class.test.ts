import { describe, expect, it } from 'vitest';
import {
  calculateFreightClass,
  capEstimatedDimensions,
  normalizePieceCount,
  roundToSignificantDigits,
} from '../../rules/freight-class.ts';
import {
  CENTIMETERS_PER_INCH,
  CUBIC_INCHES_PER_CUBIC_FOOT,
  cubicFeet,
  type DensityScaleId,
  DensityScales,
  FreightClass,
  freightClassFromDensity,
  freightClassFromNumber,
  freightClassNumber,
  LengthUnit,
  POUNDS_PER_KILOGRAM,
  selectDensityScale,
  toFeet,
  toInches,
  toPounds,
  WeightUnit,
} from '../freight-class.ts';

// Copied from 000 §9 / 002 §9: [minimum density, class], then the class below the last threshold.
const standard: [number, number][] = [
  [30, 60],
  [22.5, 65],
  [15, 70],
  [12, 85],
  [10, 92.5],
  [8, 100],
  [6, 125],
  [4, 175],
  [2, 250],
  [1, 300],
];
const standardScaleUpdate: [number, number][] = [[50, 50], [35, 55], ...standard];
const alternate: [number, number][] = [
  [50, 50],
  [35, 55],
  [30, 60],
  [22.5, 65],
  [15, 70],
  [13.5, 77.5],
  [12, 85],
  [10.5, 92.5],
  [9, 100],
  [8, 110],
  [7, 125],
  [6, 150],
  [5, 175],
  [4, 200],
  [3, 250],
  [2, 300],
  [1, 400],
];
const scales: [DensityScaleId, [number, number][], number][] = [
  ['standard', standard, 400],
  ['standardScaleUpdate', standardScaleUpdate, 400],
  ['alternate', alternate, 500],
];

const classAt = (density: number, scale: DensityScaleId) =>
  freightClassNumber(freightClassFromDensity(density, scale));

describe('density scales', () => {
  for (const [scale, table, below] of scales) {
    describe(scale, () => {
      it('stores the spec table', () => {
        const stored = DensityScales[scale];
        expect(stored.thresholds.map((t) => [t.minDensity, freightClassNumber(t.freightClass)])).toEqual(
          table,
        );
        expect(freightClassNumber(stored.below)).toBe(below);
      });

      it('gives each class exactly at its threshold and the next one just below', () => {
        for (let i = 0; i < table.length; i++) {
          const [min, cls] = table[i] as [number, number];
          const next = i + 1 < table.length ? (table[i + 1] as [number, number])[1] : below;
          expect(classAt(min, scale)).toBe(cls);
          expect(classAt(min - 1e-9, scale)).toBe(next);
          expect(classAt(min + 0.01, scale)).toBe(cls);
        }
      });

      it('handles the extremes', () => {
        expect(classAt(1000, scale)).toBe(table[0]?.[1]);
        expect(classAt(0, scale)).toBe(below);
        expect(classAt(-5, scale)).toBe(below);
        expect(classAt(Number.NaN, scale)).toBe(below);
      });
    });
  }

  it('picks the scale: alternate setting first, then the scale-update flag', () => {
    expect(
      selectDensityScale({ useAlternateClassEstimatorDensityScale: true, freightClassScaleUpdate: true }),
    ).toBe('alternate');
    expect(
      selectDensityScale({ useAlternateClassEstimatorDensityScale: false, freightClassScaleUpdate: true }),
    ).toBe('standardScaleUpdate');
    expect(
      selectDensityScale({ useAlternateClassEstimatorDensityScale: false, freightClassScaleUpdate: false }),
    ).toBe('standard');
  });
});

describe('FreightClass list (002 §3.1)', () => {
  it('has 0 for no class, 77 for 77.5 and 92 for 92.5', () => {
    expect(FreightClass.valueList).toEqual([
      0, 50, 55, 60, 65, 70, 77, 85, 92, 100, 110, 125, 150, 175, 200, 250, 300, 400, 500,
    ]);
    expect(FreightClass.nameOf(77)).toBe('77.5');
    expect(FreightClass.nameOf(92)).toBe('92.5');
    expect(freightClassFromNumber(77.5)).toBe(77);
    expect(freightClassFromNumber(92.5)).toBe(92);
    expect(freightClassFromNumber(100)).toBe(100);
    expect(freightClassFromNumber(77)).toBe(77);
    expect(freightClassFromNumber(90)).toBeUndefined();
    expect(freightClassFromNumber(0)).toBeUndefined();
  });
});

describe('units (000 §9)', () => {
  it('numbers the units', () => {
    expect(LengthUnit.values).toEqual({ Inch: 0, Centimeter: 1, Foot: 2, Meter: 3 });
    expect(LengthUnit.entries.map((e) => e.name)).toEqual(['in', 'cm', 'ft', 'm']);
    expect(WeightUnit.values).toEqual({ Pounds: 0, Kilograms: 1 });
    expect(WeightUnit.entries.map((e) => e.name)).toEqual(['lbs', 'kg']);
  });

  it('converts with the spec factors', () => {
    expect(CUBIC_INCHES_PER_CUBIC_FOOT).toBe(1728);
    expect(CENTIMETERS_PER_INCH).toBe(2.54);
    expect(POUNDS_PER_KILOGRAM).toBe(2.2046);
    expect(toInches(2.54, 1)).toBeCloseTo(1, 12);
    expect(toInches(1, 2)).toBe(12);
    expect(toInches(1, 3)).toBeCloseTo(100 / 2.54, 12);
    expect(toFeet(24, 0)).toBe(2);
    expect(toPounds(10, 1)).toBeCloseTo(22.046, 12);
    expect(toPounds(10, 0)).toBe(10);
    expect(cubicFeet(12, 12, 12, 0)).toBe(1);
    expect(cubicFeet(1, 1, 1, 2)).toBe(1);
    expect(cubicFeet(30.48, 30.48, 30.48, 1)).toBeCloseTo(1, 9);
    expect(() => toInches(1, 9)).toThrow();
    expect(() => toPounds(1, 2)).toThrow();
  });
});

describe('class calculator (000 §5)', () => {
  it('counts a non-positive or invalid piece count as 1', () => {
    expect(normalizePieceCount(0)).toBe(1);
    expect(normalizePieceCount(-3)).toBe(1);
    expect(normalizePieceCount(Number.NaN)).toBe(1);
    expect(normalizePieceCount('abc')).toBe(1);
    expect(normalizePieceCount(null)).toBe(1);
    expect(normalizePieceCount(undefined)).toBe(1);
    expect(normalizePieceCount(0.5)).toBe(1);
    expect(normalizePieceCount('4')).toBe(4);
    expect(normalizePieceCount(3)).toBe(3);
  });

  it('caps an estimate at 4 ft wide and 8 ft high', () => {
    expect(capEstimatedDimensions({ length: 120, width: 60, height: 110 }, 0)).toEqual({
      length: 120,
      width: 48,
      height: 96,
    });
    expect(capEstimatedDimensions({ length: 10, width: 5, height: 9 }, 2)).toEqual({
      length: 10,
      width: 4,
      height: 8,
    });
    expect(capEstimatedDimensions({ length: 10, width: 3, height: 7 }, 2)).toEqual({
      length: 10,
      width: 3,
      height: 7,
    });
    const metric = capEstimatedDimensions({ length: 100, width: 200, height: 300 }, 1);
    expect(metric.width).toBeCloseTo(48 * 2.54, 9);
    expect(metric.height).toBeCloseTo(96 * 2.54, 9);
  });

  it('shows volume to 3 significant digits', () => {
    expect(roundToSignificantDigits(106.6666)).toBe(107);
    expect(roundToSignificantDigits(1.23456)).toBe(1.23);
    expect(roundToSignificantDigits(0.0123456)).toBe(0.0123);
    expect(roundToSignificantDigits(12345)).toBe(12300);
    expect(roundToSignificantDigits(0)).toBe(0);
  });

  it('computes density and class from per-piece dimensions and total weight', () => {
    // Two 48x40x48 in pallets = 2 x 53.33 ft³ = 106.67 ft³; 1000 lb total -> 9.375 lb/ft³.
    const result = calculateFreightClass({
      pieces: 2,
      length: 48,
      width: 40,
      height: 48,
      dimensionUnit: 0,
      weight: 1000,
      weightUnit: 0,
      scale: 'standard',
    });
    expect(result.pieces).toBe(2);
    expect(result.cubicFeet).toBeCloseTo(106.6667, 4);
    expect(result.cubicFeetDisplay).toBe(107);
    expect(result.density).toBeCloseTo(9.375, 9);
    expect(result.freightClass).toBe(100);
    expect(calculateFreightClass({ ...input(), scale: 'alternate' }).freightClass).toBe(100);
  });

  it('multiplies a per-piece weight and converts units', () => {
    const perPiece = calculateFreightClass({ ...input(), weight: 500, perPiece: true });
    expect(perPiece.totalWeightLb).toBe(1000);
    expect(perPiece.freightClass).toBe(100);
    // 1 m cube, 1000 kg: 35.3147 ft³, 2204.6 lb -> 62.43 lb/ft³ -> class 60 standard, 50 with the update.
    const metric = {
      pieces: 1,
      length: 1,
      width: 1,
      height: 1,
      dimensionUnit: 3,
      weight: 1000,
      weightUnit: 1,
      scale: 'standard',
    } as const;
    const m = calculateFreightClass(metric);
    expect(m.cubicFeet).toBeCloseTo(35.3147, 3);
    expect(m.totalWeightLb).toBeCloseTo(2204.6, 9);
    expect(m.freightClass).toBe(60);
    expect(calculateFreightClass({ ...metric, scale: 'standardScaleUpdate' }).freightClass).toBe(50);
  });

  it('treats an invalid piece count as 1 and a zero volume as no class', () => {
    expect(calculateFreightClass({ ...input(), pieces: 0 }).pieces).toBe(1);
    const none = calculateFreightClass({ ...input(), height: 0 });
    expect(none.density).toBeNull();
    expect(none.freightClass).toBeNull();
  });
});

function input() {
  return {
    pieces: 2 as unknown,
    length: 48,
    width: 40,
    height: 48,
    dimensionUnit: 0 as const,
    weight: 1000,
    weightUnit: 0 as const,
    scale: 'standard' as DensityScaleId,
  };
}
