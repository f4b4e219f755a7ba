import type { MantineSize } from '@mantine/core';

/** The spec's modal sizes (000 §2: "large", "extra large") mapped to Mantine's modal sizes. */
export const modalSizes = Object.freeze({
  small: 'sm',
  medium: 'md',
  large: 'lg',
  extraLarge: 'xl',
} as const satisfies Record<string, MantineSize>);

export type ModalSize = keyof typeof modalSizes;
