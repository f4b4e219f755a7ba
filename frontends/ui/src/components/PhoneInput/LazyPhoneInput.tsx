import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PhoneInputProps } from './PhoneInput.tsx';

// Its own chunk (the numbering plans of every country): loaded where a phone is typed, not in the first render.
const Input = lazy(() =>
  import(/* webpackChunkName: "ui-phone-input" */ './PhoneInput.tsx').then((m) => ({
    default: m.PhoneInput,
  })),
);

/** The phone input, loaded on first use; a plain field with the same label stands in for it meanwhile. */
export function LazyPhoneInput(props: PhoneInputProps) {
  return (
    <Suspense fallback={<TextInput label={props.label} value={props.value} readOnly disabled />}>
      <Input {...props} />
    </Suspense>
  );
}
