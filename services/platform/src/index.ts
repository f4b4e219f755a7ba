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
  undecodableAddressMessage,
} from './app.ts';
export { type CommandOutcome, type CommandSpec, defaultCommandAttempts, runCommand } from './command.ts';
export { loadConfig, type ServiceConfig, secretSetting } from './config.ts';
export {
  type Database,
  isRefusedForItsData,
  type Kysely,
  type Migration,
  migrate,
  openDatabase,
  ping,
  preparedStatementsPerConnection,
  sentWithTheNext,
  sql,
  type Transaction,
} from './db.ts';
export {
  badRequest,
  conflict,
  type ErrorBody,
  exportingTurnedOff,
  type FieldErrors,
  forbidden,
  HttpError,
  notFound,
  staffOnly,
  unauthorized,
} from './errors.ts';
export {
  type BatchHandler,
  type ConsumerDefinition,
  DurableConsumer,
  type EventHandler,
} from './events/consumer.ts';
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
export {
  collectGarbage,
  heapBound,
  SETTLE_MEMORY_AFTER_MS,
  settleMemory,
  settleMemoryAfterStartup,
} from './memory.ts';
export { pageOf, pagerQuery } from './pager.ts';
export {
  type FieldProblem,
  fail,
  fieldError,
  ok,
  problem,
  problemsError,
  type Refusal,
  type Result,
  refusalError,
  rejectProblems,
  unwrap,
} from './problems.ts';
export {
  PROGRESS_TRACKER_TTL_SECONDS,
  type ProgressSnapshot,
  ProgressSnapshotSchema,
  ProgressTracker,
  type ProgressTrackerType,
  percentDone,
  progressTrackerOf,
  progressTrackerRoutes,
  progressTrackerTypes,
  type TrackerOwner,
} from './progress.ts';
export { type EventWriter, ServiceRuntime } from './runtime.ts';
export { CalendarDate, ErrorBodySchema } from './schemas.ts';
export { compileSchemasNow } from './schemas-on-first-use.ts';
export { openSecret, parseSecretKey, sealSecret, secretKeyBytes } from './secrets.ts';
export { runService } from './server.ts';
export {
  buildHttp,
  buildProbes,
  defineService,
  depsOf,
  type Env,
  type Schedule,
  type ServiceDefinition,
  type ServiceDeps,
  type ServiceRole,
  serviceRoleOf,
  startBackground,
} from './service.ts';
export { canSeeShipment, inShipmentScope, type ShipmentScope, shipmentScope } from './shipment-scope.ts';
export type { PlatformTables } from './store/migrations.ts';
export {
  type SaveIfNewerOptions,
  saveAllIfNewer,
  saveIfNewer,
  upsertIfNewer,
  type VersionedTable,
} from './store/read-models.ts';
export { activeTraceparent, addSpanProcessor, contextOf, inSpan, SpanKind } from './tracing.ts';
export { fieldsValidator } from './validation.ts';
