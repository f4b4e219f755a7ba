// GET /Order/Terminals (000 §2 item 7, 000 §7): the server-rendered terminal information page, with
// the query values shipment, carrier code, service level, origin and destination ZIP and country
// (app/terminals.ts fills what is not given from the shipment). Every value is escaped; the page runs
// no script.
import { type App, callerOf, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { terminalPage } from '../app/terminals.ts';
import type { CarriersDeps } from '../service.ts';
import { errors, TerminalsQuery } from './schemas.ts';

/** The page may be framed by Loadline's own pages only, loads nothing, and runs no script. */
const contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export function terminalRoutes(app: App, deps: CarriersDeps): void {
  app.get(
    '/Order/Terminals',
    {
      preHandler: requireUser,
      schema: {
        tags: ['terminals'],
        summary:
          'The terminal information page (000 §2 item 7): the carrier terminals serving the origin and destination, as HTML',
        querystring: TerminalsQuery,
        produces: ['text/html'],
        response: { 200: Type.String({ description: 'the page, text/html' }), ...errors },
      },
    },
    async (request, reply) => {
      const html = await terminalPage(deps, callerOf(request), request.query);
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', contentSecurityPolicy)
        .header('x-content-type-options', 'nosniff');
      return html;
    },
  );
}
