// POST /api/integrationsource/testtrackingfull (000 §4 "Tracking test on open", §7): asks the carrier
// through its integration source where the load is (app/tracking-test.ts). Staff only: parse → app →
// present.
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { runTrackingTest } from '../app/tracking-test.ts';
import type { TrackingDeps } from '../service.ts';
import { toApi } from './present.ts';
import { errors, TrackingTestIn } from './schemas.ts';

export function trackingTestRoutes(app: App, deps: TrackingDeps): void {
  app.post(
    '/api/integrationsource/testtrackingfull',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['tracking test'],
        summary:
          'Runs a tracking test through the leg’s integration source; a position found is added as an In Transit location',
        body: TrackingTestIn,
        response: { 200: Type.Ref('TrackingTestResult'), ...errors },
      },
    },
    async (request) => {
      const outcome = await runTrackingTest(deps, callerOf(request), request.body);
      return { ...outcome, location: outcome.location ? toApi(outcome.location) : null };
    },
  );
}
