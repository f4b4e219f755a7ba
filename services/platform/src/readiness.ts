// Readiness kept up to date in the background: every check runs once a second, on its own, and `/readyz`
// answers from the last results. A probe then answers at once whatever the process is doing, never after
// waiting on a server that does not answer (the fault runs saw a probe's 5 s pass on a loaded machine
// while checks of PostgreSQL, NATS and Redis were answered inline; infra/chaos/README.md).

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
  /** a service this one calls; `/readyz?self=true` leaves these out */
  downstream?: boolean;
  /**
   * a server whose loss stops only some of the work (NATS: the outbox waits; Redis: jobs wait): shown, but the
   * process stays ready, so that a balancer keeps sending it what it can still do (decision 0088)
   */
  degradesOnly?: boolean;
}

/** How long a readiness check may take before it counts as failed (a server that does not answer). */
export const readinessCheckMs = 2000;
/** How often the checks run: a result is at most this old, plus the check's own time. */
export const readinessEveryMs = 1000;

interface CheckState {
  readonly check: ReadinessCheck;
  /** 'ok', the check's error, 'no answer' (past readinessCheckMs), or null before its first result */
  state: string | null;
  running: boolean;
  /** settles when the check has a first result (at most readinessCheckMs after the first round began) */
  first: Promise<void>;
  settleFirst: () => void;
}

export interface ReadinessAnswer {
  ready: boolean;
  checks: Record<string, string>;
}

export class Readiness {
  private readonly states: CheckState[];
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(checks: ReadinessCheck[]) {
    this.states = checks.map((check) => {
      let settleFirst: () => void = () => undefined;
      const first = new Promise<void>((resolve) => {
        settleFirst = resolve;
      });
      return { check, state: null, running: false, first, settleFirst };
    });
  }

  /** Runs the checks now and then every readinessEveryMs until stop(). */
  start(): void {
    if (this.timer || this.stopped || this.states.length === 0) return;
    this.round();
    // unref: the checks never keep a process alive that has nothing else to do
    this.timer = setInterval(() => this.round(), readinessEveryMs).unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    for (const s of this.states) s.settleFirst();
  }

  /**
   * The last results. Only before a check's first result (the first second or two after start) does this
   * wait for it, and then at most readinessCheckMs.
   */
  async answer(selfOnly: boolean): Promise<ReadinessAnswer> {
    const shown = this.states.filter((s) => !(selfOnly && s.check.downstream));
    if (shown.some((s) => s.state === null)) {
      this.start();
      await Promise.all(shown.map((s) => s.first));
    }
    const checks = Object.fromEntries(shown.map((s) => [s.check.name, s.state ?? 'not checked']));
    const ready = shown.every((s) => s.state === 'ok' || s.check.degradesOnly);
    return { ready, checks };
  }

  /** One check at a time per server: one that hangs is 'no answer' until it settles, and is not started again. */
  private round(): void {
    for (const s of this.states) {
      if (s.running) continue;
      s.running = true;
      const timer = setTimeout(() => {
        s.state = 'no answer';
        s.settleFirst();
      }, readinessCheckMs).unref();
      Promise.resolve()
        .then(() => s.check.check())
        .then(
          () => {
            s.state = 'ok';
          },
          (error: unknown) => {
            s.state = String((error as Error)?.message ?? error) || 'failed';
          },
        )
        .finally(() => {
          clearTimeout(timer);
          s.running = false;
          s.settleFirst();
        });
    }
  }
}
