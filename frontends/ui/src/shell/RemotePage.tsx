import type { ComponentType } from 'react';
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
 * Outside a shell (a remote's own harness mounting another remote's widget) the panel says it cannot load.
 */
export function RemotePage<P extends object>({ name, id, props }: RemotePageProps<P>) {
  const runtime = useOptionalShellRuntime();
  const load = async (attempt: number) => {
    if (!runtime) throw new Error(`${id} is loaded by a shell; there is none here`);
    return runtime.loadRemote<{ default: ComponentType<P> }>(id, { fresh: attempt > 0 });
  };
  return <RemoteComponent name={name} load={load} props={props} />;
}
