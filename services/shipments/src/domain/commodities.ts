// An order's commodities (line items) with their freight class and hazmat details, and its special
// instructions: checked and turned into what is inserted with the shipment (issue 17; 000 §5 class
// calculator, 002 §3.1 units, classes, packing groups and hazard classes, 002 §9 density scales). Pure.
import {
  type DensityScaleId,
  FreightClass,
  type FreightClassValue,
  freightClassFromNumber,
  HazardClass,
  PackageType,
  PackingGroup,
} from '@loadline/contracts/catalogue';
import { calculateFreightClass } from '@loadline/contracts/rules/freight-class';
import { phoneProblem } from '@loadline/contracts/rules/phone';
import type { FieldProblem } from '@loadline/platform/problems';

type Maybe<T> = T | null | undefined;

export interface HazmatInput {
  unNumber?: Maybe<string>;
  properShippingName?: Maybe<string>;
  hazardClass?: Maybe<string>;
  packingGroup?: Maybe<number>;
  emergencyContactName?: Maybe<string>;
  emergencyContactPhone?: Maybe<string>;
}

export interface CommodityInput {
  description?: Maybe<string>;
  pieces?: Maybe<number>;
  packageType?: Maybe<number>;
  handlingUnits?: Maybe<number>;
  handlingUnitType?: Maybe<number>;
  /** the line's total weight, in the shipment's weight unit */
  weight?: Maybe<number>;
  /** one piece's dimensions, in the shipment's dimension unit */
  length?: Maybe<number>;
  width?: Maybe<number>;
  height?: Maybe<number>;
  /** 002 §3.1 value (77 for 77.5, 92 for 92.5) or the class as a number; missing: from density */
  freightClass?: Maybe<number>;
  nmfc?: Maybe<string>;
  hazardous?: Maybe<boolean>;
  hazmat?: Maybe<HazmatInput>;
}

export interface Hazmat {
  unNumber: string;
  properShippingName: string;
  hazardClass: string;
  packingGroup: number;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
}

export interface NewCommodity {
  sequence: number;
  description: string;
  pieces: number;
  packageType: number | null;
  handlingUnits: number | null;
  handlingUnitType: number | null;
  weight: number;
  length: number | null;
  width: number | null;
  height: number | null;
  freightClass: FreightClassValue | null;
  nmfc: string | null;
  hazardous: boolean;
  hazmat: Hazmat | null;
}

export interface CommodityUnits {
  weightUnit: number;
  dimensionUnit: number;
  /** the broker's density scale (000 §6, 002 §6.4, §9) */
  scale: DensityScaleId;
  /** staff (the back office's hazmat modal) must give a hazardous commodity's details; customers set the flag */
  hazmatDetailsRequired: boolean;
}

export const maxCommodities = 200;
export const maxSpecialInstructions = 2000;
export const unNumberPattern = /^(UN|NA)\d{4}$/;

/** Weights and dimensions are kept to the hundredth (numeric(…,2)); what rounds to 0 is not more than 0. */
const hundredths = (n: number) => Math.round(n * 100) / 100;
const positive = (n: Maybe<number>) => typeof n === 'number' && Number.isFinite(n) && hundredths(n) > 0;
/** The shipment's total weight column holds at most this (numeric(12,2)). */
export const maxTotalWeight = 9_999_999_999;
const wholeCount = (n: Maybe<number>) => typeof n === 'number' && Number.isInteger(n) && n >= 1;

function hazmatOf(input: HazmatInput, field: string, problems: FieldProblem[]): Hazmat | null {
  const before = problems.length;
  const unNumber = input.unNumber?.trim().toUpperCase().replace(/\s+/g, '') ?? '';
  if (!unNumberPattern.test(unNumber))
    problems.push({
      field: `${field}.unNumber`,
      message: 'UN number must be UN or NA and 4 digits, e.g. UN1263.',
    });
  const properShippingName = input.properShippingName?.trim() ?? '';
  if (properShippingName === '')
    problems.push({ field: `${field}.properShippingName`, message: 'Proper shipping name is required.' });
  const hazardClass = input.hazardClass?.trim() ?? '';
  if (!HazardClass.entries.some((c) => c.name === hazardClass))
    problems.push({
      field: `${field}.hazardClass`,
      message: `Hazard class must be one of ${HazardClass.entries.map((c) => c.name).join(', ')}.`,
    });
  const packingGroup = input.packingGroup ?? PackingGroup.values.None;
  if (!PackingGroup.has(packingGroup))
    problems.push({ field: `${field}.packingGroup`, message: 'Packing group must be none, I, II or III.' });
  const phone = input.emergencyContactPhone?.trim() || null;
  if (phone === null)
    problems.push({
      field: `${field}.emergencyContactPhone`,
      message: 'Emergency contact phone is required.',
    });
  else {
    const p = phoneProblem(phone, 'emergency contact phone');
    if (p) problems.push({ field: `${field}.emergencyContactPhone`, message: p });
  }
  if (problems.length > before) return null;
  return {
    unNumber,
    properShippingName,
    hazardClass,
    packingGroup,
    emergencyContactName: input.emergencyContactName?.trim() || null,
    emergencyContactPhone: phone,
  };
}

