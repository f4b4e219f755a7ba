import type { DensityScaleId } from '@loadline/contracts';

/** How the scales are called on screen (the catalogue's ids; the labels are ours). */
export const densityScaleLabels: Readonly<Record<DensityScaleId, string>> = Object.freeze({
  standard: 'Standard',
  standardScaleUpdate: 'Standard (scale update)',
  alternate: 'Alternate',
});
