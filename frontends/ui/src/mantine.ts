// The one door to Mantine for shells and remotes. They import these from '@loadline/ui', never from
// '@mantine/*' (the build refuses it: frontends/ui/build/federation.ts). Mantine is then not a shared module of
// its own: it lives inside the @loadline/ui singleton, tree-shaken to what this package uses and re-exports,
// and there is one Mantine (one theme, one MantineProvider context) at run time.
//
// Only what is listed here reaches a remote. A remote needing another Mantine export adds it here; the shells
// must be rebuilt and deployed with it before the remote that uses it (the shell's @loadline/ui is the one a
// remote gets at run time). Every export here is in every shell's first render (a shared module keeps all its
// exports; `node infra/load/bundle-sizes.ts` shows the cost): add only what is used. Type exports are free.
// See docs/adding-a-remote.md.

import { type LoaderProps, Loader as MantineLoader } from '@mantine/core';
import { type ComponentPropsWithoutRef, createElement } from 'react';

export type {
  AlertProps,
  BadgeProps,
  ButtonProps,
  MantineColor,
  MantineSize,
  MantineSpacing,
  StackProps,
  TableProps,
  TextInputProps,
  TextProps,
  TitleProps,
} from '@mantine/core';
// What the shells and the directory remote use, and what this package's first render already holds
// (re-exporting those costs nothing while @loadline/ui itself uses them).
export {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  List,
  Menu,
  Modal,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
export { useDebouncedValue, useDisclosure } from '@mantine/hooks';

/**
 * Mantine's Loader (a bare span), given role="progressbar" when it is labelled: an aria-label on a span with
 * no role is neither allowed nor announced (axe aria-prohibited-attr). An unlabelled one (beside a text that
 * says what loads, inside a loading button) stays a decoration.
 */
export function Loader(props: LoaderProps & ComponentPropsWithoutRef<'span'>) {
  return createElement(MantineLoader, { ...(props['aria-label'] ? { role: 'progressbar' } : {}), ...props });
}
