// The duplicate pro-number check (000 §5 "Pro number", 000 §7 proNumberHasDuplicates). Pure.
import { checksProNumberDuplicates } from '@loadline/contracts/rules/shipments';
import { proNumberTypes, resolveReferenceType } from './references.ts';

/** 000 §5: only with a carrier and a pro number of at least 6 characters (the rule the screen applies too). */
export const checksDuplicates = checksProNumberDuplicates;

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
