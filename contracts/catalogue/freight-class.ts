// Spec 000 §5 (class calculator rules), 000 §6 (alternate density scale, scale-update flag),
// 000 §9 (units, conversions, density scales), 002 §3.1 (freight class list, dimension and weight units),
// 002 §6.4 (UseAlternateClassEstimatorDensityScale), 002 §9 (density scales).

import { defineEnum, type EnumCode, type EnumValue } from './enum.ts';

// ---------------------------------------------------------------------------------------------------------
// Units (000 §9; 002 §3.1 "calculator codes 0 to 3"). Display names are the spec's abbreviations.

export const LengthUnit = defineEnum([
  { value: 0, code: 'Inch', name: 'in' },
  { value: 1, code: 'Centimeter', name: 'cm' },
  { value: 2, code: 'Foot', name: 'ft' },
  { value: 3, code: 'Meter', name: 'm' },
]);
export type LengthUnitValue = EnumValue<typeof LengthUnit>;
/** The spec also calls these dimension units. */
export const DimensionUnit = LengthUnit;
export type DimensionUnitValue = LengthUnitValue;

export const WeightUnit = defineEnum([
  { value: 0, code: 'Pounds', name: 'lbs' },
  { value: 1, code: 'Kilograms', name: 'kg' },
]);
export type WeightUnitValue = EnumValue<typeof WeightUnit>;

export const CUBIC_INCHES_PER_CUBIC_FOOT = 1728;
export const CENTIMETERS_PER_INCH = 2.54;
export const POUNDS_PER_KILOGRAM = 2.2046;
export const INCHES_PER_FOOT = 12;
export const CENTIMETERS_PER_METER = 100;

const INCHES_PER_UNIT: Readonly<Record<LengthUnitValue, number>> = Object.freeze({
  0: 1,
  1: 1 / CENTIMETERS_PER_INCH,
  2: INCHES_PER_FOOT,
  3: CENTIMETERS_PER_METER / CENTIMETERS_PER_INCH,
});

function inchesPerUnit(unit: number): number {
  const factor = (INCHES_PER_UNIT as Partial<Record<number, number>>)[unit];
  if (factor === undefined) throw new RangeError(`Unknown length unit: ${unit}`);
  return factor;
}

export function toInches(length: number, unit: number): number {
  return length * inchesPerUnit(unit);
}

export function fromInches(inches: number, unit: number): number {
  return inches / inchesPerUnit(unit);
}

export function toFeet(length: number, unit: number): number {
  return toInches(length, unit) / INCHES_PER_FOOT;
}

export function toPounds(weight: number, unit: number): number {
  if (unit === WeightUnit.values.Pounds) return weight;
  if (unit === WeightUnit.values.Kilograms) return weight * POUNDS_PER_KILOGRAM;
  throw new RangeError(`Unknown weight unit: ${unit}`);
}

export function fromPounds(pounds: number, unit: number): number {
  if (unit === WeightUnit.values.Pounds) return pounds;
  if (unit === WeightUnit.values.Kilograms) return pounds / POUNDS_PER_KILOGRAM;
  throw new RangeError(`Unknown weight unit: ${unit}`);
}

/** Cubic feet of a box given in any length unit. */
export function cubicFeet(length: number, width: number, height: number, unit: number): number {
  return (
    (toInches(length, unit) * toInches(width, unit) * toInches(height, unit)) / CUBIC_INCHES_PER_CUBIC_FOOT
  );
}

// ---------------------------------------------------------------------------------------------------------
// Freight class (002 §3.1): 0 means no class; 77.5 is stored as 77 and 92.5 as 92.

export const FreightClass = defineEnum([
  { value: 0, code: 'NoClass', name: 'No class' },
  { value: 50, code: 'Class50', name: '50' },
  { value: 55, code: 'Class55', name: '55' },
  { value: 60, code: 'Class60', name: '60' },
  { value: 65, code: 'Class65', name: '65' },
  { value: 70, code: 'Class70', name: '70' },
  { value: 77, code: 'Class77_5', name: '77.5' },
  { value: 85, code: 'Class85', name: '85' },
  { value: 92, code: 'Class92_5', name: '92.5' },
  { value: 100, code: 'Class100', name: '100' },
  { value: 110, code: 'Class110', name: '110' },
  { value: 125, code: 'Class125', name: '125' },
  { value: 150, code: 'Class150', name: '150' },
  { value: 175, code: 'Class175', name: '175' },
  { value: 200, code: 'Class200', name: '200' },
  { value: 250, code: 'Class250', name: '250' },
  { value: 300, code: 'Class300', name: '300' },
  { value: 400, code: 'Class400', name: '400' },
  { value: 500, code: 'Class500', name: '500' },
]);
export type FreightClassValue = EnumValue<typeof FreightClass>;
export type FreightClassCode = EnumCode<typeof FreightClass>;

