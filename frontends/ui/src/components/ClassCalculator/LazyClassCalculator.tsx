import { Center } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Loader } from '../../mantine.ts';
import type { ClassCalculatorProps } from './ClassCalculator.tsx';

// Its own chunk (number inputs, switches, the freight-class tables): not part of the shell's first render.
const Calculator = lazy(() =>
  import(/* webpackChunkName: "ui-class-calculator" */ './ClassCalculator.tsx').then((m) => ({
    default: m.ClassCalculator,
  })),
);

/** The class calculator, loaded after the shell has rendered (a loader stands in for it meanwhile). */
export function LazyClassCalculator(props: ClassCalculatorProps) {
  return (
    <Suspense
      fallback={
        <Center p="md">
          <Loader size="sm" aria-label="Loading the class calculator" />
        </Center>
      }
    >
      <Calculator {...props} />
    </Suspense>
  );
}
