// A wait that can be cut short. The relay's idle wait (a released write ends it) and a consumer's linger (a
// batch that fills ends it) are both this one helper.
export interface Wait {
  /** true when `end` cut it short, false when the time passed */
  readonly done: Promise<boolean>;
  end(): void;
}

export function wait(ms: number): Wait {
  let end: () => void = () => undefined;
  const done = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    end = () => {
      clearTimeout(timer);
      resolve(true);
    };
  });
  return { done, end };
}