/** The class as a number (77 -> 77.5, 92 -> 92.5; 0 stays 0, meaning no class). */
export function freightClassNumber(value: FreightClassValue): number {
  if (value === 77) return 77.5;
  if (value === 92) return 92.5;
  return value;
}

/** The stored value of a class number (77.5 -> 77, 92.5 -> 92), or undefined if it is not a class. */
export function freightClassFromNumber(classNumber: number): FreightClassValue | undefined {
  const value = classNumber === 77.5 ? 77 : classNumber === 92.5 ? 92 : classNumber;
  return FreightClass.has(value) && value !== 0 ? value : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Density scales (000 §9, 002 §9). Density is pounds per cubic foot; each threshold is inclusive (>=).

export interface DensityThreshold {
  readonly minDensity: number;
  readonly freightClass: FreightClassValue;
}

export interface DensityScale {
  readonly id: DensityScaleId;
  /** Highest density first. */
  readonly thresholds: readonly DensityThreshold[];
  /** The class for a density below the last threshold. */
  readonly below: FreightClassValue;
}

export type DensityScaleId = 'standard' | 'standardScaleUpdate' | 'alternate';

const threshold = (minDensity: number, freightClass: FreightClassValue): DensityThreshold =>
  Object.freeze({ minDensity, freightClass });

const standardThresholds: readonly DensityThreshold[] = [
  threshold(30, 60),
  threshold(22.5, 65),
  threshold(15, 70),
  threshold(12, 85),
  threshold(10, 92),
  threshold(8, 100),
  threshold(6, 125),
  threshold(4, 175),
  threshold(2, 250),
  threshold(1, 300),
];

export const DensityScales: Readonly<Record<DensityScaleId, DensityScale>> = Object.freeze({
  /** >=30 60; >=22.5 65; >=15 70; >=12 85; >=10 92.5; >=8 100; >=6 125; >=4 175; >=2 250; >=1 300; else 400. */
  standard: Object.freeze({ id: 'standard', thresholds: Object.freeze([...standardThresholds]), below: 400 }),
  /** The standard scale with the freight-class-scale-update flag: adds >=50 50 and >=35 55 on top. */
  standardScaleUpdate: Object.freeze({
    id: 'standardScaleUpdate',
    thresholds: Object.freeze([threshold(50, 50), threshold(35, 55), ...standardThresholds]),
    below: 400,
  }),
  /** The alternate class estimator density scale (broker setting 65536). */
  alternate: Object.freeze({
    id: 'alternate',
    thresholds: Object.freeze([
      threshold(50, 50),
      threshold(35, 55),
      threshold(30, 60),
      threshold(22.5, 65),
      threshold(15, 70),
      threshold(13.5, 77),
      threshold(12, 85),
      threshold(10.5, 92),
      threshold(9, 100),
      threshold(8, 110),
      threshold(7, 125),
      threshold(6, 150),
      threshold(5, 175),
      threshold(4, 200),
      threshold(3, 250),
      threshold(2, 300),
      threshold(1, 400),
    ]),
    below: 500,
  }),
} satisfies Record<DensityScaleId, DensityScale>);

/**
 * The scale a broker uses. The broker setting UseAlternateClassEstimatorDensityScale (002 §6.4) wins over
 * the freight-class-scale-update feature flag (000 §6), which only refines the standard scale.
 */
export function selectDensityScale(options: {
  readonly useAlternateClassEstimatorDensityScale: boolean;
  readonly freightClassScaleUpdate: boolean;
}): DensityScaleId {
  if (options.useAlternateClassEstimatorDensityScale) return 'alternate';
  return options.freightClassScaleUpdate ? 'standardScaleUpdate' : 'standard';
}

/**
 * Freight class from density (lb/ft³). The first threshold the density reaches (>=) gives the class;
 * anything below the last threshold (including 0, negatives and NaN) gives the scale's `below` class.
 */
export function freightClassFromDensity(
  density: number,
  scale: DensityScaleId = 'standard',
): FreightClassValue {
  const table = DensityScales[scale];
  for (const t of table.thresholds) {
    if (density >= t.minDensity) return t.freightClass;
  }
  return table.below;
}

// The class calculator's rules (000 §5) are in `@loadline/contracts/rules/freight-class`, shared by the
// calculator on screen, the order page and the shipments service.
