import { createContext, type ReactNode, useContext } from 'react';
import type { ShellRuntime } from './startShell.ts';

const ShellRuntimeContext = createContext<ShellRuntime | null>(null);

export function ShellRuntimeProvider({ runtime, children }: { runtime: ShellRuntime; children: ReactNode }) {
  return <ShellRuntimeContext.Provider value={runtime}>{children}</ShellRuntimeContext.Provider>;
}

export function useShellRuntime(): ShellRuntime {
  const runtime = useContext(ShellRuntimeContext);
  if (!runtime) throw new Error('useShellRuntime: no ShellRuntimeProvider above this component');
  return runtime;
}

/** The shell's runtime, or null outside a shell (a remote's stand-alone harness, a component test). */
export function useOptionalShellRuntime(): ShellRuntime | null {
  return useContext(ShellRuntimeContext);
}
