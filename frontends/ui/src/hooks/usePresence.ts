import { PRESENCE_RECONNECT_MS } from '@loadline/contracts';
import { useEffect, useRef, useState } from 'react';
import type { PresenceUser } from '../api/types.ts';
import { liveSocketUrl } from '../rules/presence.ts';

export type { PresenceUser };

export interface LiveEvent {
  groupName: string;
  subject: string;
  data: unknown;
}

/** What the hub sends (besides `acknowledge` and `error`, which this hook does not need). */
type ServerMessage =
  | { type: 'presence'; groupName: string; users: PresenceUser[] }
  | ({ type: 'event' } & LiveEvent)
  | { type: 'acknowledge' | 'error'; groupName?: undefined };

export interface PresenceOptions {
  /** Group and page title are required strings (001 §5); an empty group joins nothing. */
  groupName: string;
  pageTitle: string;
  uri: string;
  enabled: boolean;
  /**
   * Join the group's presence (default). Only authenticated back-office users join (001 §6); a
   * front-office page sets false to follow the group's live events without appearing in presence.
   */
  presence?: boolean;
  /** SHA-1 of the signed-in user's name, to leave oneself out of "who else is viewing". */
  selfUserNameSha1?: string;
  onEvent?: (event: LiveEvent) => void;
  /** For tests. */
  socketUrl?: string;
  reconnectMs?: number;
}

/**
 * Who else is viewing the page, over the gateway's WebSocket hub `ws(s)://<host>/api/live`: sends
 * `join` on open (and on every reconnect), `leave` when the page changes or unmounts; reconnects every
 * 5 s after a failure (001 §4, §9). The group's live events reach `onEvent`; with `presence: false` the
 * page only follows them (`follow` / `unfollow`).
 */
export function usePresence(options: PresenceOptions): { users: PresenceUser[]; connected: boolean } {
  const { groupName, pageTitle, uri, enabled, selfUserNameSha1 } = options;
  const presence = options.presence ?? true;
  const [users, setUsers] = useState<PresenceUser[]>([]);
  const [connected, setConnected] = useState(false);
  const onEvent = useRef(options.onEvent);
  onEvent.current = options.onEvent;
  const socketUrl = options.socketUrl;
  const reconnectMs = options.reconnectMs ?? PRESENCE_RECONNECT_MS;

  useEffect(() => {
    if (!enabled || groupName.trim() === '' || pageTitle.trim() === '') return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      socket = new WebSocket(socketUrl ?? liveSocketUrl(window.location));
      socket.onopen = () => {
        setConnected(true);
        socket?.send(
          JSON.stringify(
            presence ? { type: 'join', groupName, pageTitle, uri } : { type: 'follow', groupName },
          ),
        );
      };
      socket.onmessage = (message) => {
        let parsed: ServerMessage;
        try {
          parsed = JSON.parse(String(message.data)) as ServerMessage;
        } catch {
          return;
        }
        if (parsed.groupName !== groupName) return;
        if (parsed.type === 'presence') setUsers(Array.isArray(parsed.users) ? parsed.users : []);
        else if (parsed.type === 'event')
          onEvent.current?.({ groupName: parsed.groupName, subject: parsed.subject, data: parsed.data });
      };
      socket.onclose = () => {
        setConnected(false);
        setUsers([]);
        if (!stopped) retry = setTimeout(connect, reconnectMs);
      };
      // An error is followed by close, which schedules the reconnect.
      socket.onerror = () => {};
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(retry);
      const s = socket;
      if (s && s.readyState === WebSocket.OPEN)
        s.send(JSON.stringify({ type: presence ? 'leave' : 'unfollow', groupName }));
      s?.close();
      setUsers([]);
    };
  }, [enabled, presence, groupName, pageTitle, uri, socketUrl, reconnectMs]);

  const others = users.filter(
    (u, i, all) =>
      (!selfUserNameSha1 || u.UserNameSHA1?.toLowerCase() !== selfUserNameSha1.toLowerCase()) &&
      all.findIndex((v) => v.UserNameSHA1 === u.UserNameSHA1) === i,
  );
  return { users: others, connected };
}

/** Hex SHA-1 of a string (Web Crypto), for `selfUserNameSha1`. */
export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
