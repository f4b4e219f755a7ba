// The WebSocket hub (`/api/live`, the spec's pageViewingHub): a page joins a group (a
// shipment's id, an organization's id) to receive that group's live events, and to see who
// else is viewing it (spec 001 §3 presence user, §5, §6). Also the REST JoinGroup/LeaveGroup.
import { randomUUID } from 'node:crypto';
import type { WebSocket } from '@fastify/websocket';
import websocket from '@fastify/websocket';
import { StaffPermission } from '@loadline/contracts/catalogue';
import {
  type App,
  badRequest,
  ErrorBodySchema,
  forbidden,
  unauthorized,
  wireSubject,
} from '@loadline/platform';
import Type from 'typebox';
import type { Me } from '../auth/identity.ts';
import type { GatewayContext } from '../context.ts';
import {
  checkJoin,
  groupsOfEvent,
  type PresenceUser,
  softwareVendorCompany,
  userNameSha1,
} from '../domain/presence.ts';
import { callerOfRequest } from './auth.ts';

interface Connection {
  id: string;
  socket: WebSocket;
  me: Me;
  /** presence entries by group key */
  groups: Map<string, PresenceUser>;
}

export class LiveHub {
  readonly connections = new Map<string, Connection>();
  /** group key → connection ids; keys carry the broker so brokers never share a group */
  readonly groups = new Map<string, Set<string>>();

  private key(me: Me, groupName: string): string {
    return `${me.brokerId}|${groupName}`;
  }

  join(connection: Connection, groupName: string, pageTitle: string, uri: string): PresenceUser[] {
    const key = this.key(connection.me, groupName);
    const me = connection.me;
    connection.groups.set(key, {
      GroupName: groupName,
      PageTitle: pageTitle,
      Uri: uri,
      ConnectionId: connection.id,
      DateTimeJoined: new Date().toISOString(),
      DisplayName: me.displayName,
      Company: StaffPermission.has(me.permissions, 'ITSupportAdmin')
        ? softwareVendorCompany
        : me.organizationName,
      UserNameSHA1: userNameSha1(me.email),
    });
    let members = this.groups.get(key);
    if (!members) {
      members = new Set();
      this.groups.set(key, members);
    }
    members.add(connection.id);
    this.broadcastPresence(key, groupName);
    return this.presence(key);
  }

  leave(connection: Connection, groupName: string): void {
    const key = this.key(connection.me, groupName);
    if (!connection.groups.delete(key)) return;
    const members = this.groups.get(key);
    members?.delete(connection.id);
    if (members?.size === 0) this.groups.delete(key);
    this.broadcastPresence(key, groupName);
  }

  drop(connection: Connection): void {
    for (const [key, entry] of connection.groups) {
      connection.groups.delete(key);
      const members = this.groups.get(key);
      members?.delete(connection.id);
      if (members?.size === 0) this.groups.delete(key);
      this.broadcastPresence(key, entry.GroupName);
    }
    this.connections.delete(connection.id);
  }

  presence(key: string): PresenceUser[] {
    const users: PresenceUser[] = [];
    for (const id of this.groups.get(key) ?? []) {
      const entry = this.connections.get(id)?.groups.get(key);
      if (entry) users.push(entry);
    }
    return users;
  }

  private broadcastPresence(key: string, groupName: string): void {
    this.send(key, { type: 'presence', groupName, users: this.presence(key) });
  }

  /** Pushes an event to every group it concerns, within the broker it belongs to. */
  publishEvent(subject: string, data: unknown): void {
    for (const groupName of groupsOfEvent(data)) {
      for (const key of this.groups.keys()) {
        if (key.endsWith(`|${groupName}`)) this.send(key, { type: 'event', groupName, subject, data });
      }
    }
  }

  private send(key: string, message: unknown): void {
    const text = JSON.stringify(message);
    for (const id of this.groups.get(key) ?? []) {
      const socket = this.connections.get(id)?.socket;
      if (socket?.readyState === 1) socket.send(text);
    }
  }
}

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

