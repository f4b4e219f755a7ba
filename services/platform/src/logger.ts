import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

/** JSON logs to stdout (pino); `LOG_LEVEL` sets the level. */
export function createLogger(service: string, level: string): Logger {
  return pino({ name: service, level, base: { service } });
}
