// HTTP doors of the accounting sync (001 §7 accountingsync calls) and the product's progress tracker
// (000 §7; decision 0051): parse → app → present.
import {
  type App,
  callerOf,
  progressTrackerOf,
  progressTrackerRoutes,
  requireStaff,
} from '@loadline/platform';
import Type from 'typebox';
import { createSyncTracker, getRun, preview, runSync, testConnection } from '../app/sync.ts';
import type { SyncItemKind } from '../domain/sync.ts';
import type { AccountingDeps } from '../service.ts';
import { ConnectionAnswer, PreviewAnswer, SyncOptions, SyncRun, SyncStarted } from './schemas.ts';
import { errors } from './summary.ts';

const tags = ['accounting sync'];

/** The preview paths of 001 §7 and the item kinds they show. */
const previews: Record<string, SyncItemKind> = {
  invoices: 'invoices',
  invoicepayments: 'invoicePayments',
  bills: 'bills',
  billpayments: 'billPayments',
};

export function syncRoutes(app: App, deps: AccountingDeps): void {
  for (const [path, kind] of Object.entries(previews)) {
    app.get(
      `/api/accountingsync/preview/${path}`,
      {
        preHandler: requireStaff,
        schema: {
          tags,
          summary: `The ${kind} the next sync sends (never sent, or changed since), or with getFailed=true those whose last sync failed; at most 200, each selected by default (001 §4)`,
          querystring: Type.Object({ getFailed: Type.Optional(Type.Boolean()) }),
          response: { 200: PreviewAnswer, ...errors },
        },
      },
      (request) => preview(deps, callerOf(request), kind, request.query.getFailed ?? false),
    );
  }

  app.post(
    '/api/accountingsync/runSync',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'Starts a sync run with the 001 §3 sync options (empty id lists: everything waiting of each kind chosen); isTestRun writes nothing. Answers the run and its progress tracker (activityId from CreateTracker, or a new one); 409 while another run of the broker is going',
        body: SyncOptions,
        response: { 202: SyncStarted, ...errors },
      },
    },
    async (request, reply) => {
      const started = await runSync(deps, callerOf(request), request.body);
      reply.status(202);
      return started;
    },
  );

  app.get(
    '/api/accountingsync/runs/:runId',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'A sync run: its status, counts by item status (each item once) and its items after afterSeq',
        params: Type.Object({ runId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({
          afterSeq: Type.Optional(Type.Integer({ minimum: 0 })),
          status: Type.Optional(Type.Enum(['None', 'Complete', 'Failed', 'AlreadySynced', 'Updated'])),
        }),
        response: { 200: SyncRun, ...errors },
      },
    },
    (request) => getRun(deps, callerOf(request), request.params.runId, request.query),
  );

  app.get(
    '/api/accountingsync/testConnection',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Whether the ledger can be written (the export folder, or the API ledger answering)',
        response: { 200: ConnectionAnswer, ...errors },
      },
    },
    (request) => testConnection(deps, callerOf(request)),
  );

  app.get(
    '/api/accountingsync/CreateTracker',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'A progress tracker for the next sync run (pass its traceLogId to runSync as activityId)',
        response: { 200: Type.Ref('ProgressSnapshot'), ...errors },
      },
    },
    (request) => createSyncTracker(deps, callerOf(request)),
  );

  progressTrackerRoutes(app, progressTrackerOf(deps.runtime));
}
