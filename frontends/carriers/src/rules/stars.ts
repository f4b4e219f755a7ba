// The carrier score widget's stars (000 §2 item 8, 000 §9 and 001 §9: 5 stars). Pure.
import { STAR_SCORE_MAX } from '@loadline/contracts';

export type StarFill = 'full' | 'half' | 'empty';

/** The fill of each of the 5 stars for a star score (already to the nearest half star); all empty without one. */
export function starFills(stars: number | null | undefined): StarFill[] {
  const value = stars ?? 0;
  return Array.from({ length: STAR_SCORE_MAX }, (_, i) => {
    if (value >= i + 1) return 'full';
    if (value >= i + 0.5) return 'half';
    return 'empty';
  });
}

/** What a screen reader hears for a star score. */
export function starsLabel(stars: number | null | undefined): string {
  return stars === null || stars === undefined ? 'Not rated' : `${stars} out of ${STAR_SCORE_MAX} stars`;
}

/** "n audit(s)". */
export const auditCountText = (count: number): string => `${count} audit${count === 1 ? '' : 's'}`;
