export type { ClassCalculatorProps } from './ClassCalculator.tsx';
export { densityScaleLabels } from './densityScaleLabels.ts';
export { LazyClassCalculator as ClassCalculator } from './LazyClassCalculator.tsx';
