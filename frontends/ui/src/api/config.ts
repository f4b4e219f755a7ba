import type { GatewayClient } from './ApiContext.tsx';
import type { ShellConfig } from './types.ts';

/** GET /api/config: the remotes to load (name → URL of its mf-manifest.json), single sign-on, environment. */
export async function fetchShellConfig(client: GatewayClient): Promise<ShellConfig | undefined> {
  try {
    const { data } = await client.GET('/api/config');
    return data;
  } catch {
    return undefined;
  }
}

/**
 * The remotes of a shell config as Module Federation's runtime registers them (`registerRemotes`), each
 * manifest URL made absolute against the page so it works whatever the mount path.
 */
export function remotesOf(
  config: Pick<ShellConfig, 'remotes'> | undefined,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): { name: string; entry: string }[] {
  return Object.entries(config?.remotes ?? {}).map(([name, url]) => ({
    name,
    entry: new URL(String(url), base).href,
  }));
}
