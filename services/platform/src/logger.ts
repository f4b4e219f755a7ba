import pino, { type Logger } from 'pino';
import { traceFields } from './tracing.ts';

export type { Logger } from 'pino';

/** JSON logs to stdout (pino); `LOG_LEVEL` sets the level. A line written inside a span carries its trace id. */
export function createLogger(service: string, level: string): Logger {
  return pino({ name: service, level, base: { service }, mixin: traceFields });
}