/**
 * The commodities to insert, or their problems (field `commodities.<i>.<name>`). A line needs a description,
 * a whole piece count of at least 1 and a weight above 0; dimensions are all three or none. A class given
 * wins (a shipper's NMFC class); without one, the class follows from density on the broker's scale when the
 * dimensions are known (decision 0091). A commodity with hazmat details is hazardous.
 */
export function draftCommodities(
  inputs: readonly CommodityInput[],
  units: CommodityUnits,
): { commodities: NewCommodity[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const commodities: NewCommodity[] = [];
  if (inputs.length > maxCommodities)
    problems.push({ field: 'commodities', message: `At most ${maxCommodities} commodities.` });
  inputs.slice(0, maxCommodities).forEach((c, i) => {
    const field = `commodities.${i}`;
    const before = problems.length;
    const description = c.description?.trim() ?? '';
    if (description === '')
      problems.push({ field: `${field}.description`, message: 'Description is required.' });
    if (!wholeCount(c.pieces))
      problems.push({ field: `${field}.pieces`, message: 'Pieces must be a whole number of at least 1.' });
    if (!positive(c.weight))
      problems.push({ field: `${field}.weight`, message: 'Weight must be more than 0.' });
    if (c.handlingUnits !== undefined && c.handlingUnits !== null && !wholeCount(c.handlingUnits))
      problems.push({
        field: `${field}.handlingUnits`,
        message: 'Handling units must be a whole number of at least 1.',
      });
    for (const t of ['packageType', 'handlingUnitType'] as const) {
      const v = c[t];
      if (v !== undefined && v !== null && !PackageType.has(v))
        problems.push({ field: `${field}.${t}`, message: `${v} is not a package type.` });
    }
    const dims = [c.length, c.width, c.height];
    const given = dims.filter((d) => d !== undefined && d !== null);
    if (given.length > 0) {
      (['length', 'width', 'height'] as const).forEach((d) => {
        if (!positive(c[d]))
          problems.push({
            field: `${field}.${d}`,
            message: 'Give length, width and height, each more than 0.',
          });
      });
    }
    let freightClass: FreightClassValue | null = null;
    if (c.freightClass !== undefined && c.freightClass !== null && c.freightClass !== 0) {
      const value = FreightClass.has(c.freightClass)
        ? c.freightClass
        : freightClassFromNumber(c.freightClass);
      if (value === undefined)
        problems.push({
          field: `${field}.freightClass`,
          message: `${c.freightClass} is not a freight class.`,
        });
      else freightClass = value;
    }
    const nmfc = c.nmfc?.trim() || null;
    if (nmfc !== null && nmfc.length > 20)
      problems.push({ field: `${field}.nmfc`, message: 'NMFC is at most 20 characters.' });
    let hazmat: Hazmat | null = null;
    const hazardous = c.hazardous === true || (c.hazmat !== undefined && c.hazmat !== null);
    if (c.hazmat) hazmat = hazmatOf(c.hazmat, `${field}.hazmat`, problems);
    else if (hazardous && units.hazmatDetailsRequired)
      problems.push({
        field: `${field}.hazmat`,
        message:
          'A hazardous commodity needs its UN number, proper shipping name, hazard class and emergency contact.',
      });
    if (problems.length > before) return;

    const withDims = given.length === 3;
    if (freightClass === null && withDims) {
      freightClass = calculateFreightClass({
        pieces: c.pieces,
        length: c.length!,
        width: c.width!,
        height: c.height!,
        dimensionUnit: units.dimensionUnit as 0,
        weight: c.weight!,
        weightUnit: units.weightUnit as 0,
        scale: units.scale,
      }).freightClass;
    }
    commodities.push({
      sequence: i,
      description,
      pieces: c.pieces!,
      packageType: c.packageType ?? null,
      handlingUnits: c.handlingUnits ?? null,
      handlingUnitType: c.handlingUnitType ?? null,
      weight: hundredths(c.weight!),
      length: withDims ? hundredths(c.length!) : null,
      width: withDims ? hundredths(c.width!) : null,
      height: withDims ? hundredths(c.height!) : null,
      freightClass,
      nmfc,
      hazardous,
      hazmat,
    });
  });
  const total = commodities.reduce((sum, c) => sum + c.weight, 0);
  if (total > maxTotalWeight)
    problems.push({
      field: 'commodities',
      message: `The commodities weigh more than ${maxTotalWeight} in all.`,
    });
  return { commodities, problems };
}

/** Special instructions: trimmed, empty means none, at most 2,000 characters (the event's bound). */
export function specialInstructionsOf(
  text: Maybe<string>,
): { ok: true; value: string | null } | { ok: false; problem: FieldProblem } {
  const value = text?.trim() ?? '';
  if (value.length > maxSpecialInstructions)
    return {
      ok: false,
      problem: {
        field: 'specialInstructions',
        message: `Special instructions are at most ${maxSpecialInstructions} characters.`,
      },
    };
  return { ok: true, value: value === '' ? null : value };
}
