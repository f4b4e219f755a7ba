import { Alert, Button, Center, Group, Text } from '@mantine/core';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Loader } from '../../mantine.ts';

export interface RemoteBoundaryProps {
  /** What the failed part is called in the error panel, e.g. "Organizations". */
  name: string;
  children: ReactNode;
  /** Called by the retry button before the children render again (e.g. to load the remote afresh). */
  onRetry?: () => void;
}

interface RemoteBoundaryState {
  error: Error | null;
}

/**
 * Error boundary around a remote: when the remote fails to load or to render, an error panel with a retry
 * button takes its place and the rest of the shell keeps working.
 */
export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RemoteBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Remote "${this.props.name}" failed`, error, info.componentStack);
  }

  retry = (): void => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" title={`${this.props.name} could not be loaded`} role="alert" m="md">
        <Text size="sm" mb="sm">
          This part of the page is unavailable right now. The rest of Loadline keeps working.
        </Text>
        <Group>
          <Button size="xs" variant="light" color="red" onClick={this.retry}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
}

export interface RemoteComponentProps<P extends object> {
  name: string;
  /**
   * Loads the remote module, e.g. `() => loadRemote('directory/OrganizationsPage')`; rejects or gives null on
   * failure. `attempt` counts the retries (0 the first time).
   */
  load: (attempt: number) => Promise<{ default: ComponentType<P> } | null | undefined>;
  props: P;
}

/** A remote's component mounted behind a RemoteBoundary; retry loads the module again. */
export function RemoteComponent<P extends object>({ name, load, props }: RemoteComponentProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // The latest `load` without making a new lazy component on every render (callers pass inline functions).
  const loadRef = useRef(load);
  loadRef.current = load;
  // A new lazy component per attempt: React caches a lazy component's failed load.
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const loaded = await loadRef.current(attempt);
        if (!loaded?.default) throw new Error(`${name}: the remote module has no default export`);
        return loaded;
      }),
    [name, attempt],
  );
  return (
    <RemoteBoundary name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          <Center p="xl">
            <Loader aria-label={`Loading ${name}`} />
          </Center>
        }
      >
        <Lazy {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
