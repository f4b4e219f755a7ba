import { Alert, Button, Center, Group, Text } from '@mantine/core';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  Suspense,
  useEffect,
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

/** What the load of `name`'s attempt `attempt` gave. */
type ModuleState<P> =
  | { name: string; attempt: number; component: ComponentType<P> }
  | { name: string; attempt: number; error: Error }
  | null;

/** The loaded component, its loader while `attempt` is loading, or its load failure thrown to the boundary. */
function RemoteModule<P extends object>({
  name,
  state,
  attempt,
  props,
}: {
  name: string;
  state: ModuleState<P>;
  attempt: number;
  props: P;
}) {
  const loader = (
    <Center p="xl">
      <Loader aria-label={`Loading ${name}`} />
    </Center>
  );
  if (!state || state.name !== name || state.attempt !== attempt) return loader;
  if ('error' in state) throw state.error;
  const Loaded = state.component;
  // A remote that suspends inside (its own lazy parts) shows the same loader.
  return (
    <Suspense fallback={loader}>
      <Loaded {...props} />
    </Suspense>
  );
}

/**
 * A remote's component mounted behind a RemoteBoundary; retry loads the module again. The module is loaded in
 * an effect and shown by a state update rather than by React.lazy: React reveals a suspended boundary's content
 * no sooner than 300 ms after the last fallback it showed or hid, so on a page of several remotes (the shipment
 * page has seven) each one's content, and the requests its effects make, waited for the one before it.
 */
export function RemoteComponent<P extends object>({ name, load, props }: RemoteComponentProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ModuleState<P>>(null);
  // The latest `load` without loading again on every render (callers pass inline functions).
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    const failed = (error: unknown) => {
      if (current)
        setState({ name, attempt, error: error instanceof Error ? error : new Error(String(error)) });
    };
    Promise.resolve()
      .then(() => loadRef.current(attempt))
      .then((loaded) => {
        if (!loaded?.default) return failed(new Error(`${name}: the remote module has no default export`));
        if (current) setState({ name, attempt, component: loaded.default });
      }, failed);
    return () => {
      current = false;
    };
  }, [name, attempt]);
  return (
    <RemoteBoundary name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <RemoteModule name={name} state={state} attempt={attempt} props={props} />
    </RemoteBoundary>
  );
}