export async function registerLiveHub(app: App, ctx: GatewayContext): Promise<LiveHub> {
  const hub = new LiveHub();
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.addSchema(PresenceUserSchema);

  // Live events: every message on the stream's subjects, straight from NATS core.
  const subscription = ctx.runtime.nats.subscribe(wireSubject(ctx.runtime.config.eventNamespace, 'tms.>'), {
    callback: (error, msg) => {
      if (error) return;
      try {
        const envelope = msg.json<{ subject: string; data: unknown }>();
        hub.publishEvent(envelope.subject, envelope.data);
      } catch {
        /* not an envelope: nothing to push */
      }
    },
  });
  app.addHook('onClose', async () => subscription.unsubscribe());

  app.get('/api/live', { websocket: true, schema: { hide: true } }, (socket, request) => {
    // Listen at once: a message sent right after the socket opens must not be lost while
    // the session is being looked up.
    const ready = callerOfRequest(ctx, request).then((caller) => {
      if (!caller) {
        socket.close(4401, 'Please log in to continue.');
        return null;
      }
      const connection: Connection = { id: randomUUID(), socket, me: caller.me, groups: new Map() };
      hub.connections.set(connection.id, connection);
      socket.send(JSON.stringify({ type: 'acknowledge', connectionId: connection.id }));
      return connection;
    });
    socket.on('message', async (raw: Buffer) => {
      const connection = await ready;
      if (!connection) return;
      let message: { type?: string; groupName?: unknown; pageTitle?: unknown; uri?: unknown };
      try {
        message = JSON.parse(String(raw));
      } catch {
        socket.send(JSON.stringify({ type: 'error', message: 'Messages must be JSON.' }));
        return;
      }
      if (message.type === 'join') {
        // 001 §6: only authenticated back-office users join presence groups.
        if (connection.me.kind !== 'staff') {
          socket.send(JSON.stringify({ type: 'error', message: 'Only broker staff can join page groups.' }));
          return;
        }
        const problem = checkJoin(message);
        if (problem) {
          socket.send(JSON.stringify({ type: 'error', message: problem }));
          return;
        }
        hub.join(connection, String(message.groupName), String(message.pageTitle), String(message.uri ?? ''));
      } else if (message.type === 'leave' && typeof message.groupName === 'string') {
        hub.leave(connection, message.groupName);
      }
    });
    socket.on('close', async () => {
      const connection = await ready;
      if (connection) hub.drop(connection);
    });
  });

  const connectionOf = async (request: import('fastify').FastifyRequest, connectionId: string) => {
    const caller = await callerOfRequest(ctx, request);
    if (!caller) throw unauthorized();
    if (caller.me.kind !== 'staff') throw forbidden('Only broker staff can join page groups.');
    const connection = hub.connections.get(connectionId);
    if (!connection || connection.me.userId !== caller.me.userId) {
      throw badRequest('connectionId: no open live connection of yours has this id.', {
        'model.connectionId': ['No open live connection of yours has this id.'],
      });
    }
    return connection;
  };
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

  app.post(
    '/api/PageViewing/JoinGroup',
    {
      schema: {
        tags: ['presence'],
        summary: 'Joins a page group for a live connection; answers who is viewing the page',
        body: JoinBody,
        response: { 200: Type.Array(Type.Ref('PresenceUser')), ...errors },
      },
    },
    async (request) => {
      const connection = await connectionOf(request, request.body.connectionId);
      return hub.join(connection, request.body.groupName, request.body.pageTitle, request.body.uri ?? '');
    },
  );

  app.post(
    '/api/PageViewing/LeaveGroup',
    {
      schema: {
        tags: ['presence'],
        summary: 'Leaves a page group',
        body: LeaveBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const connection = await connectionOf(request, request.body.connectionId);
      hub.leave(connection, request.body.groupName);
      reply.status(204).send(null);
    },
  );

  return hub;
}
