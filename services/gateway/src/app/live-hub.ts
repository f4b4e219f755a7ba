// The live hub's picture of who views what (the spec's pageViewingHub: 001 §3 presence user, §5, §6): the
// sockets this replica holds, the groups they joined or follow, and the events pushed to them.
//
// Several gateway replicas share one picture: who is in which group lives in Redis, and every change is
// announced on NATS (core, not JetStream: presence is ephemeral), so each replica re-sends the group's
// presence to the sockets it holds. Live events reach every replica through its own NATS subscription, of
// only the subjects the hub pushes (its allow-list), so the busy subjects between services cost nothing.
import { StaffPermission } from '@loadline/contracts/catalogue';
import { wireSubject } from '@loadline/platform';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import type { Redis } from 'ioredis';
import type { Me } from '../domain/identity.ts';
import { dataFor, liveDeliveries, liveProjections, mayReceive } from '../domain/live-events.ts';
import {
  checkFollow,
  checkJoin,
  type PresenceUser,
  softwareVendorCompany,
  unknownMessageType,
  userNameSha1,
} from '../domain/presence.ts';

/** What the hub needs of a WebSocket (the ws library's, as @fastify/websocket gives it). */
export interface LiveSocket {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/** 001 §6: presence is the back office's. */
export const onlyStaffJoin = 'Only broker staff can join page groups.';

export interface Connection {
  id: string;
  socket: LiveSocket;
  me: Me;
  /** the session it was opened with: ended sessions close their connections (decision 0009) */
  sessionId: string;
}

/** The core NATS subject on which a replica tells the others that sessions ended. */
const sessionsEndedSubject = (namespace: string) => wireSubject(namespace, 'gateway.sessions-ended');

/** Tells every gateway replica (this one included) to close the live connections of these sessions. */
export function announceSessionsEnded(
  runtime: { nats: NatsConnection; config: { eventNamespace: string } },
  sessionIds: readonly string[],
): void {
  if (runtime.nats.isClosed() || runtime.nats.isDraining()) return;
  runtime.nats.publish(sessionsEndedSubject(runtime.config.eventNamespace), JSON.stringify({ sessionIds }));
}

/** A connection is alive while its replica keeps renewing this mark. */
const connectionTtlSeconds = 60;
const renewEverySeconds = 20;

type PresenceMessage =
  | { type: 'join' | 'leave'; key: string; groupName: string; connectionId: string }
  | { type: 'changed'; key: string; groupName: string };

/** Group keys carry the broker, so two brokers never share a group. */
const groupKey = (brokerId: string, groupName: string) => `${brokerId}|${groupName}`;

/**
 * Ours: the ids of the latest events the hub pushed, remembered so that an event published twice reaches a
 * screen once. The hub hears every publish on the subject, JetStream's dropped copies included: a relay's
 * retry, or a row its writer's relay published as written and a read published again (decision 0107).
 * At 100 events a second, this is the last 40 seconds.
 */
export const liveEventIdsRemembered = 4096;

export class LiveHub {
  /** sockets this replica holds */
  readonly connections = new Map<string, Connection>();
  /** group key → ids of this replica's connections in it */
  readonly localGroups = new Map<string, Set<string>>();
  private readonly redis: Redis;
  private readonly nats: NatsConnection;
  private readonly presenceSubject: string;
  private readonly prefix: string;
  private readonly subscriptions: Subscription[] = [];
  /** ids of the events pushed lately, oldest first (`liveEventIdsRemembered`) */
  private readonly pushedEventIds = new Set<string>();

  /** Failures of background work are logged, never thrown: a bad message must not stop the hub. */
  private readonly onError: (error: unknown, what: string) => void;

  private readonly namespace: string;
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    redis: Redis,
    nats: NatsConnection,
    namespace: string,
    keyPrefix: string,
    onError: (error: unknown, what: string) => void,
  ) {
    this.onError = onError;
    this.redis = redis;
    this.nats = nats;
    this.namespace = namespace;
    this.prefix = keyPrefix;
    this.presenceSubject = wireSubject(namespace, 'gateway.presence');
  }

