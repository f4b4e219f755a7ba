// Status colours (000 §4, 001 §4, 002 §4): the catalogue gives tokens; this maps them to the Mantine
// palette the design system uses. (The mapping belongs in @loadline/ui's theme once a second remote needs
// it.)

import { type StatusColour, statusColour } from '@loadline/contracts';
import type { MantineColor } from '@loadline/ui';

export const mantineColourOfToken: Readonly<Record<StatusColour, MantineColor>> = Object.freeze({
  lightGreen: 'lime',
  green: 'green',
  amber: 'yellow',
  blue: 'blue',
  brightBlue: 'cyan',
  red: 'red',
  grey: 'gray',
});

/** The Mantine colour of a shipment status; anything unknown is grey. */
export function statusMantineColour(status: number): MantineColor {
  return mantineColourOfToken[statusColour(status)];
}
