// A service behind the gateway may run as several processes (`<NAME>_URL` lists them, comma-separated:
// the launcher's LOADLINE_REPLICAS, or any set of addresses). Requests go round the replicas; one that did
// not answer is left out for a few seconds, so a replica killed costs the requests in flight on it and the
// one that found it gone, not every other request after.

/** The base URLs in a `<NAME>_URL` setting. */
export const replicasOf = (setting: string): string[] =>
  setting
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);

export class ReplicaSet {
  readonly bases: readonly string[];
  private turn = 0;
  private readonly downUntil = new Map<string, number>();
  private readonly downForMs: number;
  private readonly now: () => number;

  constructor(bases: readonly string[], options: { downForMs?: number; now?: () => number } = {}) {
    if (bases.length === 0) throw new Error('a service needs at least one address');
    this.bases = bases;
    this.downForMs = options.downForMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** The next replica in turn that is not left out; when all are, the next in turn (one may be back). */
  next(except?: string): string {
    const now = this.now();
    for (let i = 0; i < this.bases.length; i++) {
      const base = this.bases[this.turn++ % this.bases.length]!;
      if (base !== except && (this.downUntil.get(base) ?? 0) <= now) return base;
    }
    const others = this.bases.filter((b) => b !== except);
    return others.length ? others[this.turn++ % others.length]! : this.bases[0]!;
  }

  /** A replica that did not answer: left out for a while. */
  failed(base: string): void {
    this.downUntil.set(base, this.now() + this.downForMs);
  }

  /** A replica that answered: back in turn at once. */
  answered(base: string): void {
    this.downUntil.delete(base);
  }
}