  /**
   * Subscribes to presence changes, ended sessions and the live events, and starts renewing this replica's
   * connections. Not done when the hub is made, so the HTTP app builds with no server reachable.
   */
  start(): void {
    const nats = this.nats;
    this.subscriptions.push(
      nats.subscribe(this.presenceSubject, {
        callback: (error, msg) => {
          if (error) return;
          this.onPresenceMessage(msg.json<PresenceMessage>()).catch((e) =>
            this.onError(e, 'presence message'),
          );
        },
      }),
    );
    this.subscriptions.push(
      nats.subscribe(sessionsEndedSubject(this.namespace), {
        callback: (error, msg) => {
          if (error) return;
          const ended = new Set(msg.json<{ sessionIds: string[] }>().sessionIds);
          for (const connection of this.connections.values()) {
            if (ended.has(connection.sessionId)) connection.socket.close(4401, 'Please log in to continue.');
          }
        },
      }),
    );
    for (const subject of Object.keys(liveProjections)) {
      this.subscriptions.push(
        nats.subscribe(wireSubject(this.namespace, subject), {
          callback: (error, msg) => {
            // No socket of this replica is in any group: nothing to push, so the event is not even read
            // (every shipment.updated of the system passes here).
            if (error || this.localGroups.size === 0) return;
            try {
              const envelope = msg.json<{ id?: string; subject: string; data: unknown }>();
              if (this.pushedBefore(envelope.id)) return;
              this.publishEvent(envelope.subject, envelope.data);
            } catch {
              /* not an envelope: nothing to push */
            }
          },
        }),
      );
    }
    this.renewal = setInterval(
      () => this.renew().catch((e) => this.onError(e, 'renewal')),
      renewEverySeconds * 1000,
    );
    this.renewal.unref();
  }

  /** Whether an event of this id was pushed lately; remembers it otherwise. */
  private pushedBefore(eventId: string | undefined): boolean {
    if (eventId === undefined) return false;
    const id = eventId.toLowerCase();
    if (this.pushedEventIds.has(id)) return true;
    this.pushedEventIds.add(id);
    if (this.pushedEventIds.size > liveEventIdsRemembered) {
      const oldest = this.pushedEventIds.values().next().value;
      if (oldest !== undefined) this.pushedEventIds.delete(oldest);
    }
    return false;
  }

  private groupHash = (key: string) => `${this.prefix}presence:group:${key}`;
  private aliveKey = (connectionId: string) => `${this.prefix}presence:connection:${connectionId}`;

  async open(connection: Connection): Promise<void> {
    this.connections.set(connection.id, connection);
    await this.redis.set(this.aliveKey(connection.id), connection.me.userId, 'EX', connectionTtlSeconds);
  }

  /** The user a connection belongs to, wherever its socket is held. */
  ownerOf(connectionId: string): Promise<string | null> {
    return this.redis.get(this.aliveKey(connectionId));
  }

  async join(
    me: Me,
    connectionId: string,
    groupName: string,
    pageTitle: string,
    uri: string,
  ): Promise<PresenceUser[]> {
    const key = groupKey(me.brokerId, groupName);
    const entry: PresenceUser = {
      GroupName: groupName,
      PageTitle: pageTitle,
      Uri: uri,
      ConnectionId: connectionId,
      DateTimeJoined: new Date().toISOString(),
      DisplayName: me.displayName,
      Company: StaffPermission.has(me.permissions, 'ITSupportAdmin')
        ? softwareVendorCompany
        : me.organizationName,
      UserNameSHA1: userNameSha1(me.email),
    };
    await this.redis.hset(this.groupHash(key), connectionId, JSON.stringify(entry));
    this.addLocal(key, connectionId);
    this.announce({ type: 'join', key, groupName, connectionId });
    return this.presence(key);
  }

  async leave(me: Me, connectionId: string, groupName: string): Promise<void> {
    const key = groupKey(me.brokerId, groupName);
    await this.redis.hdel(this.groupHash(key), connectionId);
    this.removeLocal(key, connectionId);
    this.announce({ type: 'leave', key, groupName, connectionId });
  }

  async drop(connection: Connection): Promise<void> {
    this.connections.delete(connection.id);
    await this.redis.del(this.aliveKey(connection.id));
    for (const [key, members] of this.localGroups) {
      if (!members.has(connection.id)) continue;
      this.removeLocal(key, connection.id);
      await this.redis.hdel(this.groupHash(key), connection.id);
      this.announce({ type: 'changed', key, groupName: key.slice(key.indexOf('|') + 1) });
    }
  }

  /** Everyone viewing a group, on any replica; entries of connections that died are cleared. */
  async presence(key: string): Promise<PresenceUser[]> {
    const entries = await this.redis.hgetall(this.groupHash(key));
    const ids = Object.keys(entries);
    if (ids.length === 0) return [];
    const alive = await this.redis.mget(...ids.map((id) => this.aliveKey(id)));
    const dead = ids.filter((_, i) => alive[i] === null);
    if (dead.length > 0) await this.redis.hdel(this.groupHash(key), ...dead);
    return ids
      .filter((_, i) => alive[i] !== null)
      .map((id) => JSON.parse(entries[id]!) as PresenceUser)
      .sort((a, b) => a.DateTimeJoined.localeCompare(b.DateTimeJoined));
  }

