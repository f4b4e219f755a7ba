// @nats-io/nats-core 3.4 (the newest) ends every answered request (each JetStream publish the relay
// awaits an acknowledgement for) with `cancel()`, which builds a RequestError, stack trace and all, only
// to reject a promise the answer has already resolved: a rejection nobody can see. Measured during the
// check-call ingest, that was 1.7 s of the tracking service's 28 s busy. Here an answered request skips
// that rejection; a request cancelled before its answer is rejected exactly as before.
import { RequestOne } from '@nats-io/nats-core/internal';

// Registered, so a second copy of this module finds the methods already wrapped and leaves them.
const answered = Symbol.for('loadline.nats.requestAnswered');

interface RequestInternals {
  [answered]?: true;
  timer?: { cancel(): void };
  mux: { cancel(request: unknown): void };
  deferred: { reject(error: unknown): void };
  resolver(error: unknown, message: unknown): void;
  cancel(error?: unknown): void;
}

const request = RequestOne.prototype as unknown as RequestInternals;
const resolve = request.resolver;
const cancel = request.cancel;

if (!(answered in request)) {
  Object.defineProperty(request, answered, { value: undefined, writable: true });
  request.resolver = function (this: RequestInternals, error, message) {
    this[answered] = true; // the original settles the promise, then calls cancel()
    resolve.call(this, error, message);
  };
  request.cancel = function (this: RequestInternals, error) {
    if (!this[answered]) return cancel.call(this, error);
    this.timer?.cancel();
    this.mux.cancel(this);
  };
}
