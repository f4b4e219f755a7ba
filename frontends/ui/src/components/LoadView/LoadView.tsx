// The loading and failed states of a screen backed by `useLoad` (decision 0060), written once: a loader
// named for screen readers while the read runs, the screen's own message in a red alert when it failed
// (the spec's text, from contracts' messages), and the children with the data once loaded. Nothing is shown
// while the key is null (a closed modal).
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  type MantineSize,
  type MantineSpacing,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { LoadState } from '../../hooks/useLoad.ts';

export interface LoadViewProps<T> {
  /** The read, as `useLoad` answers it. */
  load: LoadState<T>;
  /** The loader's accessible name: "Loading the bill to". */
  loading: string;
  /** What the alert says when the read failed; a function may word it by the failure (a 404). */
  failed: ReactNode | ((failure: { status: number; error: unknown }) => ReactNode);
  /** Offers "Try again" beside the message, reading again (`load.reload`). */
  retry?: () => void;
  /** The loader's size (Mantine's default when not given). */
  loaderSize?: MantineSize | number;
  /** The padding around the centred loader; `inline` draws the loader alone, where the content will be. */
  padding?: MantineSpacing | 'inline';
  /** The screen, with the data once it is loaded. */
  children: (data: T) => ReactNode;
}

export function LoadView<T>({
  load,
  loading,
  failed,
  retry,
  loaderSize,
  padding = 'lg',
  children,
}: LoadViewProps<T>) {
  if (load.state === 'idle') return null;
  if (load.state === 'loading') {
    const loader = <Loader size={loaderSize} aria-label={loading} />;
    return padding === 'inline' ? loader : <Center p={padding}>{loader}</Center>;
  }
  if (load.state === 'failed') {
    const message =
      typeof failed === 'function' ? failed({ status: load.status, error: load.error }) : failed;
    return (
      <Alert color="red" role="alert">
        {retry ? (
          <Group gap="sm">
            <Text size="sm">{message}</Text>
            <Button size="compact-xs" variant="light" onClick={retry}>
              Try again
            </Button>
          </Group>
        ) : (
          message
        )}
      </Alert>
    );
  }
  return <>{children(load.data)}</>;
}
