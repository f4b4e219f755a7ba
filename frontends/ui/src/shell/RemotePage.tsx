import { Text } from '@mantine/core';
import { type ComponentType, useEffect } from 'react';
import { RemoteComponent } from '../components/RemoteBoundary/index.ts';
import { useOptionalShellRuntime } from './ShellRuntimeContext.tsx';

export interface RemotePageProps<P extends object> {
  /** What the page is called in the error panel. */
  name: string;
  /** `<remote>/<exposed module>`, e.g. RemoteModuleIds.organizationsPage. */
  id: string;
  props: P;
}

/**
 * A remote's exposed component as a page of the shell, behind the error panel; retry loads it afresh.
 * Outside a shell (a remote's own harness or component test mounting another remote's widget) a note
 * stands in its place.
 */
export function RemotePage<P extends object>({ name, id, props }: RemotePageProps<P>) {
  const runtime = useOptionalShellRuntime();
  if (!runtime) {
    return (
      <Text size="xs" c="dimmed" role="note">
        {`${name} (${id}) appears here inside Loadline's shells.`}
      </Text>
    );
  }
  const load = (attempt: number) =>
    runtime.loadRemote<{ default: ComponentType<P> }>(id, { fresh: attempt > 0 });
  return <RemoteComponent name={name} load={load} props={props} />;
}

/**
 * Starts loading remote modules a page will mount only once its own data is in (e.g. the shipment page's
 * activity log and tracking, shown with the shipment), so their scripts come while that data is fetched
 * instead of after it; their RemotePages then find them loaded. Failures are left to those RemotePages.
 * Outside a shell it does nothing.
 */
export function usePreloadedRemotes(ids: readonly string[]): void {
  const runtime = useOptionalShellRuntime();
  const key = ids.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids` (a new array each render)
  useEffect(() => {
    if (!runtime) return;
    for (const id of ids) runtime.loadRemote(id).catch(() => undefined);
  }, [runtime, key]);
}
