// Where the proxy sends a request: the service that owns its path (domain/routing.ts, from each service's
// declared paths), one of that service's replicas in turn (domain/replicas.ts), and the caller's identity
// signed for it (domain/identity.ts). One per gateway: it holds the replicas' turns and the signer.
import { IdentitySigner } from '@loadline/platform';
import { identityOf } from '../domain/identity.ts';
import { ReplicaSet, replicasOf } from '../domain/replicas.ts';
import { ownerOf, routedRoots, type ServiceName } from '../domain/routing.ts';
import type { GatewayDeps } from '../service.ts';
import type { Caller } from './sessions.ts';

export type Destination =
  | { kind: 'unrouted' }
  | { kind: 'unavailable'; owner: ServiceName }
  | { kind: 'service'; owner: ServiceName; replicas: ReplicaSet };

export class Forwarding {
  /** The first segments of every routed path (`/api`, `/files`…): what the gateway forwards at all. */
  readonly roots: readonly string[] = routedRoots;
  private readonly settings: GatewayDeps['settings'];
  private readonly replicas = new Map<ServiceName, ReplicaSet>();
  private signer: IdentitySigner | undefined;

  constructor(settings: GatewayDeps['settings']) {
    this.settings = settings;
  }

  /** Where a request path goes: no service owns it, its owner has no address here, or the owner's replicas. */
  destination(path: string): Destination {
    const owner = ownerOf(path);
    if (!owner) return { kind: 'unrouted' };
    const setting = this.settings.services[owner];
    if (!setting) return { kind: 'unavailable', owner };
    let replicas = this.replicas.get(owner);
    if (!replicas) {
      replicas = new ReplicaSet(replicasOf(setting));
      this.replicas.set(owner, replicas);
    }
    return { kind: 'service', owner, replicas };
  }

  /** The identity header the services trust, signed for the caller. */
  signedIdentity(caller: Caller): string {
    // Made at the first forward: a gateway built for its contract alone holds no key.
    this.signer ??= new IdentitySigner(this.settings.identityPrivateKey);
    return this.signer.sign(identityOf(caller.me, caller.sessionId));
  }
}

/** A service's first address (where its OpenAPI document is asked for), or undefined when it has none. */
export function firstReplicaOf(settings: GatewayDeps['settings'], service: string): string | undefined {
  const setting = settings.services[service as ServiceName];
  return setting ? replicasOf(setting)[0] : undefined;
}
