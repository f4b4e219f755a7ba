// The WebSocket hub's doors (`/api/live`, the spec's pageViewingHub): a page joins a group (a shipment's id,
// an organization's id) to receive that group's live events and to see who else is viewing it (spec 001 §3
// presence user, §5, §6); also the REST JoinGroup/LeaveGroup. The hub itself is app/live-hub.ts.
import { randomUUID } from 'node:crypto';
import type { WebSocket } from '@fastify/websocket';
import websocket from '@fastify/websocket';
import {
  type App,
  asAccessGuard,
  ErrorBodySchema,
  fieldError,
  forbidden,
  unauthorized,
} from '@loadline/platform';
import Type from 'typebox';
import { type Connection, LiveHub, onlyStaffJoin } from '../app/live-hub.ts';
import { keyPrefixOf } from '../app/sessions.ts';
import type { Me } from '../domain/identity.ts';
import type { GatewayDeps } from '../service.ts';
import { callerOfRequest } from './caller.ts';

const JoinBody = Type.Object(
  {
    connectionId: Type.String({ minLength: 1 }),
    groupName: Type.String({ minLength: 1, maxLength: 200 }),
    pageTitle: Type.String({ minLength: 1, maxLength: 300 }),
    uri: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
const LeaveBody = Type.Object(
  { connectionId: Type.String({ minLength: 1 }), groupName: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
const PresenceUserSchema = Type.Object(
  {
    GroupName: Type.String(),
    PageTitle: Type.String(),
    Uri: Type.String(),
    ConnectionId: Type.String(),
    DateTimeJoined: Type.String(),
    DisplayName: Type.String(),
    Company: Type.String(),
    UserNameSHA1: Type.String(),
  },
  { $id: 'PresenceUser' },
);

export async function registerLiveHub(app: App, deps: GatewayDeps): Promise<LiveHub> {
  const { runtime } = deps;
  const hub = new LiveHub(
    runtime.redis,
    runtime.nats,
    runtime.config.eventNamespace,
    keyPrefixOf(runtime),
    (error, what) => runtime.logger.warn({ err: error }, `live hub: ${what} failed`),
  );
  // Built offline (the contract, HTTP-shape tests), the hub holds no subscription: no server is reached.
  if (!runtime.offline) hub.start();
  // Read at each scrape: this replica's open connections (issue 20, "Watched").
  runtime.gauge(
    'loadline_live_connections',
    'live (WebSocket) connections open on this gateway replica',
    () => hub.connections.size,
  );
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.addSchema(PresenceUserSchema);
  app.addHook('onClose', async () => hub.close());

  const sendError = (socket: WebSocket, message: string) => {
    if (socket.readyState === 1) socket.send(JSON.stringify({ type: 'error', message }));
  };

  app.get('/api/live', { websocket: true, schema: { hide: true } }, (socket, request) => {
    // Listen at once: a message sent right after the socket opens must not be lost while
    // the session is being looked up.
    const ready = callerOfRequest(runtime, request)
      .then(async (caller) => {
        if (!caller) {
          socket.close(4401, 'Please log in to continue.');
          return null;
        }
        const connection: Connection = {
          id: randomUUID(),
          socket,
          me: caller.me,
          sessionId: caller.sessionId,
        };
        await hub.open(connection);
        socket.send(JSON.stringify({ type: 'acknowledge', connectionId: connection.id }));
        return connection;
      })
      .catch((error) => {
        request.log.warn({ err: error }, 'live hub: opening failed');
        socket.close(1011, 'The live connection could not be opened. Please reload the page.');
        return null;
      });
    const handle = async (raw: Buffer) => {
      const connection = await ready;
      if (!connection) return;
      let message: unknown;
      try {
        message = JSON.parse(String(raw));
      } catch {
        return sendError(socket, 'Messages must be JSON.');
      }
      if (typeof message !== 'object' || message === null)
        return sendError(socket, 'Messages must be JSON objects.');
      const problem = await hub.receive(connection, message);
      if (problem) sendError(socket, problem);
    };
    socket.on('message', (raw: Buffer) => {
      handle(raw).catch((error) => {
        request.log.warn({ err: error }, 'live hub: message failed');
        sendError(socket, 'Your message could not be handled. Please try again.');
      });
    });
    socket.on('close', () => {
      ready
        .then((connection) => (connection ? hub.drop(connection) : undefined))
        .catch((error) => request.log.warn({ err: error }, 'live hub: closing failed'));
    });
  });

  /** The caller, who must own the live connection named (held by any replica). */
  const ownerCheck = async (request: import('fastify').FastifyRequest, connectionId: string): Promise<Me> => {
    const caller = await callerOfRequest(runtime, request);
    if (!caller) throw unauthorized();
    if (caller.me.kind !== 'staff') throw forbidden(onlyStaffJoin);
    if ((await hub.ownerOf(connectionId)) !== caller.me.userId) {
      throw fieldError('connectionId', 'No open live connection of yours has this id.');
    }
    return caller.me;
  };
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

  // Who is calling before what is sent: without a session 401, a customer 403, whatever the body.
  const sessionGuard = asAccessGuard(async (request) => {
    const caller = await callerOfRequest(runtime, request);
    if (!caller) throw unauthorized();
    if (caller.me.kind !== 'staff') throw forbidden(onlyStaffJoin);
  });
  app.post(
    '/api/PageViewing/JoinGroup',
    {
      preHandler: sessionGuard,
      schema: {
        tags: ['presence'],
        summary: 'Joins a page group for a live connection; answers who is viewing the page',
        body: JoinBody,
        response: { 200: Type.Array(Type.Ref('PresenceUser')), ...errors },
      },
    },
    async (request) => {
      const me = await ownerCheck(request, request.body.connectionId);
      return hub.join(
        me,
        request.body.connectionId,
        request.body.groupName,
        request.body.pageTitle,
        request.body.uri ?? '',
      );
    },
  );

  app.post(
    '/api/PageViewing/LeaveGroup',
    {
      preHandler: sessionGuard,
      schema: {
        tags: ['presence'],
        summary: 'Leaves a page group',
        body: LeaveBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = await ownerCheck(request, request.body.connectionId);
      await hub.leave(me, request.body.connectionId, request.body.groupName);
      reply.status(204).send(null);
    },
  );

  return hub;
}
