// The one routing table: which service owns each of the spec's paths (DESIGN.md, "Who owns what"), as
// each service declares in its definition's `paths` (contracts/services, written by `npm run contracts`).
// Matched case-insensitively, because the spec mixes cases (/api/brokerCarrier and /api/brokercarrier are
// the same route). The longest matching prefix wins, so /api/ShipmentUpdateStatus/getOperationNotes goes
// to activity while the rest of /api/ShipmentUpdateStatus goes to shipments.
import { type ServiceName, services } from '@loadline/contracts/services';

export type { ServiceName };

export const routingTable: Readonly<Record<string, ServiceName>> = Object.fromEntries(
  services.flatMap((s) => s.paths.map((path) => [path.toLowerCase(), s.name])),
);

const prefixes = Object.keys(routingTable).sort((a, b) => b.length - a.length);

/** The service that owns a request path, or undefined when no service does. */
export function ownerOf(path: string): ServiceName | undefined {
  const lower = (path.split('?')[0] ?? '').toLowerCase();
  for (const prefix of prefixes) {
    if (lower === prefix || lower.startsWith(`${prefix}/`)) return routingTable[prefix];
  }
  return undefined;
}

/** The first segments of every routed path (`/api`, `/files`…): what the gateway forwards at all. */
export const routedRoots: readonly string[] = [
  ...new Set(Object.keys(routingTable).map((prefix) => `/${prefix.split('/')[1]}`)),
];
