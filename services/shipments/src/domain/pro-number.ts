// The duplicate pro-number check (000 §5 "Pro number", 000 §7 proNumberHasDuplicates). Pure.
import { PRO_NUMBER_MIN_LENGTH } from '@loadline/contracts/catalogue';
import { proNumberTypes, resolveReferenceType } from './references.ts';

/** 000 §5: only with a carrier and a pro number of at least 6 characters. */
export function checksDuplicates(carrierId: string | null | undefined, proNumber: string | null | undefined) {
  return (carrierId?.trim() ?? '') !== '' && (proNumber?.trim().length ?? 0) >= PRO_NUMBER_MIN_LENGTH;
}

/**
 * The pro-number types to compare: the one named (by number or code) when it is a pro-number type,
 * else all three (pickup, linehaul, delivery): the same carrier's pro is one number space.
 */
export function proTypesToCompare(referenceType: string | null | undefined): readonly string[] {
  const given = referenceType?.trim() ?? '';
  if (given === '') return proNumberTypes;
  const resolved = /^\d+$/.test(given)
    ? resolveReferenceType({ referenceType: Number(given) })
    : resolveReferenceType({ referenceTypeCode: given });
  return resolved.ok && proNumberTypes.includes(resolved.code) ? [resolved.code] : proNumberTypes;
}
