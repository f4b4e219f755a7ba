// The freight class calculator (000 §5, §9; 002 §9): pieces, dimensions and weight in any unit to volume,
// density and the class on the broker's scale. One copy, used by the class calculator on screen, the order
// page's commodities and the shipments service when it fills in a commodity's class.
import {
  cubicFeet,
  type DensityScaleId,
  type FreightClassValue,
  freightClassFromDensity,
  fromInches,
  INCHES_PER_FOOT,
  type LengthUnitValue,
  toPounds,
  type WeightUnitValue,
} from '../catalogue/freight-class.ts';

/** 000 §5: a dimension estimate caps width at 4 ft and height at 8 ft. */
export const ESTIMATE_MAX_WIDTH_FT = 4;
export const ESTIMATE_MAX_HEIGHT_FT = 8;
/** 000 §5: volume is shown to 3 significant digits. */
export const VOLUME_SIGNIFICANT_DIGITS = 3;

/**
 * 000 §5: a non-positive or invalid piece count counts as 1. Strings are integer-parsed (001 §5: "number
 * conversion is an integer parse"); fractional numbers are truncated, then a result below 1 becomes 1.
 */
export function normalizePieceCount(pieces: unknown): number {
  let n: number;
  if (typeof pieces === 'number') n = Math.trunc(pieces);
  else if (typeof pieces === 'string') n = Number.parseInt(pieces, 10);
  else n = Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export interface Dimensions {
  readonly length: number;
  readonly width: number;
  readonly height: number;
}

/** 000 §5: cap an estimated piece's width at 4 ft and height at 8 ft; the result stays in `unit`. */
export function capEstimatedDimensions(dimensions: Dimensions, unit: number): Dimensions {
  const maxWidth = fromInches(ESTIMATE_MAX_WIDTH_FT * INCHES_PER_FOOT, unit);
  const maxHeight = fromInches(ESTIMATE_MAX_HEIGHT_FT * INCHES_PER_FOOT, unit);
  return {
    length: dimensions.length,
    width: Math.min(dimensions.width, maxWidth),
    height: Math.min(dimensions.height, maxHeight),
  };
}

/** 000 §5: the volume as shown, to 3 significant digits. */
export function roundToSignificantDigits(value: number, digits: number = VOLUME_SIGNIFICANT_DIGITS): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(digits));
}

export interface FreightClassCalculation {
  readonly pieces: unknown;
  /** Per piece, in `dimensionUnit`. */
  readonly length: number;
  readonly width: number;
  readonly height: number;
  readonly dimensionUnit: LengthUnitValue;
  /** Total weight of all pieces, unless `perPiece` is true. */
  readonly weight: number;
  readonly weightUnit: WeightUnitValue;
  /** When true, `weight` is the weight of one piece and is multiplied by the piece count. */
  readonly perPiece?: boolean;
  readonly scale: DensityScaleId;
}

export interface FreightClassCalculationResult {
  /** The piece count used (invalid or non-positive counts as 1). */
  readonly pieces: number;
  /** Total volume of all pieces, exact. */
  readonly cubicFeet: number;
  /** Total volume to 3 significant digits, as shown. */
  readonly cubicFeetDisplay: number;
  readonly totalWeightLb: number;
  /** Pounds per cubic foot, from the exact volume; null when the volume is 0. */
  readonly density: number | null;
  /** Null when the density cannot be computed (no volume). */
  readonly freightClass: FreightClassValue | null;
}

/**
 * The class calculator (000 §5, §9). Semantics (ours; the spec does not say): dimensions are those of one
 * piece; the weight is the total for all pieces unless `perPiece` is set; volume = pieces x piece volume;
 * density = total pounds / total cubic feet, computed from the exact (not the displayed) volume. Negative
 * or non-finite dimensions and weights count as 0; a zero volume gives no density and no class.
 */
export function calculateFreightClass(input: FreightClassCalculation): FreightClassCalculationResult {
  const pieces = normalizePieceCount(input.pieces);
  const clean = (n: number): number => (Number.isFinite(n) && n > 0 ? n : 0);
  const pieceCubicFeet = cubicFeet(
    clean(input.length),
    clean(input.width),
    clean(input.height),
    input.dimensionUnit,
  );
  const totalCubicFeet = pieceCubicFeet * pieces;
  const weightLb = toPounds(clean(input.weight), input.weightUnit);
  const totalWeightLb = input.perPiece === true ? weightLb * pieces : weightLb;
  const density = totalCubicFeet > 0 ? totalWeightLb / totalCubicFeet : null;
  return {
    pieces,
    cubicFeet: totalCubicFeet,
    cubicFeetDisplay: roundToSignificantDigits(totalCubicFeet),
    totalWeightLb,
    density,
    freightClass: density === null ? null : freightClassFromDensity(density, input.scale),
  };
}
