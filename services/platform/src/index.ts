// @loadline/platform: the shared server library. One way to do each thing:
// one app factory, one error shape, one outbox relay, one consumer helper, one job helper.
export {
  type App,
  type AppOptions,
  asAccessGuard,
  callerOf,
  createApp,
  defaultBodyLimit,
  noRouteMessage,
  readAwayBody,
  requirePermission,
  requireStaff,
  requireUser,
} from './app.ts';
export { loadConfig, type ServiceConfig } from './config.ts';
export {
  type Database,
  type Kysely,
  type Migration,
  migrate,
  openDatabase,
  ping,
  preparedStatementsPerConnection,
  sql,
  type Transaction,
} from './db.ts';
export {
  badRequest,
  conflict,
  type ErrorBody,
  fieldError,
  forbidden,
  HttpError,
  notFound,
  problemsError,
  unauthorized,
} from './errors.ts';
export { type ConsumerDefinition, DurableConsumer, type EventHandler } from './events/consumer.ts';
export { createEnvelope, streamName, wireSubject } from './events/envelope.ts';
export {
  appendEvent,
  appendEvents,
  type OutboxEvent,
  outboxRecordset,
  outboxRows,
} from './events/outbox.ts';
export { OutboxRelay } from './events/relay.ts';
export { ensureStream } from './events/stream.ts';
export {
  generateIdentityKeys,
  hasPermission,
  type Identity,
  IdentitySigner,
  identityHeader,
  isStaff,
  rememberedIdentities,
  signIdentity,
  verifyIdentity,
} from './identity.ts';
export { newId, uuidv7 } from './ids.ts';
export {
  boundMessage,
  displayField,
  inputLimits,
  type Problem,
  queryEncodingProblems,
  textProblem,
  textProblems,
  withInputLimits,
} from './input.ts';
export { type Job, JobQueue, JobWorker, type WorkerDefinition } from './jobs.ts';
export { createLogger, type Logger } from './logger.ts';
export { SETTLE_MEMORY_AFTER_MS, settleMemory, settleMemoryAfterStartup } from './memory.ts';
export { pageOf, pagerQuery } from './pager.ts';
export { ServiceRuntime } from './runtime.ts';
export { ErrorBodySchema } from './schemas.ts';
export { runService, type ServiceDefinition } from './server.ts';
export { canSeeShipment, inShipmentScope, type ShipmentScope, shipmentScope } from './shipment-scope.ts';
export type { PlatformTables } from './store/migrations.ts';
export { saveIfNewer, type VersionedTable } from './store/read-models.ts';
export { fieldsValidator } from './validation.ts';
