export { ClassCalculator, type ClassCalculatorProps, densityScaleLabels } from './ClassCalculator.tsx';
