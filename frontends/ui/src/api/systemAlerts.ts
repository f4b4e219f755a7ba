import type { GatewayClient } from './ApiContext.tsx';
import type { SystemAlertArea, SystemAlertsAnswer } from './types.ts';

/** GET /api/systemalerts?area=…&showall=… (spec 000 §7, 001 §7). Undefined when the call fails. */
export async function fetchSystemAlerts(
  client: GatewayClient,
  area: SystemAlertArea,
  showAll: boolean,
): Promise<SystemAlertsAnswer | undefined> {
  try {
    const { data } = await client.GET('/api/systemalerts', { params: { query: { area, showall: showAll } } });
    return data;
  } catch {
    return undefined;
  }
}