  /**
   * Follows a group's live events without presence: a customer's page (001 §6 keeps customers out of
   * presence), which receives only its own organization's events. Held by this replica alone: every
   * replica receives every event.
   */
  follow(connectionId: string, me: Me, groupName: string): void {
    this.addLocal(groupKey(me.brokerId, groupName), connectionId);
  }

  unfollow(connectionId: string, me: Me, groupName: string): void {
    this.removeLocal(groupKey(me.brokerId, groupName), connectionId);
  }

  /**
   * A message a connection sent (join, leave, follow or unfollow a group), already read as a JSON object:
   * acted on, or the problem to tell the sender.
   */
  async receive(
    connection: Connection,
    m: { type?: unknown; groupName?: unknown; pageTitle?: unknown; uri?: unknown },
  ): Promise<string | undefined> {
    if (m.type === 'join') {
      // 001 §6: only authenticated back-office users join presence groups.
      if (connection.me.kind !== 'staff') return onlyStaffJoin;
      const problem = checkJoin(m);
      if (problem) return problem;
      await this.join(
        connection.me,
        connection.id,
        String(m.groupName),
        String(m.pageTitle),
        String(m.uri ?? ''),
      );
    } else if (m.type === 'leave' && typeof m.groupName === 'string') {
      await this.leave(connection.me, connection.id, m.groupName);
    } else if (m.type === 'follow' || m.type === 'unfollow') {
      const problem = checkFollow(m);
      if (problem) return problem;
      if (m.type === 'follow') this.follow(connection.id, connection.me, String(m.groupName));
      else this.unfollow(connection.id, connection.me, String(m.groupName));
    } else {
      return unknownMessageType;
    }
    return undefined;
  }

  /**
   * Pushes an event to the groups it concerns, only within the broker it belongs to: to its staff, and to
   * the users of the customer organization the event names, each as far as the event's access level lets
   * them (`mayReceive`).
   */
  publishEvent(subject: string, data: unknown): void {
    for (const delivery of liveDeliveries(subject, data)) {
      for (const groupName of delivery.groups) {
        const key = groupKey(delivery.brokerId, groupName);
        if (!this.localGroups.has(key)) continue;
        for (const id of this.localGroups.get(key) ?? []) {
          const connection = this.connections.get(id);
          if (connection?.socket.readyState !== 1 || !mayReceive(delivery, connection.me)) continue;
          connection.socket.send(
            JSON.stringify({
              type: 'event',
              groupName,
              subject: delivery.subject ?? subject,
              data: dataFor(delivery, connection.me),
            }),
          );
        }
      }
    }
  }

  async close(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    for (const s of this.subscriptions) s.unsubscribe();
  }

  private announce(message: PresenceMessage): void {
    if (this.nats.isClosed() || this.nats.isDraining()) return;
    try {
      this.nats.publish(this.presenceSubject, JSON.stringify(message));
    } catch (error) {
      this.onError(error, 'presence announcement');
    }
  }

  private async onPresenceMessage(message: PresenceMessage): Promise<void> {
    // A join or leave made through REST on another replica concerns a socket held here.
    if (message.type === 'join' && this.connections.has(message.connectionId)) {
      this.addLocal(message.key, message.connectionId);
    }
    if (message.type === 'leave') this.removeLocal(message.key, message.connectionId);
    if (!this.localGroups.has(message.key)) return;
    const users = await this.presence(message.key);
    this.sendLocal(message.key, { type: 'presence', groupName: message.groupName, users });
  }

  private async renew(): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const id of this.connections.keys()) pipeline.expire(this.aliveKey(id), connectionTtlSeconds);
    await pipeline.exec().catch(() => undefined);
  }

  private addLocal(key: string, connectionId: string): void {
    if (!this.connections.has(connectionId)) return;
    let members = this.localGroups.get(key);
    if (!members) {
      members = new Set();
      this.localGroups.set(key, members);
    }
    members.add(connectionId);
  }

  private removeLocal(key: string, connectionId: string): void {
    const members = this.localGroups.get(key);
    members?.delete(connectionId);
    if (members?.size === 0) this.localGroups.delete(key);
  }

  private sendLocal(key: string, message: unknown): void {
    const text = JSON.stringify(message);
    for (const id of this.localGroups.get(key) ?? []) {
      const connection = this.connections.get(id);
      if (connection?.socket.readyState === 1) connection.socket.send(text);
    }
  }
}
